/** Remove (Hop Server): /hop/removePipeline/ or /hop/removeWorkflow/, refused for a run still going unless asked. */
import { type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, type CustomOperation } from '../../../common/executor';
import { optionsOf } from '../../../common/fields';
import type { HopKind } from '../../shared/hopDefinition';
import { HOP, removeRun } from '../../shared/hopRun';
import { fetchPipelineStatus, fetchWorkflowStatus, pipelineRefFields, readPipelineRef, readWorkflowRef, workflowRefFields } from '../../shared/hopStatus';
import { isTerminal } from '../../shared/jobStatus';
import type { RunRef } from '../../shared/runRef';
import { checkEnded, NO_LOG_FROM } from '../../shared/transControl';

interface Plan {
	ref: RunRef;
	removeRunning: boolean;
}

export function build(kind: HopKind): { description: INodeProperties[]; execute: CustomOperation } {
	const n = HOP[kind];
	const options: INodeProperties[] = [
		{
			displayName: 'Remove Even if Running',
			name: 'removeRunning',
			type: 'boolean',
			default: false,
			description: `Whether to remove a ${n.noun} that is still running. The Hop Server then drops it from its list without stopping it; by default such a ${n.noun} is refused.`,
		},
	];
	const description = updateDisplayOptions({ show: { resource: [kind], operation: ['remove'] } }, [
		...(kind === 'pipeline' ? pipelineRefFields({ options }) : workflowRefFields({ options })),
	]);
	const execute = defineOperation<Plan>({
		plan(itemIndex) {
			const ref = kind === 'pipeline' ? readPipelineRef(this, itemIndex) : readWorkflowRef(this, itemIndex);
			return { ref, removeRunning: optionsOf(this, itemIndex).removeRunning === true };
		},
		async run({ ref, removeRunning }, itemIndex) {
			let id = ref.id;
			if (!removeRunning) {
				// RemovePipelineServlet / RemoveWorkflowServlet remove a run whatever its state.
				const { status } = kind === 'pipeline' ? await fetchPipelineStatus(this, ref, NO_LOG_FROM, itemIndex) : await fetchWorkflowStatus(this, ref, NO_LOG_FROM, itemIndex);
				id = id || status.id;
				// A registered run never started ("Waiting") has nothing running: it may go.
				const ended = (desc: string) => isTerminal(desc) || desc.trim().toLowerCase() === 'waiting';
				await checkEnded(this, status, `The ${n.noun} "${ref.name}" (id ${id})`, ended, itemIndex);
			}
			await removeRun(this, kind, { name: ref.name, id }, itemIndex);
			return toItems({ [`${kind}Name`]: ref.name, ...(id ? { id } : {}), removed: true });
		},
	});
	return { description, execute };
}
