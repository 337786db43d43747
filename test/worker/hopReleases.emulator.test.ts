/**
 * The Worker node on an older Hop Server (the emulator playing 2.9.0: no execPipeline/execWorkflow (2.17.0),
 * no /shutdown (2.19.0), workflows listed in job_status_list (before 2.15.0), status XML sent as text/html
 * (before 2.18.0), paths without "/" redirected (before 2.18.0)).
 */
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { fileItem, PIPELINE_HPL, WORKFLOW_HWF } from './hopHelpers';

const fixture = useEmulator({ server: 'hop', jobDurationMs: 200, seed: { hop: { version: '2.9.0' } } });
const node = new DataflowWorker();
const credentials = () => ({ dataflowServerApi: fixture.server({ user: 'cluster', serverKind: 'hopServer' }) });
const fast = { pollInterval: 0.05, timeout: 30 };

describe('Hop Server 2.9 (emulator)', () => {
	it('Run and Wait from a binary field works (register, prepareExec, startExec), and the status is read though sent as text/html', async () => {
		const result = await run(node, { parameters: { resource: 'pipeline', operation: 'runAndWait', hopSource: 'binary', options: fast }, credentials: credentials(), input: fileItem(PIPELINE_HPL, 'p.hpl') });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ pipelineName: 'load-customers', success: true, statusDesc: 'Finished' });
	});

	it('a workflow from a binary field runs, and Server › Get Status lists it (job_status_list)', async () => {
		const ran = await run(node, { parameters: { resource: 'workflow', operation: 'runAndWait', hopSource: 'binary', options: fast }, credentials: credentials(), input: fileItem(WORKFLOW_HWF, 'w.hwf') });
		expect(ran.error).toBeUndefined();
		const status = await run(node, { parameters: { resource: 'server', operation: 'getStatus', output: 'entries' }, credentials: credentials() });
		expect(status.error).toBeUndefined();
		expect(status.items.map((i) => i.json)).toEqual(expect.arrayContaining([expect.objectContaining({ kind: 'workflow', workflowName: 'nightly-load', id: ran.items[0].json.id })]));
	});

	it('Execute and Run and Wait from a file say that execPipeline needs Hop 2.17', async () => {
		const executed = await run(node, { parameters: { resource: 'pipeline', operation: 'execute', filePath: '${PROJECT_HOME}/pipelines/generate-rows.hpl' }, credentials: credentials() });
		expect(executed.error?.message).toMatch(/no execPipeline servlet \(HTTP 404\): running a file on the server needs Hop 2\.17\.0 or later/);
		const waited = await run(node, { parameters: { resource: 'workflow', operation: 'runAndWait', filePath: '${PROJECT_HOME}/workflows/main.hwf', options: fast }, credentials: credentials() });
		expect(waited.error?.message).toMatch(/no execWorkflow servlet/);
	});

	it('Server › Stop says that /shutdown needs Hop 2.19', async () => {
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: credentials() });
		expect(result.error?.message).toMatch(/needs Hop 2\.19\.0 or later/);
	});
});
