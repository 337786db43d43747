/**
 * Behaviour tests that must hold on every server version users run: `describeEachProfile` runs the
 * block once per emulator profile (9.3, 10.2, 10.2sp, 11.0: emulator/core/profiles.ts), with the profile name
 * to pass to `useEmulator({ profile })`.
 */
import { PROFILE_NAMES, type ProfileName } from '../../emulator/core/profiles';

export const PROFILES: ProfileName[] = [...PROFILE_NAMES];

export function describeEachProfile(title: string, block: (profile: ProfileName) => void): void {
	for (const profile of PROFILES) {
		describe(`${title} [server ${profile}]`, () => block(profile));
	}
}
