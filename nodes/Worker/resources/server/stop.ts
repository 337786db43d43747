import { NodeApiError, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { apiError, dataflowRequest } from '../../../common/transport';
import { toBoolean } from '../../../common/values';
import { INCLUDE_RAW_OPTION, optionsOf, stopEndpoint } from '../../shared/fields';

const show = { resource: ['server'], operation: ['stop'] };

const ENABLE_HINT =
	'Stopping must be enabled on the worker server when it is started (it is off by default); ask its administrator.';

export const description: INodeProperties[] = [
	{
		displayName:
			'Shuts the worker server down: every running job and transformation on it ends. The server only accepts this when stopping was enabled at its start; otherwise the node fails with a clear message.',
		name: 'stopNotice',
		type: 'notice',
		default: '',
		displayOptions: { show },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [INCLUDE_RAW_OPTION],
	},
];

export const execute = defineOperation<{ includeRaw: boolean }>({
	concurrency: 1,
	plan(itemIndex) {
		return { includeRaw: optionsOf(this, itemIndex).includeRaw === true };
	},
	async run(plan, itemIndex) {
		const node = this.getNode();
		const path = await stopEndpoint(this);
		let response;
		try {
			response = await dataflowRequest<IDataObject>(this, { method: 'GET', path, qs: { xml: 'Y' }, expect: 'xml', itemIndex });
		} catch (error) {
			const code = error instanceof NodeApiError ? (error.httpCode ?? undefined) : undefined;
			const message = error instanceof Error ? error.message : String(error);
			const refused = code === '403' || code === '404' || code === '405';
			throw apiError(node, {
				message: refused ? `The worker server refused to stop (HTTP ${code}): ${message}` : message,
				description: refused ? ENABLE_HINT : ((error as NodeApiError).description ?? undefined),
				httpCode: code,
				itemIndex,
			});
		}
		const accepted = toBoolean(response.body.request_accepted);
		if (accepted !== true) {
			throw apiError(node, {
				message:
					accepted === false
						? 'The worker server did not accept the stop request (request_accepted = N)'
						: `The worker server answered the stop request without "request_accepted" (root element: ${Object.keys(response.body)[0] ?? 'none'})`,
				description: ENABLE_HINT,
				httpCode: String(response.status),
				itemIndex,
			});
		}
		const json: IDataObject = { requestAccepted: true };
		if (plan.includeRaw) json.raw = response.raw;
		return toItems(json);
	},
});
