/**
 * The Worker Trigger on an Apache Hop Server (the emulator's Hop flavour, emulator/areas/hop): pipelines and
 * workflows that end emit Finished or Failed once each, judged by their own status (transforms, actions,
 * result); events of the other server kind are refused.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DataflowWorkerTrigger } from '../../nodes/Worker/DataflowWorkerTrigger.node';
import { pollHarness, type PollHarness } from '../harness/poll';
import { useEmulator } from '../helpers/emulator';
import { cursorEntries, emitted } from './helpers';

const fixture = useEmulator({ server: 'hop', jobDurationMs: 100, seed: { hop: { version: '2.19.0' } } });
const trigger = new DataflowWorkerTrigger();
const credentials = () => ({ dataflowServerApi: fixture.server({ user: 'cluster', serverKind: 'hopServer' }) });
const AUTH = `Basic ${Buffer.from('cluster:cluster').toString('base64')}`;

function harness(parameters: INodeParameters): PollHarness {
	return pollHarness({ nodeType: trigger, parameters, credentials: credentials() });
}

/** Runs a file of the server to its end (execPipeline / execWorkflow answer when the run has ended). */
async function runFile(kind: 'pipeline' | 'workflow', file: string): Promise<void> {
	const servlet = kind === 'pipeline' ? 'execPipeline' : 'execWorkflow';
	await fetch(`${fixture.emulator.url}/hop/${servlet}/?${kind}=${encodeURIComponent(`\${PROJECT_HOME}/${file}`)}`, { headers: { Authorization: AUTH } });
}

const idOf = (item: IDataObject) => ((item.pipeline ?? item.workflow) as IDataObject).id;

describe('Dataflow Worker Trigger on a Hop Server', () => {
	it('emits a finished and a failed pipeline once each, with the failing transform named', async () => {
		const h = harness({ events: ['pipelineFinished', 'pipelineFailed'], filters: { pipelineName: 'generate-rows,fail' } });
		expect((await h.poll()).items).toBeNull();
		await runFile('pipeline', 'pipelines/generate-rows.hpl');
		await runFile('pipeline', 'pipelines/fail.hpl');
		const outcome = await h.poll();
		const events = emitted(outcome, idOf)!;
		expect(events.map((e) => e.split(' ')[0]).sort()).toEqual(['pipelineFailed', 'pipelineFinished']);
		const failed = outcome.items!.find((i) => i.event === 'pipelineFailed')!;
		expect(failed.pipeline).toMatchObject({ pipelineName: 'fail', statusDesc: 'Finished (with errors)' });
		expect(failed.failure).toEqual({ kind: 'errors', reason: expect.stringMatching(/^the pipeline ended with errors .*in transform "Abort"/) });
		expect((failed.pipeline as IDataObject).steps).toEqual(expect.arrayContaining([expect.objectContaining({ stepName: 'Abort' })]));
		const finished = outcome.items!.find((i) => i.event === 'pipelineFinished')!;
		expect(finished.pipeline).toMatchObject({ pipelineName: 'generate-rows', statusDesc: 'Finished' });
		expect((finished.pipeline as IDataObject).log).toBeUndefined();
		expect(Object.keys(cursorEntries(h.saved, 'pipelines'))).toEqual(expect.arrayContaining([idOf(failed), idOf(finished)]));
		// Once only.
		expect((await h.poll()).items).toBeNull();
	});

	it('emits workflows: finished, and stopped by an Abort action as failed (with the log when asked)', async () => {
		const h = harness({ events: ['workflowFinished', 'workflowFailed'], filters: { workflowName: 'main,abort-*' }, options: { includeLog: true } });
		expect((await h.poll()).items).toBeNull();
		await runFile('workflow', 'workflows/main.hwf');
		await runFile('workflow', 'workflows/abort.hwf');
		const outcome = await h.poll();
		expect(emitted(outcome, idOf)!.map((e) => e.split(' ')[0]).sort()).toEqual(['workflowFailed', 'workflowFinished']);
		const failed = outcome.items!.find((i) => i.event === 'workflowFailed')!;
		expect(failed.workflow).toMatchObject({ workflowName: 'abort-workflow', statusDesc: expect.stringMatching(/^Stopped/) });
		expect(failed.failure).toEqual({ kind: 'stopped', reason: expect.stringMatching(/^the workflow was stopped/) });
		const finished = outcome.items!.find((i) => i.event === 'workflowFinished')!;
		expect(String((finished.workflow as IDataObject).log)).not.toBe('');
	});

	it('refuses Job and Transformation events on a Hop Server credential, and Hop events on another', async () => {
		const onHop = await harness({ events: ['jobFinished', 'pipelineFinished'] }).poll();
		expect(onHop.error?.message).toMatch(/The events jobFinished watch a worker server, but the credential is a Hop Server/);
		const elsewhere = await pollHarness({
			nodeType: trigger,
			parameters: { events: ['workflowFailed'] },
			credentials: { dataflowServerApi: fixture.server({ user: 'cluster', serverKind: 'worker' }) },
		}).poll();
		expect(elsewhere.error?.message).toMatch(/The events workflowFailed watch an Apache Hop Server/);
	});
});
