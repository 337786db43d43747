/**
 * Scenario 3, examples/03-catalog.json: catalog calls survive token expiry. The emulator issues
 * tokens that live 3 s; the workflow calls the catalog, waits 5 s, and calls again. The second call
 * must succeed after an automatic re-login: its first attempt answers 401, the credential logs in
 * again (a second POST /auth between the two successful calls) and the call is retried.
 */
import assert from 'node:assert/strict';

import { count, defineScenario, type ScenarioRun } from '../lib/scenario';

const TOKEN_TTL_S = 3;
const AUTH = '/catalog/api/public/v1/auth';
const ASSETS = '/catalog/api/public/v1/assets';

/** Positions in the emulator log of the logins and of the successful and refused asset calls. */
function timeline(run: ScenarioRun) {
	const log = run.requests('main');
	const indexes = (test: (r: (typeof log)[number]) => boolean) => log.flatMap((r, i) => (test(r) ? [i] : []));
	return {
		logins: indexes((r) => r.method === 'POST' && r.path === AUTH && r.status === 200),
		served: indexes((r) => r.method === 'GET' && r.path === ASSETS && r.status === 200),
		refused: indexes((r) => r.method === 'GET' && r.path === ASSETS && r.status === 401),
	};
}

export default defineScenario({
	title: 'Catalog: calls survive token expiry (automatic re-login)',
	emulators: { main: { tokenTtl: TOKEN_TTL_S } },
	expect: { status: 'success' },

	check(run) {
		const names = ['sales_orders', 'customers', 'daily_revenue.ktr'];
		const first = run.expectItems('List Assets', 3);
		assert.deepEqual(
			first.map((a) => a.name),
			names,
			'List Assets returns the catalog assets, one item per asset',
		);
		const second = run.expectItems('List Assets Again', 3);
		assert.deepEqual(
			second.map((a) => a.name),
			names,
			'List Assets Again returns the same assets after the token expired',
		);
		assert.ok(run.task('Wait Past Token Expiry').executionTime >= TOKEN_TTL_S * 1000, 'the Wait node waits past the token lifetime');

		const { logins, served, refused } = timeline(run);
		assert.equal(served.length, 2, `two successful GET ${ASSETS} calls (log: ${JSON.stringify(run.requests())})`);
		assert.equal(logins.length, 2, `two logins: the first call's and the re-login after expiry (log: ${JSON.stringify(run.requests())})`);
		assert.ok(logins[0] < served[0], 'the first login comes before the first call');
		assert.ok(served[0] < logins[1] && logins[1] < served[1], 'the second login happens between the two successful calls');
		assert.ok(
			refused.some((i) => served[0] < i && i < logins[1]),
			'the expired token is refused (401) before the re-login',
		);
	},

	account(run) {
		const { logins, served, refused } = timeline(run);
		const assets = run.items('List Assets');
		const reLogin = logins.length >= 2 && served.length >= 2 && served[0] < logins[1] && logins[1] < served[1];
		const refusedFirst = refused.some((i) => i > (served[0] ?? Infinity));
		return [
			`List Assets → logged in, ${count(assets.length, 'asset')}: ${assets.map((a) => a.name).join(', ')}`,
			`Wait Past Token Expiry → waited ${run.seconds('Wait Past Token Expiry')} s (catalog tokens live ${TOKEN_TTL_S} s)`,
			`List Assets Again → ${refusedFirst ? 'token expired (401), ' : ''}${reLogin ? 'logged in again, ' : 'no new login, '}${count(run.items('List Assets Again').length, 'asset')}`,
		];
	},
});
