import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation, toItems } from '../../../common/executor';
import { optionsOf, rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import type { DataflowResponse } from '../../../common/transport';
import { apiError } from '../../../common/errors';
import { toNumber } from '../../../common/values';
import { optionalInteger, requiredText, workerEndpoint } from '../../shared/fields';

const show = { resource: ['sequence'], operation: ['reserve'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Sequence Name',
		name: 'sequenceName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. orders',
		description: 'Name of a sequence configured on the server',
	},
	rawResponseOptions([
		{
			displayName: 'Increment',
			name: 'increment',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 10000,
			description: 'How many values to reserve (10000 when not set)',
		},
	]),
]);

interface Plan {
	name: string;
	increment: number;
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const name = requiredText(this, 'sequenceName', itemIndex, 'Sequence Name');
		const raw = optionsOf(this, itemIndex).increment ?? 10000;
		const increment = optionalInteger(this, raw === '' || raw === null ? undefined : raw, itemIndex, 'Increment', 1) ?? 10000;
		return { name, increment, includeRaw: readIncludeRaw(this, itemIndex) };
	},
	async request(plan) {
		// An unknown sequence is a 404 whose body is the web container's error page: the server calls
		// sendError(404) before it writes its own <seq><error> (pentaho/pentaho-kettle:engine/src/main/java/
		// org/pentaho/di/www/NextSequenceValueServlet.java@028843ec4ec28d4933886af2f3a3ee9bfc428b51), so the
		// 404 is read as an answer and explained below.
		return { method: 'GET', path: await workerEndpoint(this, 'nextSequence'), qs: { name: plan.name, increment: plan.increment }, expect: 'xml', okStatuses: [404] };
	},
	output(plan, answer, itemIndex) {
		const node = this.getNode();
		if (answer.status === 404) {
			throw apiError(node, {
				message: `The worker server has no sequence named "${plan.name}" (HTTP 404)`,
				description:
					'Sequences are configured in the worker server\'s configuration file (<sequence> entries); the server creates unknown ones only when automatic creation is on. A 404 can also mean the worker path of the credential is wrong.',
				httpCode: '404',
				itemIndex,
			});
		}
		const response = answer as DataflowResponse<IDataObject>;
		const seq = response.body.seq as IDataObject | undefined;
		if (!seq || typeof seq !== 'object') {
			throw apiError(node, {
				message: `The server answered a document without a sequence value (root element: ${Object.keys(response.body)[0] ?? 'none'})`,
				itemIndex,
			});
		}
		if (typeof seq.error === 'string' && seq.error.trim() !== '') {
			throw apiError(node, { message: seq.error.trim(), httpCode: String(response.status), itemIndex });
		}
		const value = toNumber(seq.value);
		const increment = toNumber(seq.increment) ?? plan.increment;
		if (value === undefined) {
			throw apiError(node, { message: `The server answered a sequence value that is not a number: "${String(seq.value)}"`, itemIndex });
		}
		const json: IDataObject = { name: plan.name, firstValue: value, lastValue: value + increment - 1, increment };
		if (plan.includeRaw) json.raw = response.raw;
		return toItems(json);
	},
});
