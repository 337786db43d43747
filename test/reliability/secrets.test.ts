/**
 * Secrets: with distinctive passwords and the catalog's tokens, every operation runs once
 * successfully and once against each fault; no output item, error message, error description or
 * log line contains a password, its Basic-auth form or a token — except the token Get Token
 * returns on purpose.
 */
import { capturedLog, startCapture, stopCapture } from './logCapture';

import { FAULT_KINDS } from '../../emulator';
import { enumerateOperations } from './catalogue';
import { CATALOG_LOGIN, escapeRegExp, reliabilityEmulator, runSample, SECRETS } from './runner';

const fixture = reliabilityEmulator();
const operations = enumerateOperations();
const issuedTokens: string[] = [];

beforeAll(() => {
	const app = fixture.emulator.app;
	const issue = app.issueToken.bind(app);
	app.issueToken = (user) => {
		const token = issue(user);
		issuedTokens.push(token);
		return token;
	};
});

function secretForms(): string[] {
	const forms: string[] = [];
	for (const [user, password] of Object.entries(SECRETS)) {
		forms.push(password, encodeURIComponent(password), Buffer.from(`${user}:${password}`).toString('base64'));
	}
	return forms;
}

function leaks(text: string, allowedTokens: string[]): string[] {
	let checked = text;
	for (const token of allowedTokens) checked = checked.split(token).join('<returned token>');
	return [...secretForms(), ...issuedTokens].filter((secret) => checked.includes(secret)).map((s) => `${s.slice(0, 6)}…`);
}

describe.each(operations.map((o) => [o.key, o] as const))('%s', (key, ref) => {
	it('leaks no secret when it succeeds or fails in any way', async () => {
		startCapture();
		const runs = [await runSample(fixture, ref)];
		const target = runs[0].paths.find((p) => !CATALOG_LOGIN.test(p)) ?? runs[0].paths[0];
		for (const kind of FAULT_KINDS) {
			runs.push(
				await runSample(fixture, ref, {
					timeoutMs: kind === 'slow' ? 200 : undefined,
					beforeRun: () =>
						fixture.emulator.app.faults.add({ kind, path: new RegExp(`^${escapeRegExp(target)}$`), delayMs: 1000, message: `fault ${kind}: you sent {authorization} with password {password}` }),
				}),
			);
		}
		stopCapture();
		expect(runs[0].result.error?.message).toBeUndefined();
		const returned = key === 'dataflowCatalog.token.getToken' ? runs.flatMap((r) => r.result.items.map((i) => String(i.json.accessToken ?? ''))).filter(Boolean) : [];
		for (const { result } of runs) {
			const error = result.error;
			const text = [
				JSON.stringify(result.run),
				JSON.stringify(result.items),
				error?.message ?? '',
				error?.description ?? '',
				error?.stack ?? '',
				JSON.stringify(error ?? {}),
			].join('\n');
			expect(leaks(text, returned)).toEqual([]);
		}
		expect(leaks(capturedLog.join('\n'), returned)).toEqual([]);
	});
});

it('the check would see a leak', () => {
	expect(leaks(`x ${SECRETS.admin} y`, [])).toHaveLength(1);
	expect(leaks(`Basic ${Buffer.from(`admin:${SECRETS.admin}`).toString('base64')}`, [])).toHaveLength(1);
});
