import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { show } from '../../shared/paths';
import { DAO, listUsers, loggedInUser, readName, requireOwnStore, requireUser, userField } from '../../shared/userRoles';

export const description = updateDisplayOptions({ show: show('user', 'delete') }, [userField('The user to delete (with their roles; their home folder stays)')]);

/**
 * Delete: `PUT /api/userroledao/deleteUsers?userNames=<name>` (UserRoleDaoResource `deleteUsers`@9.3.0.0-422 … @11.0.0.3-310):
 * 204, also for a name the server does not know (UserRoleDaoService skips it), so the user is looked up first and the
 * list read again after; 403 for non-administrators; a bare 500 when the server refuses (AbstractJcrBackedUserRoleDao
 * `canDeleteUser`: the user who asks and the default administrator while they hold Administrator, the last Administrator).
 * The user the node is logged in as is refused before any request.
 */
export const execute = defineOperation<{ user: string }>({
	async plan(itemIndex) {
		const user = readName(this, itemIndex, 'user', 'User');
		const me = await loggedInUser(this);
		if (me !== '' && me.toLowerCase() === user.toLowerCase()) {
			throw new NodeOperationError(this.getNode(), `Deleting "${user}" is refused: it is the user this credential logs in as`, {
				itemIndex,
				description: 'Use a credential of another administrator to delete this user. (The server refuses it too, with a bare error, while the user holds the Administrator role.)',
			});
		}
		return { user };
	},
	async run(plan, itemIndex) {
		await requireOwnStore(this, itemIndex, `Deleting the user "${plan.user}"`);
		await requireUser(this, plan.user, itemIndex);
		await dataflowRequest(this, {
			method: 'PUT',
			path: `${DAO}/deleteUsers`,
			qs: { userNames: plan.user },
			expect: 'empty',
			refusals: {
				403: 'Only administrators may delete users, and this user is not one',
				404: `The server has no user "${plan.user}"`,
				500: `The server refused to delete "${plan.user}": it keeps its default administrator, the user who asks and the last member of the Administrator role`,
			},
			itemIndex,
		});
		if ((await listUsers(this, itemIndex)).includes(plan.user)) {
			throw apiError(this.getNode(), { message: `The server answered success but still lists the user "${plan.user}"`, httpCode: '204', itemIndex });
		}
		return toItems({ userName: plan.user, deleted: true });
	},
});
