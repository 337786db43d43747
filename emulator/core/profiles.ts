/**
 * Server-version profiles: the real servers differ by version (JSON style, paths, which fields they
 * read, status codes), so the emulator can play each version users run. Areas ask
 * `app.profile.atLeast('10.3')` or read `app.profile.jsonStyle`; tests run behaviour against every
 * profile with `describeEachProfile` (test/helpers/profiles.ts).
 *
 * JSON style, from the platform's JAX-RS set-up:
 * - 9.x and 10.x (Jersey 1): pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JAXBContextResolver.java@9.3.0.0-422
 *   (JAXB "mapped" JSON: every scalar a string, a one-element list as a bare object, an empty list left out).
 * - 11.x (Jersey 3 with Jackson): pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JAXRSApplication.java@HEAD
 *   (typed JSON: numbers and booleans as such, lists always arrays).
 * Versions: pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/VersionResource.java@HEAD
 * (`GET /api/version/show`, text/plain, the platform's version number).
 */
export type ProfileName = '9.3' | '10.2' | '11.0';

export const PROFILE_NAMES: ProfileName[] = ['9.3', '10.2', '11.0'];

export interface ServerProfile {
	name: ProfileName;
	major: number;
	minor: number;
	/** What `GET /api/version/show` answers. */
	versionNumber: string;
	/** How the platform's REST resources write JSON. */
	jsonStyle: 'jersey1' | 'jackson';
	/** Whether this version is the given one or newer ('10.3', '11', '9.3.0'). */
	atLeast(version: string): boolean;
	/** Whether this version is older than the given one. */
	before(version: string): boolean;
}

const VERSION_NUMBERS: Record<ProfileName, string> = {
	'9.3': '9.3.0.0-428',
	'10.2': '10.2.0.0-222',
	'11.0': '11.0.0.0-237',
};

function compare(a: number[], b: number[]): number {
	for (let i = 0; i < Math.max(a.length, b.length); i++) {
		const d = (a[i] ?? 0) - (b[i] ?? 0);
		if (d !== 0) return d;
	}
	return 0;
}

function parts(version: string): number[] {
	return version
		.split(/[.-]/)
		.slice(0, 4)
		.map((p) => Number(p))
		.filter((n) => Number.isFinite(n));
}

export function serverProfile(name: ProfileName = '11.0'): ServerProfile {
	if (!PROFILE_NAMES.includes(name)) throw new Error(`Unknown server profile ${name} (one of ${PROFILE_NAMES.join(', ')})`);
	const [major, minor] = parts(name);
	const own = [major, minor];
	return {
		name,
		major,
		minor,
		versionNumber: VERSION_NUMBERS[name],
		jsonStyle: major >= 11 ? 'jackson' : 'jersey1',
		atLeast: (version) => compare(own, parts(version)) >= 0,
		before: (version) => compare(own, parts(version)) < 0,
	};
}
