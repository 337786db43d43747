/**
 * The BI server's version, for operations whose endpoint or request differs between the versions
 * users run (9.3, 10.2, 11.x): asked once per execution with `GET /api/version/show`, which answers
 * the platform's version number as text (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/VersionResource.java@9.3.0.0-422
 * and @HEAD). Real servers answer the build with a dot ("9.3.0.0.428"); "9.3.0.0-428" is read the same. A server that does not answer it (a standalone worker, a proxy that
 * hides it) gives `undefined`: callers then use what works on the most versions, or say that the
 * version could not be told.
 */
import { dataflowRequest, type RequestContext } from './transport';

export interface ServerVersion {
	/** What the server said, e.g. "10.2.0.0-222". */
	raw: string;
	major: number;
	minor: number;
	/** This version is the given one ('10.3', '11', '9.3.0', or a build such as '10.2.0.2-300') or newer. */
	atLeast(version: string): boolean;
}

/** '10.2.0.2.300' and '10.2.0.2-300' → [10, 2, 0, 2, 300]: the fifth part is the build number. */
function parts(version: string): number[] {
	return version
		.split(/[.-]/)
		.slice(0, 5)
		.map((p) => Number(p))
		.filter((n) => Number.isFinite(n));
}

/** Reads "10.2.0.0-222" (or "10.2", "11.0-SNAPSHOT"); undefined when it is not a version. */
export function parseServerVersion(text: unknown): ServerVersion | undefined {
	const raw = String(text ?? '').trim();
	const match = /^(\d+)\.(\d+)(?:\.\d+)*(?:[-.][\w.-]*)?$/.exec(raw);
	if (!match) return undefined;
	const own = parts(raw);
	return {
		raw,
		major: Number(match[1]),
		minor: Number(match[2]),
		atLeast(version: string) {
			const other = parts(version);
			for (let i = 0; i < Math.max(own.length, other.length); i++) {
				const d = (own[i] ?? 0) - (other[i] ?? 0);
				if (d !== 0) return d > 0;
			}
			return true;
		},
	};
}

const cache = new WeakMap<object, Promise<ServerVersion | undefined>>();

export async function serverVersion(ctx: RequestContext, itemIndex?: number): Promise<ServerVersion | undefined> {
	let entry = cache.get(ctx);
	if (!entry) {
		entry = dataflowRequest<string>(ctx, {
			method: 'GET',
			path: '/api/version/show',
			expect: 'text',
			okStatuses: [403, 404, 405],
			checkWebResult: false,
			itemIndex,
		}).then((response) => (response.status === 200 ? parseServerVersion(response.body) : undefined));
		cache.set(ctx, entry);
		entry.catch(() => cache.delete(ctx));
	}
	return entry;
}
