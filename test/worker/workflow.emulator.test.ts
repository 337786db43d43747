/** Workflows against the emulator's Hop Server flavour (emulator/areas/hop, from apache/hop @2.19.0-rc1). */
import type { IDataObject } from 'n8n-workflow';

import type { HopServerState } from '../../emulator/areas/hop';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { fileItem, WORKFLOW_HWF } from './hopHelpers';

const fixture = useEmulator({ server: 'hop', jobDurationMs: 200, seed: { hop: { version: '2.19.0' } } });
const node = new DataflowWorker();
const credentials = () => ({ dataflowServerApi: fixture.server({ user: 'cluster', serverKind: 'hopServer' }) });
const hop = () => fixture.emulator.app.state.hop as HopServerState;
const fast = { pollInterval: 0.05, timeout: 30 };

describe('Workflow on a Hop Server (emulator)', () => {
	it('Run and Wait runs a .hwf of the server (it runs a pipeline) and returns its actions', async () => {
		const result = await run(node, {
			parameters: { resource: 'workflow', operation: 'runAndWait', filePath: '${PROJECT_HOME}/workflows/main.hwf', hopParameters: { entry: [{ name: 'ENV', value: 'test' }] }, options: fast },
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		const json = result.items[0].json;
		expect(json).toMatchObject({ workflowName: 'main', success: true, statusDesc: 'Finished' });
		expect((json.actions as IDataObject[]).map((a) => a.name)).toEqual(expect.arrayContaining(['generate-rows']));
		expect(hop().workflows.map((w) => w.id)).toContain(json.id);
	});

	it('Run and Wait judges a workflow stopped by its Abort action as stopped, and returns it as an item when asked', async () => {
		const result = await run(node, {
			parameters: { resource: 'workflow', operation: 'runAndWait', filePath: '${PROJECT_HOME}/workflows/abort.hwf', options: { ...fast, errorWhenStopped: false } },
			credentials: credentials(),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ workflowName: 'abort-workflow', success: false, failureReason: expect.stringMatching(/^the workflow was stopped/) });
	});

	it('Run and Wait from a binary field registers and starts the workflow', async () => {
		const result = await run(node, {
			parameters: { resource: 'workflow', operation: 'runAndWait', hopSource: 'binary', options: fast },
			credentials: credentials(),
			input: fileItem(WORKFLOW_HWF, 'nightly-load.hwf'),
		});
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toMatchObject({ workflowName: 'nightly-load', fileName: 'nightly-load.hwf', success: true, statusDesc: 'Finished' });
	});

	it('Execute, then Stop a long workflow started with Register and Start, and Get Image', async () => {
		const executed = await run(node, { parameters: { resource: 'workflow', operation: 'execute', filePath: '${PROJECT_HOME}/workflows/main.hwf' }, credentials: credentials() });
		expect(executed.items[0].json).toMatchObject({ workflowName: 'main', success: true, message: 'Workflow executed successfully' });

		const long = WORKFLOW_HWF.replace('<name>nightly-load</name>', '<name>slow-load</name>').replace(
			'<action><name>Success</name>',
			'<action><name>Wait</name><type>DELAY</type><maximumTimeout>1</maximumTimeout><scaletime>2</scaletime><xloc>150</xloc><yloc>100</yloc></action><action><name>Success</name>',
		).replace('<hop><from>Start</from><to>Success</to>', '<hop><from>Start</from><to>Wait</to><enabled>Y</enabled><evaluation>Y</evaluation><unconditional>Y</unconditional></hop><hop><from>Wait</from><to>Success</to>');
		const registered = await run(node, { parameters: { resource: 'workflow', operation: 'register' }, credentials: credentials(), input: fileItem(long, 'slow-load.hwf') });
		expect(registered.error).toBeUndefined();
		const ref = { workflowName: 'slow-load', options: { workflowId: String(registered.items[0].json.id) } };
		const started = await run(node, { parameters: { resource: 'workflow', operation: 'start', ...ref }, credentials: credentials() });
		expect(started.items[0].json).toMatchObject({ id: ref.options.workflowId, started: true });
		const stopped = await run(node, { parameters: { resource: 'workflow', operation: 'stop', ...ref }, credentials: credentials() });
		expect(stopped.items[0].json).toMatchObject({ stopRequested: true });
		let status: IDataObject = {};
		for (let i = 0; i < 40 && !/^Stopped/.test(String(status.statusDesc)); i++) {
			status = (await run(node, { parameters: { resource: 'workflow', operation: 'getStatus', ...ref }, credentials: credentials() })).items[0].json;
			await new Promise((resolve) => setTimeout(resolve, 25));
		}
		expect(status.statusDesc).toMatch(/^Stopped/);
		const image = await run(node, { parameters: { resource: 'workflow', operation: 'getImage', ...ref }, credentials: credentials() });
		expect(image.items[0].json).toMatchObject({ fileName: 'slow-load.svg', mimeType: 'image/svg+xml' });
		const removed = await run(node, { parameters: { resource: 'workflow', operation: 'remove', ...ref }, credentials: credentials() });
		expect(removed.error).toBeUndefined();
		expect(hop().workflows.map((w) => w.id)).not.toContain(ref.options.workflowId);
	});

	it('Server › Stop shuts a Hop 2.19 server down (/shutdown), which then refuses new work', async () => {
		const result = await run(node, { parameters: { resource: 'server', operation: 'stop' }, credentials: credentials() });
		expect(result.error).toBeUndefined();
		expect(result.items[0].json).toEqual({ requestAccepted: true });
		expect(fixture.requests()).toContain('GET /shutdown');
	});
});
