/** Role changes of a user, shared by Create, Add Roles and Remove Roles: the change, then the roles read back. */
import type { IExecuteFunctions } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { dataflowRequest } from '../../../common/transport';
import { DAO, rolesOfUser } from '../../shared/userRoles';

/**
 * `PUT /api/userroledao/assignRoleToUser?userName=&roleNames=<tab-separated>` (UserRoleDaoResource `assignRolesToUser`
 * → UserRoleDaoService: the user's roles plus these, set at once): 204; 403 for non-administrators; 500 for an unknown
 * user or role (NotFoundException and UncategorizedUserRoleDaoException both become a bare 500@9.3.0.0-422 … @11.0.0.3-310).
 * The roles are read back: a role the server does not list afterwards fails the item.
 */
export async function assignRoles(ctx: IExecuteFunctions, user: string, roles: string[], itemIndex: number): Promise<string[]> {
	await dataflowRequest(ctx, {
		method: 'PUT',
		path: `${DAO}/assignRoleToUser`,
		qs: { userName: user, roleNames: roles.join('\t') },
		expect: 'empty',
		refusals: {
			403: 'Only administrators may change the roles of a user, and this user is not one',
			500: `The server could not give "${user}" the roles ${roles.join(', ')}: the user or one of the roles does not exist`,
		},
		itemIndex,
	});
	const now = await rolesOfUser(ctx, user, itemIndex);
	const lacking = roles.filter((role) => !now.includes(role));
	if (lacking.length) {
		throw apiError(ctx.getNode(), { message: `The server answered success but "${user}" does not hold ${lacking.join(', ')}`, httpCode: '204', itemIndex });
	}
	return now;
}

/**
 * `PUT /api/userroledao/removeRoleFromUser?userName=&roleNames=` (UserRoleDaoResource `removeRolesFromUser`): 204; 403;
 * 404 for an unknown user; 500 when the server refuses (AbstractJcrBackedUserRoleDao `setUserRoles`: the Administrator
 * role stays with the user who asks and with the default administrator). Its messages do not survive Jersey 1. Read back.
 */
export async function removeRoles(ctx: IExecuteFunctions, user: string, roles: string[], itemIndex: number): Promise<string[]> {
	await dataflowRequest(ctx, {
		method: 'PUT',
		path: `${DAO}/removeRoleFromUser`,
		qs: { userName: user, roleNames: roles.join('\t') },
		expect: 'empty',
		refusals: {
			403: 'Only administrators may change the roles of a user, and this user is not one',
			404: `The server has no user "${user}"`,
			500: `The server refused to take ${roles.join(', ')} from "${user}": the Administrator role stays with the user who asks and with the default administrator`,
		},
		itemIndex,
	});
	const now = await rolesOfUser(ctx, user, itemIndex);
	const kept = roles.filter((role) => now.includes(role));
	if (kept.length) {
		throw apiError(ctx.getNode(), { message: `The server answered success but "${user}" still holds ${kept.join(', ')}`, httpCode: '204', itemIndex });
	}
	return now;
}
