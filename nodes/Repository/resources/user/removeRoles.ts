import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { show } from '../../shared/paths';
import { readName, readRoles, requireOwnStore, rolesField, userField } from '../../shared/userRoles';
import { removeRoles } from './shared';

export const description = updateDisplayOptions({ show: show('user', 'removeRoles') }, [userField('The user to take the roles from'), rolesField('Roles to remove (the user keeps the others)')]);

/** Remove Roles: `PUT /api/userroledao/removeRoleFromUser` (shared.ts), then the user's roles read back. */
export const execute = defineOperation<{ user: string; roles: string[] }>({
	plan(itemIndex) {
		return { user: readName(this, itemIndex, 'user', 'User'), roles: readRoles(this, itemIndex, true) };
	},
	async run(plan, itemIndex) {
		await requireOwnStore(this, itemIndex, `Removing roles from "${plan.user}"`);
		const roles = await removeRoles(this, plan.user, plan.roles, itemIndex);
		return toItems({ userName: plan.user, removed: plan.roles, roles });
	},
});
