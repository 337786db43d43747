import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { locatorField, locatorValue } from '../../shared/locators';
import { JDBC_PATH } from '../../shared/paths';
import { refusals } from '../../shared/request';

const show = { resource: ['jdbcConnection'], operation: ['delete'] };

export const description = updateDisplayOptions({ show }, [
	locatorField({
		displayName: 'Connection',
		name: 'connection',
		description: 'The JDBC connection to remove',
		searchListMethod: 'searchConnections',
		placeholder: 'e.g. SampleData',
	}),
]);

export const execute = requestOperation<{ name: string }>({
	plan(itemIndex) {
		return { name: locatorValue(this, 'connection', itemIndex, 'Connection') };
	},
	request(plan) {
		// 204: removed. The server documents 304 for "nothing removed", but its code answers an empty 500
		// for a missing connection and for a user who may not manage data sources.
		return {
			method: 'DELETE', path: `${JDBC_PATH}/${encodeURIComponent(plan.name)}`, expect: 'empty', okStatuses: [304],
			refusals: refusals({
				500: `The server could not remove the connection "${plan.name}": it answers this way when no connection has that name or this user may not manage data sources`,
			}),
		};
	},
	output(plan, response) {
		return { name: plan.name, deleted: response.status !== 304 };
	},
});
