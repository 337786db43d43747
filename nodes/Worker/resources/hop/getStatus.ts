/** Get Status (Hop Server): /hop/pipelineStatus/ or /hop/workflowStatus/ with xml=Y and the first log line. */
import { type IDataObject, type INodeProperties, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, type CustomOperation } from '../../../common/executor';
import { readStatusOptions, statusOptions } from '../../shared/fields';
import type { HopKind } from '../../shared/hopDefinition';
import { HOP } from '../../shared/hopRun';
import { hopPath, readHopDocument } from '../../shared/hopServer';
import {
	pipelineRefFields,
	pipelineStatusJson,
	readPipelineRef,
	readPipelineStatus,
	readWorkflowRef,
	readWorkflowStatus,
	workflowRefFields,
	workflowStatusJson,
} from '../../shared/hopStatus';
import { camelKeys } from '../../shared/outputKeys';
import { simpleStatus } from '../../shared/simplify';
import { refQuery, type RunRef } from '../../shared/runRef';

interface Plan {
	ref: RunRef;
	from: number;
	includeRaw: boolean;
}

export function build(kind: HopKind): { description: INodeProperties[]; execute: CustomOperation } {
	const n = HOP[kind];
	const description = updateDisplayOptions({ show: { resource: [kind], operation: ['getStatus'] } }, [
		...(kind === 'pipeline' ? pipelineRefFields({ options: statusOptions() }) : workflowRefFields({ options: statusOptions() })),
	]);
	const execute = requestOperation<Plan>({
		plan(itemIndex) {
			const ref = kind === 'pipeline' ? readPipelineRef(this, itemIndex) : readWorkflowRef(this, itemIndex);
			return { ref, ...readStatusOptions(this, itemIndex) };
		},
		simplify: simpleStatus(kind),
		request(plan) {
			// Read as text: Hop before 2.18.0 writes this XML as text/html (hopServer.ts).
			return { method: 'GET', path: hopPath(n.status), qs: { ...refQuery(plan.ref), from: plan.from, xml: 'Y' }, headers: { Accept: 'application/xml, text/xml, */*' }, expect: 'text' };
		},
		output(plan, response, itemIndex) {
			const raw = String(response.body ?? '');
			const root = kind === 'pipeline' ? 'pipeline-status' : 'workflow-status';
			const record = readHopDocument(this.getNode(), raw, root, `GET ${hopPath(n.status)}`, response.status, itemIndex);
			const json: IDataObject =
				kind === 'pipeline' ? camelKeys(pipelineStatusJson(readPipelineStatus(record))) : camelKeys(workflowStatusJson(readWorkflowStatus(record)));
			// The servlet writes the request's name back (empty when it was looked up by id alone).
			if (json[`${kind}Name`] === '') json[`${kind}Name`] = plan.ref.name;
			if (plan.includeRaw) json.raw = raw;
			return json;
		},
	});
	return { description, execute };
}
