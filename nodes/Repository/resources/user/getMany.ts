import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { limitOf, returnAllFields } from '../../../common/fields';
import { show } from '../../shared/paths';
import { listUsers } from '../../shared/userRoles';

export const description = updateDisplayOptions({ show: show('user', 'getMany') }, [...returnAllFields()]);

/**
 * Get Many: `GET /api/userroledao/users` (the server's store; any user who may read the repository), or on a
 * server that logs users in through LDAP or JDBC `GET /api/userrolelist/users` (the provider's list):
 * UserRoleDaoResource `getUsers` and UserRoleListResource `getUsers`@9.3.0.0-422 … @11.0.0.3-310.
 */
export const execute = defineOperation<{ limit?: number }>({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const users = await listUsers(this, itemIndex);
		return toItems((plan.limit === undefined ? users : users.slice(0, plan.limit)).map((userName) => ({ userName })));
	},
});
