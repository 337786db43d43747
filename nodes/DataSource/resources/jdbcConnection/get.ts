import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { optionsCollection, optionsOf } from '../../../common/fields';
import { normalizeConnection } from '../../shared/connection';
import { locatorField, locatorValue } from '../../shared/locators';
import { JDBC_PATH } from '../../shared/paths';
import { refusals } from '../../shared/request';
import { SIMPLE_CONNECTION } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const show = { resource: ['jdbcConnection'], operation: ['get'] };

export const description = updateDisplayOptions({ show }, [
	locatorField({
		displayName: 'Connection',
		name: 'connection',
		description: 'The JDBC connection to read',
		searchListMethod: 'searchConnections',
		placeholder: 'e.g. SampleData',
	}),
	optionsCollection([
		{
			displayName: 'Include Password',
			name: 'includePassword',
			type: 'boolean',
			default: false,
			description:
				'Whether to keep the password as the server sends it (null, or its "Encrypted …" form, which anyone can decrypt) in the output; it is left out by default so that it is not stored with the execution',
		},
		SIMPLIFY_OPTION,
	]),
]);

export const execute = requestOperation<{ name: string; includePassword: boolean }>({
	plan(itemIndex) {
		return { name: locatorValue(this, 'connection', itemIndex, 'Connection'), includePassword: optionsOf(this, itemIndex).includePassword === true };
	},
	simplify: SIMPLE_CONNECTION,
	request(plan) {
		return {
			method: 'GET', path: `${JDBC_PATH}/${encodeURIComponent(plan.name)}`, expect: 'json',
			// The server answers every failure, "no such connection" and "not allowed" included, with an empty 500.
			refusals: refusals({
				500: `The server could not read the connection "${plan.name}": it answers this way when no connection has that name or this user may not manage data sources`,
			}),
		};
	},
	output(plan, { body }) {
		const connection = normalizeConnection(body);
		// Kettle's "Encrypted …" form is a fixed-key obfuscation, not a protection: a secret, left out unless asked for.
		if (!plan.includePassword) delete connection.password;
		return connection;
	},
});
