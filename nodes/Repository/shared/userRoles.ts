/**
 * Users and roles of the BI server (the User and Role resources). What the server does, from
 * pentaho-platform (extensions/.../resources/UserRoleDaoResource.java, services/UserRoleDaoService.java,
 * UserRoleListResource.java, SystemResource.java; repository/.../userroledao/jackrabbit/AbstractJcrBackedUserRoleDao.java;
 * read at 9.3.0.0-422, 10.2.0.0-222, 10.2.0.10-434 and 11.0.0.3-310):
 *
 * - Two APIs. `/api/userroledao` manages the server's own (Jackrabbit) store: lists, create/delete,
 *   passwords, role assignment. `/api/userrolelist` reads the ACTIVE security provider's lists
 *   (security.properties `provider`: jackrabbit by default, or ldap / jdbc). The provider is told by
 *   `GET /api/system/authentication-provider` → `{"authenticationType": "<provider>"}` (every version).
 * - With LDAP or JDBC the DAO still writes the Jackrabbit store (JcrUserRoleDao is the only
 *   IUserRoleDao: repository.spring.xml), answers 204, and changes nothing about who logs in; the
 *   platform's own Users & Roles panel turns its user management off then (user-console
 *   UserRolesAdminPanelController `processLDAPOrJDBCmode`: only "jackrabbit" or "super" manage users). So
 *   the node reads those servers' lists through /api/userrolelist and refuses to write, saying why.
 * - Names: createUser and updatePassword URL-decode the user name ("+" kept: UserRoleDaoService `decode`),
 *   so the node sends it encoded as the platform's console does (`encodeURIComponent`); `/user` and the
 *   query-string endpoints take names as they are. Role and user lists travel tab-separated.
 * - Passwords: "ENC:" + base64 with GWT's alphabet is decoded (`b64DecodePassword`; 10.2.0.0-127 to
 *   10.2.0.1-243 and 10.3.0.0 builds before 105 also URL-decode the result), anything else is taken as it
 *   is. The node sends a password as it is (in the JSON body only), except one that itself starts with
 *   "ENC:", which must be encoded to survive.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type ILoadOptionsFunctions,
	type INodeListSearchResult,
	type INodePropertyOptions,
	type INodeProperties,
} from 'n8n-workflow';

import { apiError, redact } from '../../common/errors';
import { InputError } from '../../common/inputError';
import { serverVersion, type ServerVersion } from '../../common/serverVersion';
import { dataflowRequest, SERVER_CREDENTIAL, type RequestContext } from '../../common/transport';
import { toArray } from '../../common/values';
import { unwrap } from './documents';

export const DAO = '/api/userroledao';
export const LIST = '/api/userrolelist';

export class UserRoleInputError extends InputError {}

/* ---------- the security provider ---------- */

const providers = new WeakMap<object, Promise<string | undefined>>();

/** The server's security provider (`jackrabbit`, `ldap`, `jdbc` …), asked once per execution; undefined when it does not say. */
export async function securityProvider(ctx: RequestContext, itemIndex?: number): Promise<string | undefined> {
	let entry = providers.get(ctx);
	if (!entry) {
		entry = dataflowRequest<unknown>(ctx, {
			method: 'GET',
			path: '/api/system/authentication-provider',
			expect: 'json',
			// Only an endpoint that is not there means "not told"; a failure of a server that has it is a failure.
			okStatuses: [404, 405, 406],
			itemIndex,
		}).then((response) => {
			if (response.status !== 200 || !response.body || typeof response.body !== 'object') return undefined;
			const type = (unwrap(response.body, 'authenticationProvider') as IDataObject).authenticationType;
			return typeof type === 'string' && type.trim() !== '' ? type.trim().toLowerCase() : undefined;
		});
		providers.set(ctx, entry);
		entry.catch(() => providers.delete(ctx));
	}
	return await entry;
}

