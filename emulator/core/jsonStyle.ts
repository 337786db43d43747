/**
 * Jersey 1's JAXB "mapped" JSON, as 9.x and 10.x platforms write it
 * (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JAXBContextResolver.java@9.3.0.0-422):
 * every scalar is a string ("true", "42"), a list with one element is written as that element alone,
 * an empty list and a null value are left out. Element names listed in `arrays` stay arrays (the
 * resolver's `arrays(...)` configuration), as do all lists when `arrays` is 'all'.
 *
 * Areas build the typed value once and call `styled(app.profile, value)` to answer in the version's style.
 */
import type { ServerProfile } from './profiles';

export interface Jersey1Options {
	/** Property names whose lists stay arrays even with one element. */
	arrays?: string[];
}

function convert(value: unknown, key: string | undefined, options: Jersey1Options): unknown {
	if (value === null || value === undefined) return undefined;
	if (Array.isArray(value)) {
		const items = value.map((v) => convert(v, undefined, options)).filter((v) => v !== undefined);
		if (items.length === 0) return undefined;
		if (items.length === 1 && !(key && options.arrays?.includes(key))) return items[0];
		return items;
	}
	if (typeof value === 'object') {
		const out: Record<string, unknown> = {};
		for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
			const converted = convert(v, k, options);
			if (converted !== undefined) out[k] = converted;
		}
		return out;
	}
	return String(value);
}

export function jersey1Json(value: unknown, options: Jersey1Options = {}): unknown {
	return convert(value, undefined, options) ?? null;
}

/** The value as the profile's platform writes it: Jersey 1 mapped JSON, or Jackson's typed JSON unchanged. */
export function styled(profile: Pick<ServerProfile, 'jsonStyle'>, value: unknown, options: Jersey1Options = {}): unknown {
	return profile.jsonStyle === 'jersey1' ? jersey1Json(value, options) : value;
}
