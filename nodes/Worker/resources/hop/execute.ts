/** Execute (Hop Server): run a .hpl / .hwf file of the server's file system in one call that answers when it ends. */
import { type IDataObject, type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, type CustomOperation } from '../../../common/executor';
import type { HopKind } from '../../shared/hopDefinition';
import { execFields, execPlan, HOP, readExecPlan, type HopRunPlan } from '../../shared/hopRun';
import { readHopControl } from '../../shared/hopServer';

export function build(kind: HopKind): { description: INodeProperties[]; execute: CustomOperation } {
	const n = HOP[kind];
	const description = updateDisplayOptions({ show: { resource: [kind], operation: ['execute'] } }, [
		{
			displayName: `The Hop Server runs the ${n.noun} to its end before it answers and gives no ID (Hop 2.17 or later). To follow a long run, see its ${kind === 'pipeline' ? 'transforms' : 'actions'} or have it stopped when the execution is cancelled, use 'Run and Wait'.`,
			name: 'hopExecuteNotice',
			type: 'notice',
			default: '',
		},
		...execFields(kind),
	]);
	const execute = requestOperation<HopRunPlan>({
		plan(itemIndex) {
			return readExecPlan(this, itemIndex, kind);
		},
		request(plan) {
			// GET /hop/execPipeline/?pipeline=<file>&level=…&runConfig=…&<parameters> (ExecPipelineServlet, hopRun.ts).
			// It answers when the run has ended: OK, or HTTP 500 with the run's log (raised by the transport).
			return execPlan(plan);
		},
		output(plan, response, itemIndex) {
			const { result } = readHopControl(this.getNode(), { status: response.status, raw: String(response.body ?? '') }, execPlan(plan), `the run of ${plan.path}`, itemIndex);
			const json: IDataObject = {
				[`${kind}Name`]: plan.name,
				[`${kind}Path`]: plan.path,
				success: true,
				message: result.message || `The ${n.noun} ended without errors`,
			};
			return json;
		},
	});
	return { description, execute };
}
