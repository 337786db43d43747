/** Start (Hop Server): start a registered pipeline (prepareExec + startExec) or workflow (startWorkflow): hopRun.ts startRun. */
import { type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, type CustomOperation } from '../../../common/executor';
import type { HopKind } from '../../shared/hopDefinition';
import { startRun } from '../../shared/hopRun';
import { pipelineRefFields, readPipelineRef, readWorkflowRef, workflowRefFields } from '../../shared/hopStatus';
import type { RunRef } from '../../shared/runRef';

export function build(kind: HopKind): { description: INodeProperties[]; execute: CustomOperation } {
	const description = updateDisplayOptions({ show: { resource: [kind], operation: ['start'] } }, [
		...(kind === 'pipeline' ? pipelineRefFields() : workflowRefFields()),
	]);
	const execute = defineOperation<RunRef>({
		plan(itemIndex) {
			return kind === 'pipeline' ? readPipelineRef(this, itemIndex) : readWorkflowRef(this, itemIndex);
		},
		async run(ref, itemIndex) {
			const started = await startRun(this, kind, ref, itemIndex);
			return toItems({ [`${kind}Name`]: ref.name, ...started, started: true });
		},
	});
	return { description, execute };
}
