import { updateDisplayOptions } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { show } from '../../shared/paths';
import { DAO, listRoles, readName, requireOwnStore, requireRole, roleField } from '../../shared/userRoles';

export const description = updateDisplayOptions({ show: show('role', 'delete') }, [roleField('The role to delete (its members lose it)')]);

/**
 * Delete: `PUT /api/userroledao/deleteRoles?roleNames=<name>` (UserRoleDaoResource `deleteRoles`@9.3.0.0-422 … @11.0.0.3-310):
 * 204, also for a role the server does not know (skipped), so the role is looked up first and the list read again
 * after; 403 for non-administrators; a bare 500 for the system roles (AbstractJcrBackedUserRoleDao `deleteRole`:
 * "ATTEMPTED_SYSTEM_ROLE_DELETE", Administrator among them).
 */
export const execute = defineOperation<{ role: string }>({
	plan(itemIndex) {
		return { role: readName(this, itemIndex, 'role', 'Role') };
	},
	async run(plan, itemIndex) {
		await requireOwnStore(this, itemIndex, `Deleting the role "${plan.role}"`);
		await requireRole(this, plan.role, itemIndex);
		await dataflowRequest(this, {
			method: 'PUT',
			path: `${DAO}/deleteRoles`,
			qs: { roleNames: plan.role },
			expect: 'empty',
			refusals: {
				403: 'Only administrators may delete roles, and this user is not one',
				500: `The server refused to delete the role "${plan.role}": it keeps its system roles (Administrator, Authenticated, Anonymous)`,
			},
			itemIndex,
		});
		if ((await listRoles(this, itemIndex)).includes(plan.role)) {
			throw apiError(this.getNode(), { message: `The server answered success but still lists the role "${plan.role}"`, httpCode: '204', itemIndex });
		}
		return toItems({ roleName: plan.role, deleted: true });
	},
});
