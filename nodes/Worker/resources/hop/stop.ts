/**
 * Stop (Hop Server): /hop/stopPipeline/ or /hop/stopWorkflow/. Hop has no safe stop over HTTP:
 * StopPipelineServlet reads `inputOnly` and ignores it, stopping every transform (stopAll), and the
 * stopped pipeline then ends "Finished" with is_stopped=Y (apache/hop engine/src/main/java/org/apache/hop/
 * www/StopPipelineServlet.java@2.19.0-rc1 and @2.9.0-rc1).
 */
import { type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, type CustomOperation } from '../../../common/executor';
import type { HopKind } from '../../shared/hopDefinition';
import { HOP } from '../../shared/hopRun';
import { hopPlan, readHopControl } from '../../shared/hopServer';
import { pipelineRefFields, readPipelineRef, readWorkflowRef, workflowRefFields } from '../../shared/hopStatus';
import { refQuery, type RunRef } from '../../shared/runRef';

export function build(kind: HopKind): { description: INodeProperties[]; execute: CustomOperation } {
	const n = HOP[kind];
	const description = updateDisplayOptions({ show: { resource: [kind], operation: ['stop'] } }, [
		...(kind === 'pipeline' ? pipelineRefFields() : workflowRefFields()),
	]);
	const execute = requestOperation<RunRef>({
		plan(itemIndex) {
			return kind === 'pipeline' ? readPipelineRef(this, itemIndex) : readWorkflowRef(this, itemIndex);
		},
		request(ref) {
			return hopPlan({ servlet: n.stop, qs: refQuery(ref) });
		},
		output(ref, response, itemIndex) {
			const plan = hopPlan({ servlet: n.stop, qs: refQuery(ref) });
			const { result } = readHopControl(this.getNode(), { status: response.status, raw: String(response.body ?? '') }, plan, `the stop of the ${n.noun} "${ref.name}"`, itemIndex);
			return { [`${kind}Name`]: ref.name, ...(result.id || ref.id ? { id: result.id || ref.id } : {}), stopRequested: true, message: result.message };
		},
	});
	return { description, execute };
}
