/**
 * Scenario 12, examples/12-hop-pipeline.json: the Worker node on an Apache Hop Server (the emulator's Hop
 * flavour, emulator/areas/hop, written from apache/hop @2.19.0-rc1). A pipeline file of the server's project
 * is run with a parameter and followed to its end; its transforms come back with their rows; its status is
 * read again by the name and id the run returned; its SVG drawing is downloaded; a workflow file is run; the
 * server's status lists both runs. Checked against the emulator: execPipeline got the file and the parameter,
 * every status request asked for the run found in the server's list, and the ids are the server's own.
 */
import assert from 'node:assert/strict';

import { defineScenario } from '../lib/scenario';

const PIPELINE = '${PROJECT_HOME}/pipelines/generate-rows.hpl';
const WORKFLOW = '${PROJECT_HOME}/workflows/main.hwf';

export default defineScenario({
	title: 'Hop Server: run a pipeline file and wait (transforms, log), read its status and SVG image, run a workflow, list the server',
	emulators: { hop: { jobDurationMs: 300 } },
	expect: { status: 'success' },

	check(run) {
		// Run Pipeline: the file of the server, with the parameter, followed to its end.
		const [pipeline] = run.expectItems('Run Pipeline', 1);
		assert.equal(pipeline.success, true);
		assert.equal(pipeline.statusDesc, 'Finished');
		assert.equal(pipeline.pipelineName, 'generate-rows');
		assert.equal(pipeline.pipelinePath, PIPELINE);
		assert.match(String(pipeline.id), /^[0-9a-f-]{36}$/);
		const steps = pipeline.steps as Array<Record<string, any>>;
		assert.deepEqual(steps.map((s) => s.stepName).sort(), ['Generate rows', 'result']);
		assert.equal(steps.find((s) => s.stepName === 'Generate rows')?.linesWritten, 5, 'Generate rows wrote its five rows');
		assert.ok(String(pipeline.log).length > 0, 'the log came back');
		const exec = run.requestsTo('GET', '/hop/execPipeline/', 'hop');
		assert.equal(exec.length, 1, 'one execPipeline');
		assert.deepEqual({ pipeline: exec[0].query.pipeline, PRM_NAME: exec[0].query.PRM_NAME }, { pipeline: PIPELINE, PRM_NAME: 'n8n' });
		const polls = run.requestsTo('GET', '/hop/pipelineStatus/', 'hop');
		assert.ok(polls.length >= 2, 'the run was followed and read again');
		for (const poll of polls) assert.equal(poll.query.id, pipeline.id, 'every status request asked for the run found in the server\'s list');

		// Rows per Transform and Pipeline Status: the same run.
		const [rows] = run.expectItems('Rows per Transform', 1);
		assert.equal(rows.rowsWritten, steps.reduce((sum, s) => sum + Number(s.linesWritten), 0));
		const [status] = run.expectItems('Pipeline Status', 1);
		assert.deepEqual({ id: status.id, name: status.pipelineName, status: status.statusDesc }, { id: pipeline.id, name: 'generate-rows', status: 'Finished' });

		// Pipeline Image: Hop's SVG, as binary data.
		const [image] = run.binaries('Pipeline Image').map((b) => b.data);
		assert.equal(image?.mimeType, 'image/svg+xml');
		assert.match(run.binaryText('Pipeline Image'), /<svg[\s>]/);

		// Run Workflow, then the server's list holds both runs.
		const [workflow] = run.expectItems('Run Workflow', 1);
		assert.deepEqual({ success: workflow.success, name: workflow.workflowName, status: workflow.statusDesc }, { success: true, name: 'main', status: 'Finished' });
		assert.deepEqual(run.requestsTo('GET', '/hop/execWorkflow/', 'hop').map((r) => [r.query.workflow, r.query.ENV]), [[WORKFLOW, 'n8n']]);
		const listed = run.items('Hop Server Status');
		assert.ok(listed.some((e) => e.kind === 'pipeline' && e.id === pipeline.id), 'the server lists the pipeline run');
		assert.ok(listed.some((e) => e.kind === 'workflow' && e.id === workflow.id), 'the server lists the workflow run');
	},

	account: (run) => {
		const [pipeline] = run.items('Run Pipeline');
		const [workflow] = run.items('Run Workflow');
		return [
			`Run Pipeline → ${pipeline.pipelineName} ${pipeline.statusDesc} (id ${pipeline.id}), ${run.items('Rows per Transform')[0].rowsPerTransform}`,
			`Pipeline Status → ${run.items('Pipeline Status')[0].statusDesc}; Pipeline Image → ${run.binaries('Pipeline Image')[0]?.data?.fileName}`,
			`Run Workflow → ${workflow.workflowName} ${workflow.statusDesc}, actions ${(workflow.actions as Array<Record<string, any>>).map((a) => a.name).join(', ')}`,
			`Hop Server Status → ${run.items('Hop Server Status').length} runs listed`,
		];
	},
});