/** Whether the server's own store is the one users log in with (the console's test: jackrabbit or super; unknown counts as yes). */
export function usesOwnStore(provider: string | undefined): boolean {
	return provider === undefined || provider === 'jackrabbit' || provider === 'super';
}

/** Refuses a write on a server whose users live in LDAP or a database (see the head of this file). */
export async function requireOwnStore(ctx: IExecuteFunctions, itemIndex: number, what: string): Promise<void> {
	const provider = await securityProvider(ctx, itemIndex);
	if (usesOwnStore(provider)) return;
	const where = provider === 'ldap' ? 'the LDAP directory' : provider === 'jdbc' ? 'the user database' : `the "${provider}" provider`;
	throw new NodeOperationError(ctx.getNode(), `${what} is refused: this server logs users in through ${where} (security provider "${provider}")`, {
		itemIndex,
		description:
			"With LDAP or JDBC the server's user and role API still writes its internal store and answers success, but that store is not the one users log in with, so the change would have no effect (the server's own Users & Roles panel turns user management off then). Manage users and roles in " +
			`${where}. Listing users, roles and members works: it reads the provider's lists.`,
	});
}

/* ---------- lists ---------- */

/** Names from a list document: `{users: [...]}`, `{roles: ...}`, `{role: ...}`, `{user: ...}` (JSON, one element bare on Jersey 1) or the XML forms. */
export function namesIn(body: unknown, root: string, keys: string[]): string[] {
	const record = unwrap(body, root);
	for (const key of keys) {
		if (record[key] === undefined) continue;
		return toArray(record[key] as string | string[])
			.map((v) => (v === null || v === undefined ? '' : String(v)))
			.filter((v) => v !== '');
	}
	return [];
}

async function names(ctx: RequestContext, path: string, qs: IDataObject | undefined, root: string, keys: string[], itemIndex: number | undefined, refusals?: Record<number, string>): Promise<string[]> {
	const response = await dataflowRequest<unknown>(ctx, { method: 'GET', path, qs, expect: 'json', itemIndex, refusals });
	return namesIn(response.body, root, keys);
}

/** Every user: the server's store, or the provider's list on LDAP/JDBC servers. */
export async function listUsers(ctx: RequestContext, itemIndex?: number): Promise<string[]> {
	const own = usesOwnStore(await securityProvider(ctx, itemIndex));
	return await names(ctx, own ? `${DAO}/users` : `${LIST}/users`, undefined, 'userList', ['users', 'user'], itemIndex);
}

/** Every role (the system roles Authenticated and Anonymous aside). */
export async function listRoles(ctx: RequestContext, itemIndex?: number): Promise<string[]> {
	const own = usesOwnStore(await securityProvider(ctx, itemIndex));
	return own
		? await names(ctx, `${DAO}/roles`, undefined, 'roleList', ['roles', 'role'], itemIndex)
		: await names(ctx, `${LIST}/roles`, { addExtraRoles: 'false' }, 'roleList', ['roles', 'role'], itemIndex);
}

const ADMIN_ONLY_LIST = 'Only administrators may list the roles of a user or the members of a role; the server answers others with a bare error';

/** The roles of a user. Administrators only (others get a bare 500 from both APIs). */
export async function rolesOfUser(ctx: IExecuteFunctions, user: string, itemIndex: number): Promise<string[]> {
	const own = usesOwnStore(await securityProvider(ctx, itemIndex));
	return own
		? await names(ctx, `${DAO}/userRoles`, { userName: user }, 'roleList', ['roles', 'role'], itemIndex, { 500: ADMIN_ONLY_LIST })
		: await names(ctx, `${LIST}/getRolesForUser`, { user }, 'roles', ['role', 'roles'], itemIndex, { 500: ADMIN_ONLY_LIST });
}

