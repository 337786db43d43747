import { NodeOperationError, type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { mimeTypeOf } from '../../../common/binary';
import { readBodyText } from '../../../common/decode';
import { apiError } from '../../../common/errors';
import { requestOperation } from '../../../common/executor';
import { binaryItem } from '../../shared/builders';
import { show } from '../../shared/paths';
import { addressJson, nameValueField, readNameValues, readResourceAddress, resourceAddressFields, type ResourceAddress } from '../../shared/resourceContext';
import { binaryOutputField } from '../../../common/fields';

const showOn = show('resource', 'get');

export const description = updateDisplayOptions({ show: showOn }, [
	...resourceAddressFields(),
	nameValueField('parameters', 'Parameters', 'Add Parameter', 'Extra query parameters for rendering the resource'),
	binaryOutputField(),
]);

interface Plan {
	address: ResourceAddress;
	qs: Record<string, string>;
	property: string;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
		if (property === '') throw new NodeOperationError(this.getNode(), 'The output binary field name is empty', { itemIndex });
		return { address: readResourceAddress(this, itemIndex), qs: readNameValues(this, itemIndex, 'parameters'), property };
	},
	request: (plan) => ({
		method: 'GET',
		path: plan.address.url,
		qs: Object.keys(plan.qs).length ? plan.qs : undefined,
		headers: { Accept: '*/*' },
		expect: 'stream',
	}),
	async output(plan, response, itemIndex) {
		if (/json/.test(mimeTypeOf(response.contentType))) {
			// JSON answers become items; anything else is a file.
			const text = await readBodyText(response.body, Number.MAX_SAFE_INTEGER);
			let value: unknown;
			try {
				value = text.trim() === '' ? {} : JSON.parse(text);
			} catch {
				throw apiError(this.getNode(), { message: 'The server answered malformed JSON', httpCode: String(response.status), itemIndex });
			}
			const list = Array.isArray(value) ? value : [value];
			return list.map((entry) => (entry !== null && typeof entry === 'object' && !Array.isArray(entry) ? (entry as IDataObject) : { value: entry as string }));
		}
		return await binaryItem(this, response, { fileName: plan.address.resourceId, property: plan.property, json: addressJson(plan.address) });
	},
});
