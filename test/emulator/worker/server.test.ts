/**
 * The worker area's server routes over plain HTTP (emulator/areas/worker/routes-server.ts): the status
 * page and document, the stop request, and the status of older servers.
 */
import { startEmulator, type RunningEmulator } from '../../../emulator';
import type { WorkerState } from '../../../emulator/areas/worker';
import { AUTH, call, emu, state, useWorkerEmulator, xml } from './helpers';

useWorkerEmulator();

describe('worker emulator: status', () => {
	it.each(['/dataflow/status', '/kettle/status/'])('%s?xml=Y answers the server status XML with OS, memory, CPU and the lists', async (path) => {
		const answer = await xml(`${path}?xml=Y`);
		expect(answer.status).toBe(200);
		// text/xml on 9.3, 10.2 and 11.0 (contentTypeAndHeader's application/xml is later upstream code).
		expect(answer.type).toMatch(/^text\/xml/);
		const status = answer.doc.serverstatus;
		expect(status.statusdesc).toBe('Online');
		for (const field of ['memory_free', 'memory_total', 'cpu_cores', 'cpu_process_time', 'uptime', 'thread_count']) {
			expect(status[field]).toMatch(/^\d+$/);
		}
		expect(status.os_name).not.toBe('');
		expect(status.os_arch).not.toBe('');
		const transformations = [status.transstatuslist.transstatus].flat();
		expect(transformations.map((t: any) => [t.transname, t.status_desc, t.paused])).toEqual([
			['stage_customers', 'Running', 'N'],
			['daily_revenue', 'Finished', 'N'],
		]);
	});

	it('answers HTML without xml=Y, accepts POST like the real servlets, and wants Basic auth', async () => {
		const page = await call('/dataflow/status');
		expect(page.type).toMatch(/^text\/html/);
		expect(page.text).toContain('stage_customers');
		const posted = await xml('/dataflow/status?xml=Y', { method: 'POST' });
		expect(posted.doc.serverstatus.statusdesc).toBe('Online');
		const anonymous = await fetch(`${emu().url}/dataflow/status?xml=Y`);
		expect(anonymous.status).toBe(401);
	});
});

describe('worker emulator: stop', () => {
	it('refuses to stop unless started with allowStop, under both names', async () => {
		const refused = await call('/dataflow/stopWorker?xml=Y');
		expect(refused.status).toBe(200);
		expect(refused.text).toContain('<request_accepted>N</request_accepted>');
		expect((await call('/kettle/stopCarte?xml=Y')).text).toContain('<request_accepted>N</request_accepted>');
		expect((await call('/dataflow/stopCarte?xml=Y')).status).toBe(404);
		expect(state().stopAccepted).toBe(false);

		const allowing = await startEmulator({ allowStop: true, jobDurationMs: 100 });
		try {
			const accepted = await fetch(`${allowing.url}/kettle/stopCarte?xml=Y`, { headers: { Authorization: AUTH } });
			expect(await accepted.text()).toContain('<request_accepted>Y</request_accepted>');
			expect((allowing.app.state.worker as WorkerState).stopAccepted).toBe(true);
			const page = await fetch(`${allowing.url}/dataflow/stopWorker`, { headers: { Authorization: AUTH } });
			expect(await page.text()).toContain('Shutting Down');
		} finally {
			await allowing.stop();
		}
	});
});

describe('worker emulator: older servers (9.3 profile)', () => {
	let old: RunningEmulator;
	beforeAll(async () => {
		old = await startEmulator({ profile: '9.3' });
	});
	afterAll(async () => {
		await old.stop();
	});

	it('status and addJob answer text/xml, as servlets before contentTypeAndHeader did', async () => {
		const status = await fetch(`${old.url}/kettle/status?xml=Y`, { headers: { Authorization: AUTH } });
		expect(status.headers.get('content-type')).toMatch(/^text\/xml/);
		await status.arrayBuffer();
	});
});
