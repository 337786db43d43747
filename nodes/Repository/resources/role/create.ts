import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { show } from '../../shared/paths';
import { checkedName, DAO, requireOwnStore } from '../../shared/userRoles';

export const description = updateDisplayOptions({ show: show('role', 'create') }, [
	{ displayName: 'Role Name', name: 'roleName', type: 'string', default: '', required: true, placeholder: 'e.g. Sales Analyst', description: 'Name of the new role' },
]);

/**
 * Create: `PUT /api/userroledao/createRole?roleName=` (UserRoleDaoResource `createRole`@9.3.0.0-422 … @11.0.0.3-310):
 * 204; 400 for an empty name; 403 for non-administrators; 412 when it cannot be created (a role of that name exists).
 * A new role holds no permissions until it is bound to some (the platform's role bindings).
 */
export const execute = defineOperation<{ roleName: string }>({
	plan(itemIndex) {
		return { roleName: checkedName(this.getNodeParameter('roleName', itemIndex, ''), 'Role Name') };
	},
	async run(plan, itemIndex) {
		await requireOwnStore(this, itemIndex, `Creating the role "${plan.roleName}"`);
		await dataflowRequest(this, {
			method: 'PUT',
			path: `${DAO}/createRole`,
			qs: { roleName: plan.roleName },
			expect: 'empty',
			refusals: {
				400: `The server refused the role name "${plan.roleName}"`,
				403: 'Only administrators may create roles, and this user is not one',
				412: `The server could not create the role "${plan.roleName}": a role of that name most likely exists already`,
			},
			itemIndex,
		});
		return toItems({ roleName: plan.roleName, created: true });
	},
});
