import { updateDisplayOptions } from 'n8n-workflow';

import { apiError, extractServerMessage } from '../../../common/errors';
import { requestOperation } from '../../../common/executor';
import { optionsOf, rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { requiredText, workerEndpoint } from '../../shared/fields';
import { parseSocketList } from '../../shared/sockets';
import { SIMPLE_SOCKET } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const show = { resource: ['socket'], operation: ['list'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Host',
		name: 'host',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. 127.0.0.1',
		description: 'Host to list the ports of',
	},
	rawResponseOptions([
		{
			displayName: 'Only Open',
			name: 'onlyOpen',
			type: 'boolean',
			default: false,
			description: 'Whether to list only the ports that are allocated now',
		},
		SIMPLIFY_OPTION,
	]),
]);

interface Plan {
	host: string;
	onlyOpen: boolean;
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		return {
			host: requiredText(this, 'host', itemIndex, 'Host'),
			onlyOpen: optionsOf(this, itemIndex).onlyOpen === true,
			includeRaw: readIncludeRaw(this, itemIndex),
		};
	},
	simplify: SIMPLE_SOCKET,
	request: async function (plan) {
		// The listing is HTML only (the server has no XML form of it).
		return {
			method: 'GET',
			path: await workerEndpoint(this, 'listSocket'),
			qs: { host: plan.host, onlyOpen: plan.onlyOpen ? 'Y' : 'N' },
			headers: { Accept: 'text/html' },
			expect: 'empty',
		};
	},
	output(plan, response, itemIndex) {
		const html = response.raw ?? '';
		if (!/ports? for host|port allocations/i.test(html)) {
			const message = extractServerMessage(html, response.contentType);
			throw apiError(this.getNode(), {
				message: `The server answered something other than a port listing${message ? `: ${message}` : ''}`,
				description: `GET listSocket answered HTTP ${response.status} with ${response.contentType || 'no content type'}`,
				httpCode: String(response.status),
				itemIndex,
			});
		}
		const ports = parseSocketList(html, plan.host);
		if (plan.includeRaw && ports.length > 0) ports[0] = { ...ports[0], raw: html };
		return ports;
	},
});
