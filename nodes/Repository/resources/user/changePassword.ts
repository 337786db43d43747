import { updateDisplayOptions } from 'n8n-workflow';

import { apiError, ownWording } from '../../../common/errors';
import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest, SERVER_CREDENTIAL } from '../../../common/transport';
import { show } from '../../shared/paths';
import { DAO, passwordField, passwordForBody, readName, readPassword, requireOwnStore, userField, validationMessage } from '../../shared/userRoles';

export const description = updateDisplayOptions({ show: show('user', 'changePassword') }, [
	userField('The user whose password to change'),
	passwordField('newPassword', 'New Password', 'The new password. It is sent only in the request body and never appears in the output.'),
	{
		displayName: 'Authorize With',
		name: 'authorization',
		type: 'options',
		options: [
			{
				name: "Credential's Password (Administrator)",
				value: 'administrator',
				description: 'An administrator sets the password; the server checks the credential\'s own password again',
			},
			{
				name: "User's Current Password",
				value: 'currentPassword',
				description: 'The current password of the user is given (the way users change their own password)',
			},
		],
		default: 'administrator',
		required: true,
		description: 'How the server is to accept the change',
	},
	{ ...passwordField('currentPassword', 'Current Password', "The user's current password (sent only in the request body)"), displayOptions: { show: { authorization: ['currentPassword'] } } },
]);

/** Our explanations of bare refusals; they mention passwords, and must not be taken for one (errors.ts `ownWording`). */
const REFUSALS = {
	empty: 'the new password is empty or not accepted',
	current: "the current password is wrong, or the credential may not change this user's password",
	administrator: "the credential is not an administrator, or the server did not accept the credential's password again",
	failedCurrent: 'the user does not exist or the server failed',
	failedAdministrator: 'the server failed (10.2 GA answers 412 for failures other than the password rules)',
};
ownWording(...Object.values(REFUSALS), 'The server refused the new password of');

interface Plan {
	user: string;
	newPassword: string;
	currentPassword?: string;
}

/**
 * Change Password, two ways the server offers (UserRoleDaoResource, UserRoleDaoService@9.3.0.0-422 … @11.0.0.3-310):
 * - as an administrator: `PUT /api/userroledao/updatePassword` `{"userName", "password", "administratorPassword"}`: the
 *   server logs the credential's user in again with administratorPassword (the credential's password), then sets the
 *   password; 403 with PUC_VALIDATION_ERROR_MESSAGE ("Logged-in user re-authentication failed", "… not authorized …",
 *   "User not found"), 400 with it for the password rules; 10.2 GA answers other failures with 412, later builds 500.
 *   The name is URL-encoded: the server decodes it.
 * - with the user's current password: `PUT /api/userroledao/user` `{"userName", "newPassword", "oldPassword"}`: for the
 *   user themselves or an administrator, always with the right current password; 403 / 400 with the header, 412 otherwise.
 * Passwords travel only in the JSON body and are redacted from every error.
 */
export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const user = readName(this, itemIndex, 'user', 'User');
		const newPassword = readPassword(this, itemIndex, 'newPassword', 'New Password');
		const byCurrent = this.getNodeParameter('authorization', itemIndex, 'administrator') === 'currentPassword';
		return { user, newPassword, ...(byCurrent ? { currentPassword: readPassword(this, itemIndex, 'currentPassword', 'Current Password') } : {}) };
	},
	async run(plan, itemIndex) {
		await requireOwnStore(this, itemIndex, `Changing the password of "${plan.user}"`);
		const newPassword = await passwordForBody(this, itemIndex, plan.newPassword);
		let path: string;
		let body: Record<string, string>;
		const secrets = [plan.newPassword, newPassword];
		if (plan.currentPassword !== undefined) {
			const oldPassword = await passwordForBody(this, itemIndex, plan.currentPassword);
			secrets.push(plan.currentPassword, oldPassword);
			path = `${DAO}/user`;
			body = { userName: plan.user, newPassword, oldPassword };
		} else {
			const credentials = await this.getCredentials(SERVER_CREDENTIAL);
			const administratorPassword = await passwordForBody(this, itemIndex, String(credentials.password ?? ''));
			secrets.push(administratorPassword);
			path = `${DAO}/updatePassword`;
			body = { userName: encodeURIComponent(plan.user), password: newPassword, administratorPassword };
		}
		const response = await dataflowRequest(this, {
			method: 'PUT',
			path,
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(body),
			expect: 'empty',
			okStatuses: [400, 403, 412],
			secrets,
			itemIndex,
		});
		if (response.status !== 204 && response.status !== 200) {
			const said = validationMessage(response.headers, secrets);
			const fallback: Record<number, string> = {
				400: REFUSALS.empty,
				403: plan.currentPassword !== undefined ? REFUSALS.current : REFUSALS.administrator,
				412: plan.currentPassword !== undefined ? REFUSALS.failedCurrent : REFUSALS.failedAdministrator,
			};
			throw apiError(this.getNode(), {
				message: `The server refused the new password of "${plan.user}": ${said ?? fallback[response.status]}`,
				description: `HTTP ${response.status} from PUT ${path}`,
				httpCode: String(response.status),
				itemIndex,
			});
		}
		return toItems({ userName: plan.user, passwordChanged: true });
	},
});
