/**
 * Register (Hop Server): put a pipeline or workflow from a binary field on the server without running it
 * (RegisterPipelineServlet / RegisterWorkflowServlet, POST /hop/registerPipeline/?xml=Y with a
 * pipeline_configuration body: hopDefinition.ts). It waits there until Start.
 */
import { type IDataObject, type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, type CustomOperation } from '../../../common/executor';
import { readIncludeRaw } from '../../../common/fields';
import type { HopKind } from '../../shared/hopDefinition';
import { readRegisterPlan, registerFields, registerPlan, HOP, type HopRunPlan } from '../../shared/hopRun';
import { readHopControl } from '../../shared/hopServer';
import { requireHopId } from '../../shared/hopStatus';

interface Plan extends HopRunPlan {
	includeRaw: boolean;
}

export function build(kind: HopKind): { description: INodeProperties[]; execute: CustomOperation } {
	const n = HOP[kind];
	const description = updateDisplayOptions({ show: { resource: [kind], operation: ['register'] } }, registerFields(kind));
	const execute = requestOperation<Plan>({
		async plan(itemIndex) {
			return { ...(await readRegisterPlan(this, itemIndex, kind)), includeRaw: readIncludeRaw(this, itemIndex) };
		},
		request(plan) {
			return registerPlan(plan);
		},
		output(plan, response, itemIndex) {
			const what = `the registration of the ${n.noun} "${plan.name}"`;
			const { result, raw } = readHopControl(this.getNode(), { status: response.status, raw: String(response.body ?? '') }, registerPlan(plan), what, itemIndex);
			const json: IDataObject = {
				id: requireHopId(this.getNode(), result.id, result.message, itemIndex, what),
				[`${kind}Name`]: plan.name,
				fileName: plan.fileName,
				runConfiguration: plan.runConfiguration,
				message: result.message,
			};
			if (plan.includeRaw) json.raw = raw;
			return json;
		},
	});
	return { description, execute };
}