/** The members of a role. Administrators only (403 from the DAO, a bare 500 from the list API). */
export async function membersOfRole(ctx: IExecuteFunctions, role: string, itemIndex: number): Promise<string[]> {
	const own = usesOwnStore(await securityProvider(ctx, itemIndex));
	return own
		? await names(ctx, `${DAO}/roleMembers`, { roleName: role }, 'userList', ['users', 'user'], itemIndex, { 403: ADMIN_ONLY_LIST, 500: ADMIN_ONLY_LIST })
		: await names(ctx, `${LIST}/getUsersInRole`, { role }, 'users', ['user', 'users'], itemIndex, { 500: ADMIN_ONLY_LIST });
}

/** Fails with 404 wording when the user is not on the server (its write endpoints answer 204 for unknown names). */
export async function requireUser(ctx: IExecuteFunctions, user: string, itemIndex: number): Promise<void> {
	if (!(await listUsers(ctx, itemIndex)).includes(user)) throw apiError(ctx.getNode(), { message: `The server has no user "${user}"`, httpCode: '404', itemIndex });
}

export async function requireRole(ctx: IExecuteFunctions, role: string, itemIndex: number): Promise<void> {
	if (!(await listRoles(ctx, itemIndex)).includes(role)) throw apiError(ctx.getNode(), { message: `The server has no role "${role}"`, httpCode: '404', itemIndex });
}

/* ---------- pickers ---------- */

function search(all: string[], filter?: string): INodeListSearchResult {
	const text = (filter ?? '').trim().toLowerCase();
	return { results: all.filter((name) => text === '' || name.toLowerCase().includes(text)).map((name) => ({ name, value: name })) };
}

export async function searchUsers(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return search(await listUsers(this), filter);
}

export async function searchRoles(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return search(await listRoles(this), filter);
}

/** The roles as options of a multi-select (Add Roles, Remove Roles, Create's roles). */
export async function getRoleOptions(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	return (await listRoles(this)).map((name) => ({ name, value: name }));
}

/* ---------- fields ---------- */

function pickerField(kind: 'user' | 'role', name: string, displayName: string, description: string): INodeProperties {
	return {
		displayName,
		name,
		type: 'resourceLocator',
		default: { mode: 'list', value: '' },
		required: true,
		description,
		modes: [
			{
				displayName: 'From List',
				name: 'list',
				type: 'list',
				typeOptions: { searchListMethod: kind === 'user' ? 'searchUsers' : 'searchRoles', searchable: true, searchFilterRequired: false },
			},
			{ displayName: 'By Name', name: 'name', type: 'string', placeholder: kind === 'user' ? 'e.g. suzy' : 'e.g. Power User' },
		],
	};
}

export function userField(description = 'The user, picked from the server\'s users or given by name'): INodeProperties {
	return pickerField('user', 'user', 'User', description);
}

export function roleField(description = 'The role, picked from the server\'s roles or given by name'): INodeProperties {
	return pickerField('role', 'role', 'Role', description);
}

export function rolesField(description: string, required = true): INodeProperties {
	return {
		displayName: 'Role Names or IDs',
		name: 'roles',
		type: 'multiOptions',
		typeOptions: { loadOptionsMethod: 'getRoleOptions' },
		default: [],
		required,
		description: 'Choose from the list, or specify IDs using an <a href="https://docs.n8n.io/code/expressions/">expression</a>',
		hint: description,
	};
}

/** A user or role name: trimmed-equal (no leading or trailing blanks), not empty, no tab (the lists' separator). */
export function checkedName(value: unknown, label: string): string {
	const text = value === null || value === undefined ? '' : String(value);
	if (text.trim() === '') throw new UserRoleInputError(`${label} is empty`);
	if (text !== text.trim()) throw new UserRoleInputError(`${label} "${text}" begins or ends with a blank, which servers from 10.2.0.2-281 and 11.0 trim away and older ones keep`);
	if (/[\t\r\n]/.test(text)) throw new UserRoleInputError(`${label} "${text.replace(/\t/g, '\\t')}" contains a tab or line break, which the server uses to separate names`);
	return text;
}

