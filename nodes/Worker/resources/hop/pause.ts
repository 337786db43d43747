/**
 * Pause and Resume (Hop Server, pipelines): /hop/pausePipeline/ toggles (pauses a running pipeline,
 * resumes a paused one: PausePipelineServlet@2.19.0-rc1), so the status is read first, the toggle sent
 * only when needed, and the status read again. A pipeline never prepared (registered, "Waiting") is
 * refused before the toggle: the servlet would set its paused flag and fail with a NullPointerException.
 */
import { type IDataObject, type INodeProperties, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, type CustomOperation } from '../../../common/executor';
import { hopControl } from '../../shared/hopServer';
import { fetchPipelineStatus, pipelineRefFields, readPipelineRef } from '../../shared/hopStatus';
import { isTransTerminal } from '../../shared/transStatus';
import { refQuery, type RunRef } from '../../shared/runRef';
import { NO_LOG_FROM } from '../../shared/transControl';

export function build(pause: boolean): { description: INodeProperties[]; execute: CustomOperation } {
	const verb = pause ? 'paused' : 'resumed';
	const description = updateDisplayOptions({ show: { resource: ['pipeline'], operation: [pause ? 'pause' : 'resume'] } }, [...pipelineRefFields()]);
	const execute = defineOperation<RunRef>({
		plan(itemIndex) {
			return readPipelineRef(this, itemIndex);
		},
		async run(ref, itemIndex) {
			const node = this.getNode();
			const before = (await fetchPipelineStatus(this, ref, NO_LOG_FROM, itemIndex)).status;
			const id = ref.id || before.id;
			const desc = before.status_desc;
			if (isTransTerminal(desc) || desc.trim().toLowerCase() === 'waiting') {
				throw new NodeOperationError(
					node,
					`The pipeline "${ref.name}" (id ${id}) cannot be ${verb}: ${desc.trim().toLowerCase() === 'waiting' ? 'it has not been started' : 'it has already ended'} (status "${desc}")`,
					{ itemIndex },
				);
			}
			const out: IDataObject = { pipelineName: ref.name, id };
			if (before.paused === pause) {
				return toItems({ ...out, paused: pause, changed: false, statusDesc: desc, message: `The pipeline was already ${pause ? 'paused' : 'running'}` });
			}
			const { result } = await hopControl(this, { servlet: 'pausePipeline', qs: refQuery({ name: ref.name, id }), what: `the ${pause ? 'pause' : 'resume'} of the pipeline "${ref.name}"`, itemIndex });
			const after = (await fetchPipelineStatus(this, { name: ref.name, id }, NO_LOG_FROM, itemIndex)).status;
			if (after.paused !== pause && !isTransTerminal(after.status_desc)) {
				throw new NodeOperationError(node, `The Hop Server did not ${pause ? 'pause' : 'resume'} the pipeline "${ref.name}" (id ${id}): its status is "${after.status_desc}"`, {
					itemIndex,
					description: result.message ? `The server said: ${result.message}` : undefined,
				});
			}
			return toItems({ ...out, paused: after.paused === true, changed: true, statusDesc: after.status_desc, message: result.message });
		},
	});
	return { description, execute };
}
