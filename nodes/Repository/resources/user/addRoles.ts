import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { show } from '../../shared/paths';
import { readName, readRoles, requireOwnStore, rolesField, userField } from '../../shared/userRoles';
import { assignRoles } from './shared';

export const description = updateDisplayOptions({ show: show('user', 'addRoles') }, [userField('The user to give the roles to'), rolesField('Roles to add (the user keeps the others)')]);

/** Add Roles: `PUT /api/userroledao/assignRoleToUser` (shared.ts), then the user's roles read back. */
export const execute = defineOperation<{ user: string; roles: string[] }>({
	plan(itemIndex) {
		return { user: readName(this, itemIndex, 'user', 'User'), roles: readRoles(this, itemIndex, true) };
	},
	async run(plan, itemIndex) {
		await requireOwnStore(this, itemIndex, `Adding roles to "${plan.user}"`);
		const roles = await assignRoles(this, plan.user, plan.roles, itemIndex);
		return toItems({ userName: plan.user, added: plan.roles, roles });
	},
});
