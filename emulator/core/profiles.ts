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
 * Versions: the build of each profile; `GET /api/version/show` answers it with dots only (core/app.ts).
 */
/**
 * '10.2sp' is the newest 10.2 service pack whose build is tagged in pentaho-platform (10.2.0.10-434,
 * pentaho-platform@5ab99cf66a): service packs ship fixes and backports that 10.2 GA (10.2.0.0-222)
 * lacks, so both are played. The name stays '10.2sp' when a newer service pack is chosen (only its
 * build below changes), and test titles read "[server 10.2sp]".
 */
export type ProfileName = '9.3' | '10.2' | '10.2sp' | '11.0';

export const PROFILE_NAMES: ProfileName[] = ['9.3', '10.2', '10.2sp', '11.0'];

export interface ServerProfile {
	name: ProfileName;
	major: number;
	minor: number;
	/** The build played, e.g. '9.3.0.0-428'. */
	build: string;
	/** What `GET /api/version/show` answers: the build's parts joined with dots, e.g. '9.3.0.0.428' (core/app.ts). */
	versionNumber: string;
	/** How the platform's REST resources write JSON. */
	jsonStyle: 'jersey1' | 'jackson';
	/**
	 * The Tomcat the server ships (its error report names it): `tomcat.version` of
	 * pentaho/maven-parent-poms:pom.xml at the build's tag (9.3.0.0-422: 9.0.50, 10.2.0.0-222: 9.0.86,
	 * 10.2.0.10-434: 9.0.120, 11.0.0.0-237: 10.1.48), not overridden by pentaho-platform's assemblies.
	 */
	tomcatVersion: string;
	/**
	 * Whether this version is the given one or newer. Compared on as many parts as the argument has, the
	 * build number included: '10.3', '11', '9.3.0', or a whole build such as '10.2.0.2-300' (service packs are
	 * builds of their own, so a change that first shipped in a service-pack build is asked for by that build).
	 */
	atLeast(version: string): boolean;
	/** Whether this version is older than the given one (same comparison as atLeast). */
	before(version: string): boolean;
}

const VERSION_NUMBERS: Record<ProfileName, string> = {
	'9.3': '9.3.0.0-428',
	'10.2': '10.2.0.0-222',
	'10.2sp': '10.2.0.10-434',
	'11.0': '11.0.0.0-237',
};

const TOMCAT_VERSIONS: Record<ProfileName, string> = {
	'9.3': '9.0.50',
	'10.2': '9.0.86',
	'10.2sp': '9.0.120',
	'11.0': '10.1.48',
};

function compare(a: number[], b: number[]): number {
	for (let i = 0; i < Math.max(a.length, b.length); i++) {
		const d = (a[i] ?? 0) - (b[i] ?? 0);
		if (d !== 0) return d;
	}
	return 0;
}

/** '10.2.0.2-300' → [10, 2, 0, 2, 300]; '10.3' → [10, 3]; the build number is the fifth part. */
function parts(version: string): number[] {
	return version
		.split(/[.-]/)
		.slice(0, 5)
		.map((p) => Number(p))
		.filter((n) => Number.isFinite(n));
}

/** Compares the profile's whole version with `wanted` on as many parts as `wanted` has. */
function compareTo(own: number[], wanted: string): number {
	const other = parts(wanted);
	return compare(own.slice(0, other.length), other);
}

/**
 * A profile, optionally played at another build of the same line (`build`, e.g. '10.2.0.2-289' on '10.2sp'):
 * every area asks `atLeast(build)` where behaviour changed at a build, so a test can stand on either side of a
 * boundary the tags' history placed. The line's JSON style and Tomcat stay the profile's.
 */
export function serverProfile(name: ProfileName = '11.0', build?: string): ServerProfile {
	if (!PROFILE_NAMES.includes(name)) throw new Error(`Unknown server profile ${name} (one of ${PROFILE_NAMES.join(', ')})`);
	if (build !== undefined && (parts(build).length !== 5 || parts(build).slice(0, 2).join('.') !== parts(VERSION_NUMBERS[name]).slice(0, 2).join('.'))) {
		throw new Error(`The build ${build} is not a whole build of the ${name} line (for example ${VERSION_NUMBERS[name]})`);
	}
	const own = parts(build ?? VERSION_NUMBERS[name]);
	const [major, minor] = own;
	return {
		name,
		major,
		minor,
		build: build ?? VERSION_NUMBERS[name],
		versionNumber: own.join('.'),
		jsonStyle: major >= 11 ? 'jackson' : 'jersey1',
		tomcatVersion: TOMCAT_VERSIONS[name],
		atLeast: (version) => compareTo(own, version) >= 0,
		before: (version) => compareTo(own, version) < 0,
	};
}
