import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { show } from '../../shared/paths';
import { membersOfRole, readName, requireRole, roleField } from '../../shared/userRoles';

export const description = updateDisplayOptions({ show: show('role', 'getMembers') }, [roleField('The role whose members to list')]);

/**
 * Get Members: `GET /api/userroledao/roleMembers?roleName=` (administrators only: 403 otherwise), or on an LDAP/JDBC
 * server `GET /api/userrolelist/getUsersInRole?role=` (UserRoleDaoResource `getRoleMembers`, UserRoleListResource
 * `getUsersInRole`@9.3.0.0-422 … @11.0.0.3-310). One item per user; an empty answer is checked against the role list.
 */
export const execute = defineOperation<{ role: string }>({
	plan(itemIndex) {
		return { role: readName(this, itemIndex, 'role', 'Role') };
	},
	async run(plan, itemIndex) {
		const users = await membersOfRole(this, plan.role, itemIndex);
		if (users.length === 0) await requireRole(this, plan.role, itemIndex);
		return toItems(users.map((userName) => ({ roleName: plan.role, userName })));
	},
});
