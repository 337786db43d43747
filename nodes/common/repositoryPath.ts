/**
 * Repository paths as users write them (`/home/admin/sales.ktr`) and as the server addresses them:
 * a path id, where colons replace the slashes (`:home:admin:sales.ktr`) and a colon inside a name
 * travels as a tab (`/public/a:b` → `:public:a\tb`), exactly as the server's decoder reads it
 * (pentaho-platform:core/src/main/java/org/pentaho/platform/util/RepositoryPathEncoder.java
 * `encodeRepositoryPath`/`decodeRepositoryPath` and extensions/.../resources/utils/FileUtils.java
 * `idToPath`, identical at 9.3.0.0-422, 10.2.0.0-222 and 727e5c86 (11.x)).
 */

import { InputError } from './inputError';

export class RepositoryPathError extends InputError {}

/**
 * Checks a repository path and returns its segments. A path starts with `/`; one trailing slash
 * is allowed (`/public/`); empty segments (`/a//b`), `.` and `..` segments and tabs (which stand
 * for ":" in a path id, and which the repository reserves) are refused. A colon in a name is
 * allowed: the repository stores such names.
 */
export function pathSegments(path: unknown, label = 'Path'): string[] {
	if (typeof path !== 'string' || path.trim() === '') {
		throw new RepositoryPathError(`${label} is empty: give a repository path such as /home/admin/sales.ktr`);
	}
	const text = path.trim();
	if (!text.startsWith('/')) {
		// "public/etl" means /public/etl, not /public/public/etl.
		const example = /^(public|home|etc)(\/|$)/i.test(text) ? `/${text}` : `/public/${text}`;
		throw new RepositoryPathError(`${label} "${text}" must start with "/" (for example ${example})`);
	}
	if (text === '/') return [];
	const body = text.endsWith('/') ? text.slice(1, -1) : text.slice(1);
	const segments = body.split('/');
	for (const segment of segments) {
		if (segment === '') {
			throw new RepositoryPathError(`${label} "${text}" has an empty segment ("//")`);
		}
		if (segment === '.' || segment === '..') {
			throw new RepositoryPathError(`${label} "${text}" may not contain "${segment}" segments`);
		}
		if (/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(segment)) {
			throw new RepositoryPathError(`${label} "${text}" contains a broken Unicode character that cannot be sent`);
		}
		if (segment.includes('\t')) {
			throw new RepositoryPathError(`${label} "${text}": the name contains a tab, which the repository reserves`);
		}
	}
	return segments;
}

/** `/` and `/public/` style paths normalised: `/public`. */
export function normalizePath(path: unknown, label?: string): string {
	return '/' + pathSegments(path, label).join('/');
}

/** `/home/admin/a b.ktr` → `:home:admin:a b.ktr`; `/public/a:b` → `:public:a\tb`; `/` → `:`. */
export function toPathId(path: unknown, label?: string): string {
	return ':' + pathSegments(path, label).map((segment) => segment.replace(/:/g, '\t')).join(':');
}

/** A path id as one URL path segment: percent-encoded, colons kept readable. */
export function encodePathId(pathId: string): string {
	return encodeURIComponent(pathId).replace(/%3A/gi, ':');
}

/** The URL path segment for a repository path: `/home/admin/a b.ktr` → `:home:admin:a%20b.ktr`. */
export function pathIdSegment(path: unknown, label?: string): string {
	return encodePathId(toPathId(path, label));
}

/** The last segment of a path (its file or folder name); '' for the root. Does not validate. */
export function baseName(path: string): string {
	const parts = path.split('/').filter(Boolean);
	return parts[parts.length - 1] ?? '';
}
