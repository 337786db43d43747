import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { limitOf, returnAllFields } from '../../../common/fields';
import { show } from '../../shared/paths';
import { listRoles } from '../../shared/userRoles';

export const description = updateDisplayOptions({ show: show('role', 'getMany') }, [...returnAllFields()]);

/**
 * Get Many: `GET /api/userroledao/roles` (the server's roles, Administrator included, Authenticated and Anonymous not:
 * AbstractJcrBackedUserRoleDao `getRoles`), or on an LDAP/JDBC server `GET /api/userrolelist/roles?addExtraRoles=false`
 * (what the platform's own panel lists then: UserRolesAdminPanelController@11.0.0.3-310).
 */
export const execute = defineOperation<{ limit?: number }>({
	plan(itemIndex) {
		return { limit: limitOf(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const roles = await listRoles(this, itemIndex);
		return toItems((plan.limit === undefined ? roles : roles.slice(0, plan.limit)).map((roleName) => ({ roleName })));
	},
});
