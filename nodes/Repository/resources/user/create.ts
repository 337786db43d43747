import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { apiError, ownWording } from '../../../common/errors';
import { defineOperation, toItems } from '../../../common/executor';
import { optionsCollection } from '../../../common/fields';
import { dataflowRequest } from '../../../common/transport';
import { show } from '../../shared/paths';
import { checkNames } from '../../shared/reserved';
import {
	checkedName,
	DAO,
	passwordField,
	passwordForBody,
	readPassword,
	readRoles,
	requireOwnStore,
	rolesField,
	validationMessage,
} from '../../shared/userRoles';
import { assignRoles } from './shared';

export const description = updateDisplayOptions({ show: show('user', 'create') }, [
	{
		displayName: 'User Name',
		name: 'userName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. jdoe',
		description: 'Name of the new user (a home folder of that name is created with it)',
	},
	passwordField('password', 'Password', "The new user's password. It is sent only in the request body and never appears in the output."),
	optionsCollection([{ ...rolesField('Roles to give the new user', false) }]),
]);

/** Our explanations; they mention passwords, and must not be taken for one (errors.ts `ownWording`). */
const PASSWORD_RULES =
	"From 10.2.0.3-306 and 11.0 passwords may hold only a-z A-Z 0-9 _ . , : ; < > | ! @ # $ % ^ & * ( ) [ ] -; a length and a special character may be required by the server's security.properties.";
const BAD_NAME = 'HTTP 400 from PUT /api/userroledao/createUser: an empty name or password, or a name with a character the repository reserves';
ownWording(PASSWORD_RULES, BAD_NAME, 'The server refused the password of', 'or its password');

interface Plan {
	userName: string;
	password: string;
	roles: string[];
}

/**
 * Create: `PUT /api/userroledao/createUser` with `{"userName", "password"}` as JSON (UserRoleDaoResource `createUser`,
 * UserRoleDaoService `createUser`@9.3.0.0-422 … @11.0.0.3-310): 204; 403 for non-administrators; 400 with the
 * PUC_VALIDATION_ERROR_MESSAGE header for a password the server's rules refuse (allowed characters from 10.2.0.3-306
 * and 11.0, length and special characters from security.properties), 400 without it for an empty or reserved-character
 * name; 412 when the user exists (or the name cannot be decoded). The name is URL-encoded because the server decodes it.
 * Roles given are then assigned (`PUT assignRoleToUser`) and read back.
 */
export const execute = defineOperation<Plan>({
	async plan(itemIndex) {
		const userName = checkedName(this.getNodeParameter('userName', itemIndex, ''), 'User Name');
		const password = readPassword(this, itemIndex, 'password', 'Password');
		const options = (this.getNodeParameter('options', itemIndex, {}) ?? {}) as { roles?: unknown };
		const roles = options.roles === undefined ? [] : readRoles(this, itemIndex, false, 'options.roles');
		// The server checks the name against the repository's reserved characters (it names a home folder after it).
		await checkNames(this, itemIndex, [userName], 'The user name');
		return { userName, password, roles };
	},
	async run(plan, itemIndex) {
		await requireOwnStore(this, itemIndex, `Creating the user "${plan.userName}"`);
		const password = await passwordForBody(this, itemIndex, plan.password);
		const response = await dataflowRequest(this, {
			method: 'PUT',
			path: `${DAO}/createUser`,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ userName: encodeURIComponent(plan.userName), password }),
			expect: 'empty',
			okStatuses: [400, 412],
			refusals: { 403: 'Only administrators may create users, and this user is not one' },
			secrets: [plan.password, password],
			itemIndex,
		});
		if (response.status === 400) {
			const said = validationMessage(response.headers, [plan.password, password]);
			throw apiError(this.getNode(), {
				message: said ? `The server refused the password of "${plan.userName}": ${said}` : `The server refused the user name "${plan.userName}" or its password`,
				description: said ? PASSWORD_RULES : BAD_NAME,
				httpCode: '400',
				itemIndex,
			});
		}
		if (response.status === 412) {
			throw apiError(this.getNode(), {
				message: `The server could not create the user "${plan.userName}": a user of that name most likely exists already`,
				description: 'HTTP 412 from PUT /api/userroledao/createUser (the server answers 412 whenever it does not create the user: an existing user, a name it cannot decode)',
				httpCode: '412',
				itemIndex,
			});
		}
		const output: IDataObject = { userName: plan.userName, created: true };
		if (plan.roles.length) {
			output.roles = await assignRoles(this, plan.userName, plan.roles, itemIndex);
		}
		return toItems(output);
	},
});
