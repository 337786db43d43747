/**
 * The worker servlets in their two real deployments: a standalone worker server (`/kettle/...` at
 * the root of a Jetty server) and the same servlets inside the BI server (`<context>/kettle/...`).
 * What differs, per the real source: how a request body is decoded (ISO-8859-1 when no charset is
 * declared on Jetty, always UTF-8 behind the BI server's encoding filter) and whether stopCarte
 * is accepted (only a standalone server has a Carte instance to stop).
 */
import type { WorkerState } from '../../emulator/areas/worker';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowWorker();

const KJB = `<?xml version="1.0" encoding="UTF-8"?>
<job>
  <name>Café_Überträge</name>
  <description>Lädt O'Brien &amp; Söhne</description>
</job>`;

function addJob(fixture: ReturnType<typeof useEmulator>) {
	return run(node, {
		parameters: { resource: 'job', operation: 'add', source: 'text', jobXml: KJB, variables: { entry: [{ name: 'CITY', value: 'Zürich' }] }, options: { logLevel: 'Basic' } },
		credentials: { dataflowServerApi: fixture.server({ workerPath: 'kettle' }) },
	});
}

describe('standalone worker server (/kettle at the root, Jetty)', () => {
	const fixture = useEmulator({ contextPath: '' });
	const state = () => fixture.emulator.app.state.worker as WorkerState;

	it('Add Job keeps non-ASCII names and values (the body declares charset=UTF-8)', async () => {
		fixture.resetRequests();
		const result = await addJob(fixture);
		expect(result.error).toBeUndefined();
		expect(fixture.requests()).toEqual(['POST /kettle/addJob']);
		const { id, jobName, message } = result.items[0].json as Record<string, string>;
		expect(jobName).toBe('Café_Überträge');
		const job = state().jobs.find((j) => j.id === id)!;
		expect(job.name).toBe('Café_Überträge');
		expect(job.variables).toEqual({ CITY: 'Zürich' });
		// The server HTML-encodes the message before the XML escaping; the node gives it back as text.
		expect(message).toBe(`Job 'Café_Überträge' was added to the list with id ${id}`);

		const status = await run(node, {
			parameters: { resource: 'job', operation: 'getStatus', jobName, options: { jobId: id } },
			credentials: { dataflowServerApi: fixture.server({ workerPath: 'kettle' }) },
		});
		expect(status.error).toBeUndefined();
		expect(status.items[0].json.jobName).toBe('Café_Überträge');
	});

	it('a body without a declared charset is read as ISO-8859-1, as the real servlet reads it', async () => {
		const body = Buffer.from(`<job_configuration><job><name>Café</name></job><job_execution_configuration/></job_configuration>`, 'utf8');
		const answer = await fetch(`${fixture.emulator.url}/kettle/addJob?xml=Y`, {
			method: 'POST',
			headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`, 'Content-Type': 'application/xml' },
			body,
		});
		expect(answer.status).toBe(200);
		expect(state().jobs.some((j) => j.name === 'CafÃ©')).toBe(true);
	});

	it('Server Stop is accepted (request_accepted Y)', async () => {
		const result = await run(node, {
			parameters: { resource: 'server', operation: 'stop' },
			credentials: { dataflowServerApi: fixture.server({ workerPath: 'kettle' }) },
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({ requestAccepted: true });
		expect(state().stopAccepted).toBe(true);
	});
});

describe('worker servlets inside the BI server (<context>/kettle)', () => {
	const fixture = useEmulator({ contextPath: '/pentaho' });
	const state = () => fixture.emulator.app.state.worker as WorkerState;

	it('Add Job keeps non-ASCII names (the platform decodes every body as UTF-8)', async () => {
		fixture.resetRequests();
		const result = await addJob(fixture);
		expect(result.error).toBeUndefined();
		expect(fixture.requests()).toEqual(['POST /pentaho/kettle/addJob']);
		const job = state().jobs.find((j) => j.id === result.items[0].json.id)!;
		expect(job.name).toBe('Café_Überträge');
	});

	it('even a body that declares ISO-8859-1 is read as UTF-8 (the encoding filter ignores the client)', async () => {
		const body = Buffer.from(`<job_configuration><job><name>Zoë</name></job><job_execution_configuration/></job_configuration>`, 'utf8');
		await fetch(`${fixture.emulator.url}/kettle/addJob?xml=Y`, {
			method: 'POST',
			headers: { Authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`, 'Content-Type': 'application/xml; charset=ISO-8859-1' },
			body,
		});
		expect(state().jobs.some((j) => j.name === 'Zoë')).toBe(true);
	});

	it('Server Stop is refused (request_accepted N): there is no standalone Carte to stop', async () => {
		const result = await run(node, {
			parameters: { resource: 'server', operation: 'stop' },
			credentials: { dataflowServerApi: fixture.server({ workerPath: 'kettle' }) },
		});
		expect(result.error?.message).toBe('The worker server did not accept the stop request (request_accepted = N)');
		expect(result.error?.description).toMatch(/Only a standalone worker server/);
		// The servlet has no switch that enables stopping (StopCarteServlet.java@4df1b6ef): none is suggested.
		expect(result.error?.description).not.toMatch(/enable/i);
		expect(state().stopAccepted).toBe(false);
	});

	it('Run with a .kjb path runs the job: the node sends the repository name without the extension', async () => {
		fixture.resetRequests();
		const result = await run(node, {
			parameters: { resource: 'job', operation: 'run', jobPath: '/public/etl/daily_load.kjb' },
			credentials: { dataflowServerApi: fixture.server({ workerPath: 'kettle' }) },
		});
		expect(result.error).toBeUndefined();
		expect(fixture.emulator.app.requests.at(-1)?.query.job).toBe('/public/etl/daily_load');
		expect(result.items[0].json).toMatchObject({ jobName: 'daily_load', jobPath: '/public/etl/daily_load', message: 'Job started' });
	});

	it('an unknown sequence fails naming the sequence, though the body is the container\'s page', async () => {
		const result = await run(node, {
			parameters: { resource: 'sequence', operation: 'reserve', sequenceName: 'no_such_sequence' },
			credentials: { dataflowServerApi: fixture.server({ workerPath: 'kettle' }) },
		});
		expect(result.error?.message).toBe('The worker server has no sequence named "no_such_sequence" (HTTP 404)');
	});
});
