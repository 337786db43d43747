import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { show } from '../../shared/paths';
import { addressJson, nameValueField, readNameValues, readResourceAddress, resourceAddressFields, type ResourceAddress } from '../../shared/resourceContext';

const showOn = show('resource', 'post');

export const description = updateDisplayOptions({ show: showOn }, [
	...resourceAddressFields(),
	nameValueField('formProperties', 'Properties', 'Add Property', 'Properties to send as a form'),
]);

interface Plan {
	address: ResourceAddress;
	form: Record<string, string>;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		return { address: readResourceAddress(this, itemIndex), form: readNameValues(this, itemIndex, 'formProperties') };
	},
	request: (plan) => ({
		method: 'POST',
		path: plan.address.url,
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams(plan.form).toString(),
		expect: 'empty',
	}),
	output: (plan) => ({ ...addressJson(plan.address), properties: plan.form, success: true }),
});
