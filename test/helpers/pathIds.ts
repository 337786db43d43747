/**
 * The inverse of nodes/common/repositoryPath.ts `toPathId`, as the server decodes a path id
 * (pentaho-platform FileUtils.idToPath / RepositoryPathEncoder.decodeRepositoryPath): tests use it as
 * the oracle of the round trip; no node needs it, so it lives here.
 */
import { RepositoryPathError } from '../../nodes/common/repositoryPath';

/** `:home:admin:a b.ktr` (the leading colon may be missing; a tab is a colon in a name) → `/home/admin/a b.ktr`. */
export function fromPathId(pathId: unknown): string {
	if (typeof pathId !== 'string' || pathId.trim() === '') {
		throw new RepositoryPathError('Path id is empty');
	}
	const text = pathId.trim();
	const body = text.startsWith(':') ? text.slice(1) : text;
	if (body === '') return '/';
	const segments = body.split(':');
	if (segments.some((s) => s === '')) {
		throw new RepositoryPathError(`Path id "${text}" has an empty segment ("::")`);
	}
	return '/' + segments.map((segment) => segment.replace(/\t/g, ':')).join('/');
}
