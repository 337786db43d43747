/**
 * Starting the emulator from tests: one emulator per test file (started in beforeAll, stopped in
 * afterAll), with credentials for the harness that point at it.
 */
import type { ICredentialDataDecryptedObject } from 'n8n-workflow';

import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../emulator';
import { catalogCredentials, serverCredentials } from '../harness';

export interface EmulatorFixture {
	/** The running emulator (set in beforeAll). */
	readonly emulator: RunningEmulator;
	/** Server credential data for a user of the emulator (default admin). */
	server(overrides?: ICredentialDataDecryptedObject & { user?: string }): ICredentialDataDecryptedObject;
	/** Catalog credential data for a user of the emulator (default analyst). */
	catalog(overrides?: ICredentialDataDecryptedObject & { user?: string }): ICredentialDataDecryptedObject;
	/** Requests the emulator saw since the last reset, as "METHOD /path". */
	requests(): string[];
	resetRequests(): void;
}

/** Registers beforeAll/afterAll hooks that run an emulator for the current test file. */
export function useEmulator(options: EmulatorOptions = {}): EmulatorFixture {
	let running: RunningEmulator | undefined;
	beforeAll(async () => {
		running = await startEmulator({ jobDurationMs: 300, ...options });
	});
	afterAll(async () => {
		await running?.stop();
	});
	const get = () => {
		if (!running) throw new Error('The emulator is not running (use the fixture inside tests)');
		return running;
	};
	const userOf = (name: string) => {
		const user = get().app.users.find((u) => u.name === name);
		if (!user) throw new Error(`The emulator has no user ${name}`);
		return user;
	};
	return {
		get emulator() {
			return get();
		},
		server({ user = 'admin', ...overrides } = {}) {
			const u = userOf(String(user));
			return serverCredentials(get().url, { username: u.name, password: u.password, ...overrides });
		},
		catalog({ user = 'analyst', ...overrides } = {}) {
			const u = userOf(String(user));
			return catalogCredentials(get().catalogUrl, { username: u.name, password: u.password, ...overrides });
		},
		requests() {
			return get().app.requests.map((r) => `${r.method} ${r.path}`);
		},
		resetRequests() {
			get().app.requests.length = 0;
		},
	};
}
