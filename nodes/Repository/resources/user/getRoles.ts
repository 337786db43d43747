import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { show } from '../../shared/paths';
import { readName, requireUser, rolesOfUser, userField } from '../../shared/userRoles';

export const description = updateDisplayOptions({ show: show('user', 'getRoles') }, [userField('The user whose roles to list')]);

/**
 * Get Roles: `GET /api/userroledao/userRoles?userName=` (LDAP/JDBC: `GET /api/userrolelist/getRolesForUser?user=`),
 * administrators only (UserRoleDaoService `getRolesForUser`: others get a SecurityException the resource does not
 * catch, a bare 500@9.3.0.0-422 … @11.0.0.3-310). One item per role; an empty answer is checked against the user list,
 * so an unknown user is an error rather than "no roles".
 */
export const execute = defineOperation<{ user: string }>({
	plan(itemIndex) {
		return { user: readName(this, itemIndex, 'user', 'User') };
	},
	async run(plan, itemIndex) {
		const roles = await rolesOfUser(this, plan.user, itemIndex);
		if (roles.length === 0) await requireUser(this, plan.user, itemIndex);
		return toItems(roles.map((roleName) => ({ userName: plan.user, roleName })));
	},
});
