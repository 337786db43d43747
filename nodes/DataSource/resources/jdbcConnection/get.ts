import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { normalizeConnection } from '../../shared/connection';
import { locatorField, locatorValue } from '../../shared/locators';
import { JDBC_PATH } from '../../shared/paths';
import { refusals } from '../../shared/request';

const show = { resource: ['jdbcConnection'], operation: ['get'] };

export const description = updateDisplayOptions({ show }, [
	locatorField({
		displayName: 'Connection',
		name: 'connection',
		description: 'The JDBC connection to read',
		searchListMethod: 'searchConnections',
		placeholder: 'SampleData',
	}),
]);

export const execute = requestOperation<{ name: string }>({
	plan(itemIndex) {
		return { name: locatorValue(this, 'connection', itemIndex, 'Connection') };
	},
	request(plan) {
		return {
			method: 'GET', path: `${JDBC_PATH}/${encodeURIComponent(plan.name)}`, expect: 'json',
			// The server answers every failure, "no such connection" and "not allowed" included, with an empty 500.
			refusals: refusals({
				500: `The server could not read the connection "${plan.name}": it answers this way when no connection has that name or this user may not manage data sources`,
			}),
		};
	},
	output(_plan, { body }) {
		return normalizeConnection(body);
	},
});
