/**
 * The real-n8n check: `n8n start` on 127.0.0.1 with the package installed (the session's, when a
 * manual-run scenario already started it), owner setup and login,
 * then every node and credential type the package declares (derived from package.json's `n8n`
 * block) must be listed in /types/nodes.json and /types/credentials.json, and n8n's credential test
 * must answer OK for each credential against the emulator and an error for a wrong password.
 */
import { KNOWN_CREDENTIALS } from './credentials';
import { expectedTypes } from './pack';
import type { Session } from './runner';

export interface CheckResult {
	name: string;
	passed: boolean;
	detail: string;
}

export async function serverChecks(session: Session, say: (line: string) => void): Promise<CheckResult[]> {
	const results: CheckResult[] = [];
	const record = (name: string, passed: boolean, detail: string) => {
		results.push({ name, passed, detail });
		say(`${passed ? 'PASS' : 'FAIL'}  ${name}${detail ? ` — ${detail}` : ''}`);
	};
	const expected = expectedTypes();
	// `hop`: the Hop Server flavour, for the server credential's Server Kind "Hop Server".
	const emulators = await session.startEmulators({ main: {}, hop: {} });
	let server;
	try {
		server = await session.ensureServer(say);
	} catch (error) {
		record('real n8n check', false, `n8n start: ${(error as Error).message}`);
		await session.stopEmulators(emulators);
		return results;
	}
	try {

		const nodes = await server.request<Array<{ name: string }>>('GET', '/types/nodes.json');
		const nodeNames = new Set(Array.isArray(nodes.body) ? nodes.body.map((n) => n.name) : []);
		const missingNodes = expected.nodes.filter((name) => !nodeNames.has(name));
		record(
			'real n8n lists every node type of the package',
			nodes.status === 200 && missingNodes.length === 0 && expected.nodes.length > 0,
			nodes.status !== 200
				? `/types/nodes.json answered ${nodes.status}`
				: missingNodes.length
					? `missing ${missingNodes.join(', ')}`
					: expected.nodes.join(', '),
		);

		const credentials = await server.request<Array<{ name: string }>>('GET', '/types/credentials.json');
		const credentialNames = new Set(Array.isArray(credentials.body) ? credentials.body.map((c) => c.name) : []);
		const missingCredentials = expected.credentials.filter((name) => !credentialNames.has(name));
		record(
			'real n8n lists every credential type of the package',
			credentials.status === 200 && missingCredentials.length === 0 && expected.credentials.length > 0,
			credentials.status !== 200
				? `/types/credentials.json answered ${credentials.status}`
				: missingCredentials.length
					? `missing ${missingCredentials.join(', ')}`
					: expected.credentials.join(', '),
		);

		// Each credential type against the main emulator, and the server credential as a Hop Server against `hop`.
		const checks = expected.credentials.map((type) => ({ type, spec: KNOWN_CREDENTIALS.find((c) => c.type === type && c.emulator === 'main') }));
		if (expected.credentials.includes('dataflowServerApi')) checks.push({ type: 'dataflowServerApi', spec: KNOWN_CREDENTIALS.find((c) => c.id === 'hopServer01') });
		for (const { type: credentialType, spec } of checks) {
			if (!spec) {
				record(`credential test ${credentialType}`, false, 'no emulator credential of this type in test/e2e/lib/credentials.ts');
				continue;
			}
			const type = spec.emulator === 'hop' ? `${credentialType} (Hop Server)` : credentialType;
			const data = spec.data(spec.emulator === undefined ? undefined : emulators[spec.emulator]);
			// As in the editor: the credential is saved first (POST /rest/credentials), then tested by id.
			// (A token-login credential cannot be tested unsaved: n8n stores the token it gets.)
			const created = await server.request<{ data?: { id?: string } }>('POST', '/rest/credentials', { name: `${spec.name} (check)`, type: credentialType, data });
			const id = created.body?.data?.id;
			if (created.status !== 200 || !id) {
				record(`credential test ${type}`, false, `creating the credential answered ${created.status}: ${JSON.stringify(created.body).slice(0, 200)}`);
				continue;
			}
			const test = async (values: Record<string, unknown>) => {
				const response = await server.request<{ data?: { status?: string; message?: string } }>('POST', '/rest/credentials/test', {
					credentials: { id, name: spec.name, type: credentialType, data: values },
				});
				return { status: response.body?.data?.status ?? `HTTP ${response.status}`, message: response.body?.data?.message ?? JSON.stringify(response.body).slice(0, 200) };
			};
			const good = await test(data);
			record(`credential test ${type} against the emulator`, good.status === 'OK', `${good.status}: ${good.message}`);
			const bad = await test({ ...data, password: 'not-the-password' });
			// Meaningful only when the right password passes (an unreachable server is an error too).
			// The message says what to check, not n8n's bare "Unauthorized".
			record(
				`credential test ${type} with a wrong password`,
				// (The catalog's login runs inside n8n, which words a refused login as "check your credentials".)
				bad.status === 'Error' && good.status === 'OK' && /username or password|check your credentials/i.test(bad.message),
				`${bad.status}: ${bad.message}${good.status === 'OK' ? '' : ' (not conclusive: the right password failed too)'}`,
			);
			if (type === 'dataflowServerApi' && spec.emulator === 'main') {
				// A Base URL without its context path: the message asks about the context path.
				const noContext = await test({ ...data, baseUrl: String(data.baseUrl).replace(/\/pentaho$/, '') });
				record(
					`credential test ${type} with a Base URL without the context path`,
					noContext.status === 'Error' && /context path/i.test(noContext.message),
					`${noContext.status}: ${noContext.message}`,
				);
			}
		}
	} catch (error) {
		record('real n8n check', false, (error as Error).message);
	} finally {
		const stopped = await session.stopServer();
		if (stopped) say(`      ${stopped}`);
		await session.stopEmulators(emulators);
	}
	return results;
}