export function readName(ctx: IExecuteFunctions, itemIndex: number, parameter: string, label: string): string {
	return checkedName(ctx.getNodeParameter(parameter, itemIndex, '', { extractValue: true }), label);
}

export function readRoles(ctx: IExecuteFunctions, itemIndex: number, required: boolean, parameter = 'roles'): string[] {
	const raw = ctx.getNodeParameter(parameter, itemIndex, []) as unknown;
	const list = (Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(',').map((r) => r.trim()) : [raw]).filter((r) => r !== undefined && r !== null && String(r) !== '');
	const roles = [...new Set(list.map((r) => checkedName(r, 'A role name')))];
	if (required && roles.length === 0) throw new UserRoleInputError('Roles is empty: give at least one role');
	return roles;
}

/** The credential's user name (the user the node is logged in as). */
export async function loggedInUser(ctx: IExecuteFunctions): Promise<string> {
	const credentials = await ctx.getCredentials(SERVER_CREDENTIAL);
	return String(credentials.username ?? '').trim();
}

/* ---------- passwords ---------- */

/** A password field (never echoed: typeOptions.password). */
export function passwordField(name: string, displayName: string, description: string): INodeProperties {
	return { displayName, name, type: 'string', typeOptions: { password: true }, default: '', required: true, description };
}

export function readPassword(ctx: IExecuteFunctions, itemIndex: number, name: string, label: string): string {
	const value = ctx.getNodeParameter(name, itemIndex, '') as unknown;
	const text = value === null || value === undefined ? '' : String(value);
	if (text === '') throw new UserRoleInputError(`${label} is empty`);
	return text;
}

const GWT_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789$_';

/** Base64 in the alphabet of GWT's server Base64Utils (`$` and `_` for 62 and 63), which the server decodes "ENC:" passwords with. */
function gwtBase64(bytes: Buffer): string {
	return bytes
		.toString('base64')
		.replace(/[+/]/g, (c) => (c === '+' ? GWT_ALPHABET[62] : GWT_ALPHABET[63]));
}

/** Builds that URL-decode a decoded "ENC:" password ([BISERVER-14644], reverted by [SP-6612]/[PDI-20206]). */
function urlDecodesPasswords(version: ServerVersion): boolean {
	const build = Number(version.raw.split(/[.-]/)[4]);
	if (!Number.isFinite(build)) return false;
	if (version.atLeast('10.2.0.0') && !version.atLeast('10.2.0.1')) return build >= 127 && build < 419;
	if (version.atLeast('10.2.0.1') && !version.atLeast('10.2.0.2')) return build < 244;
	if (version.atLeast('10.3.0.0') && !version.atLeast('10.3.0.1')) return (build >= 2 && build < 34) || (build >= 36 && build < 105);
	return false;
}

/** The password as the body carries it: as it is, or (starting with "ENC:") encoded the way this server decodes it. */
export async function passwordForBody(ctx: IExecuteFunctions, itemIndex: number, password: string): Promise<string> {
	if (!password.startsWith('ENC:')) return password;
	const version = await serverVersion(ctx, itemIndex);
	const text = version && urlDecodesPasswords(version) ? encodeURIComponent(password) : password;
	return `ENC:${gwtBase64(Buffer.from(text, 'utf8'))}`;
}

/** The validation message the server puts in a header (UserRoleDaoResource: PUC_VALIDATION_ERROR_MESSAGE), without the request's secrets. */
export function validationMessage(headers: IDataObject, secrets: string[]): string | undefined {
	const key = Object.keys(headers).find((k) => k.toLowerCase() === 'puc_validation_error_message');
	const value = key === undefined ? undefined : headers[key];
	const text = Array.isArray(value) ? String(value[0] ?? '') : value === undefined || value === null ? '' : String(value);
	return text.trim() === '' ? undefined : redact(text.trim(), secrets);
}
