import { NodeOperationError, type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, sendPlanned } from '../../../common/executor';
import { optionsCollection, optionsOf } from '../../../common/fields';
import { attributeOptions, attributesOf, LDAP_ATTRIBUTES, LDAP_PASSWORD_KEY } from '../../shared/ldap';
import { show } from '../../shared/paths';

const showOn = show('ldap', 'updateSettings');

export const description = updateDisplayOptions({ show: showOn }, [
	{
		displayName: 'Only administrators may change the LDAP settings',
		name: 'ldapNotice',
		type: 'notice',
		default: '',
	},
	{
		displayName: 'Attributes',
		name: 'attributes',
		type: 'collection',
		placeholder: 'Add Attribute',
		default: {},
		description: 'The attributes to change',
		options: attributeOptions(),
	},
	optionsCollection([
		{
			displayName: 'Send Only Changed Attributes',
			name: 'onlyChanged',
			type: 'boolean',
			default: false,
			description:
				'Whether to send only the attributes set above. When off (or left out), the current settings are read first and sent back with your changes (the password only when you set it).',
		},
	]),
]);

interface Plan {
	changes: Record<string, string>;
	onlyChanged: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const given = this.getNodeParameter('attributes', itemIndex, {}) as IDataObject;
		const changes: Record<string, string> = {};
		for (const spec of LDAP_ATTRIBUTES) {
			if (!(spec.field in given)) continue;
			const value = given[spec.field];
			changes[spec.key] = spec.boolean ? String(value === true || value === 'true') : String(value ?? '');
		}
		if (Object.keys(changes).length === 0) throw new NodeOperationError(this.getNode(), 'Add at least one attribute to change', { itemIndex });
		return { changes, onlyChanged: optionsOf(this, itemIndex).onlyChanged === true };
	},
	async run(plan, itemIndex) {
		let attributes = { ...plan.changes };
		if (!plan.onlyChanged) {
			const current = attributesOf((await sendPlanned(this, { method: 'GET', path: '/api/ldap/config/getAttributeValues', expect: 'json' }, itemIndex)).body);
			// A password read back may be masked; sending it again would overwrite the real one.
			delete current[LDAP_PASSWORD_KEY];
			attributes = { ...current, ...plan.changes };
		}
		await sendPlanned(
			this,
			{
				method: 'PUT',
				path: '/api/ldap/config/setAttributeValues',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ attributes: Object.entries(attributes).map(([key, value]) => ({ key, value })) }),
				expect: 'empty',
				refusals: { 403: 'Only administrators may change the LDAP settings, and this user is not one' },
			},
			itemIndex,
		);
		return toItems({ updated: true, changed: Object.keys(plan.changes), sent: Object.keys(attributes) });
	},
});
