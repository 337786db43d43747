import { updateDisplayOptions } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { attributesOf, LDAP_PASSWORD_KEY } from '../../shared/ldap';
import { show } from '../../shared/paths';
import { SIMPLE_LDAP_SETTINGS } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const showOn = show('ldap', 'getSettings');

export const description = updateDisplayOptions({ show: showOn }, [
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Password',
				name: 'includePassword',
				type: 'boolean',
				default: false,
				description: 'Whether to keep contextSource.password in the output (it is left out by default so that it is not stored with the execution)',
			},
			SIMPLIFY_OPTION,
		],
	},
]);

export const execute = requestOperation<{ includePassword: boolean }>({
	plan(itemIndex) {
		return { includePassword: (this.getNodeParameter('options', itemIndex, {}) as IDataObject).includePassword === true };
	},
	simplify: SIMPLE_LDAP_SETTINGS,
	request: () => ({ method: 'GET', path: '/api/ldap/config/getAttributeValues', expect: 'json' }),
	output(plan, response) {
		const attributes = attributesOf(response.body);
		if (!plan.includePassword) delete attributes[LDAP_PASSWORD_KEY];
		return attributes;
	},
});
