/**
 * /api/userroledao/…: UserRoleDaoResource and UserRoleDaoService over the JCR user/role store.
 * URDR = pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/UserRoleDaoResource.java,
 * URDS = …/resources/services/UserRoleDaoService.java; read @9.3.0.0-422, @10.2.0.0-222, @10.2.0.10-434, @11.0.0.0-237
 * (@11.0.0.3-310 identical to 11.0.0.0-237). Per-version differences are placed by commit where they occur.
 *
 * How errors reach the client: the resource throws WebApplicationException(status) without entity (or with the header
 * PUC_VALIDATION_ERROR_MESSAGE); under /api, 9.x/10.x Jersey 1 turns every 4xx/5xx into the container's page and 11.x
 * answers the status alone (core/errors.ts). A RuntimeException the resource does not catch goes to Tomcat: 500 page.
 * Success: `Response.noContent()` = 204 for every write.
 */
import { EmulatorHttpError } from '../../core/errors';
import type { EmulatorUser, RequestContext } from '../../core/types';
import { javaUrlDecode } from '../repository/javaDecode';
import { repositoryOf } from '../repository/area';
import { ALL, USER } from '../repository/store';
import { sendRoleList, sendSystemRolesMap, sendUserList, type Assignment } from './format';
import { javaHashOrder } from './javaOrder';
import { accessDenied, decodePassword, member, readEntity, uncaught } from './request';
import {
	ADMIN_ROLE,
	allowed,
	canAdminister,
	createRole,
	createUser,
	daoRoles,
	DaoError,
	deleteRole,
	deleteUser,
	jcrRoleExists,
	jcrUser,
	logicalRoles,
	READ,
	refreshAdminFlags,
	roleMembers,
	setPassword,
	setRoleMembers,
	setUserRoles,
	userRoles,
	type UserRoleState,
} from './store';

const BASE = '/api/userroledao';
const VALIDATION_HEADER = 'PUC_VALIDATION_ERROR_MESSAGE';

/** Localised names of the logical roles (repository/src/main/resources/org/pentaho/platform/security/policy/rolebased/messages/messages.properties@10.2.0.0-222; data-access's own bundle). */
const LOCALIZED: Record<string, string> = {
	'org.pentaho.repository.read': 'Read Content',
	'org.pentaho.repository.create': 'Create Content',
	'org.pentaho.scheduler.execute': 'Execute Schedules',
	'org.pentaho.scheduler.manage': 'Schedule Content',
	'org.pentaho.security.administerSecurity': 'Administer Security',
	'org.pentaho.security.publish': 'Publish Content',
	'org.pentaho.platform.dataaccess.datasource.security.manage': 'Manage Data Sources',
};

function sessionUser(ctx: RequestContext): EmulatorUser {
	if (!ctx.user) throw new EmulatorHttpError(401, 'Unauthorized');
	return ctx.user;
}

/** A status without entity, with the validation message header when there is one (a null message sets no header). */
function refusal(status: number, message?: string | null): EmulatorHttpError {
	return new EmulatorHttpError(status, message ?? `HTTP ${status}`, { headers: message ? { [VALIDATION_HEADER]: message } : {} });
}

class ValidationFailed extends Error {
	constructor(readonly detail: string | null) {
		super(detail ?? '');
	}
}
class Security extends Error {
	constructor(readonly detail: string | null = null) {
		super(detail ?? '');
	}
}

/** StringTokenizer(text, "\t"): the non-empty tab-separated parts; null text is a NullPointerException. */
function tokens(text: string | null): string[] {
	if (text === null) throw new TypeError('NullPointerException');
	return text.split('\t').filter((t) => t !== '');
}

export function registerDaoRoutes(state: UserRoleState): void {
	const { app } = state;
	const profile = app.profile;

	/** URDS.decode: URLDecoder.decode(text.replace("+", "%2B"), UTF-8); a malformed escape throws (IllegalArgumentException). */
	const decode = (text: string) => javaUrlDecode(text.replace(/\+/g, '%2B'));

	/** FileService.doGetReservedChars: the repository's reserved characters. */
	const reserved = (): string => {
		try {
			return repositoryOf(app).reserved;
		} catch {
			return '/\\\t\r\n';
		}
	};

	/**
	 * URDS.validatePasswordFormat. 9.3 and 10.2 GA: only PUC_USER_PASSWORD_LENGTH and PUC_USER_PASSWORD_REQUIRE_SPECIAL_CHARACTER
	 * (security.properties, 0 and false by default). BISERVER-15243 adds "only contain a-z A-Z 0-9 _ . , : ; < > | ! @ # $ % ^ & * ( ) [ ] -"
	 * (main line @efbbf909c9, first tag 10.3.0.0-260, every 11.x; 10.2 line @540748f57b, first tag 10.2.0.3-306). PPP-5691 adds a
	 * maximum of 72 characters on the 10.2 line only (@6cad45553f, first tag 10.2.0.7-393; not in any 11.0 tag) and renames the
	 * length message to "have at least {0} characters". The message lists every criterion that is configured (the maximum always
	 * on those builds, the characters only when they fail): "New password must: <criteria joined by ", ">."
	 */
	const passwordProblem = (password: string): string | null => {
		const allowedChars = profile.atLeast('10.3') ? profile.atLeast('10.3.0.0-260') : profile.atLeast('10.2.0.3-306');
		const maxLength = profile.before('10.3') && profile.atLeast('10.2.0.7-393') ? 72 : undefined;
		const charsOk = !allowedChars || /^[a-zA-Z0-9_.,:;<>|!@#$%^&*()[\]-]+$/.test(password);
		const specialOk = !state.requireSpecialCharacter || /^(?=.*[@#$%!]).{0,100}$/s.test(password);
		const lengthOk = password.length >= state.passwordLength && (maxLength === undefined || password.length <= maxLength);
		if (charsOk && specialOk && lengthOk) return null;
		const criteria: string[] = [];
		if (state.passwordLength > 0) criteria.push(`have at least ${state.passwordLength} characters`);
		if (maxLength !== undefined) criteria.push(`have no more than ${maxLength} characters`);
		if (state.requireSpecialCharacter) criteria.push('have at least one special character');
		if (!charsOk) criteria.push('only contain the following characters: a-z A-Z 0-9 _ . , : ; < > | ! @ # $ % ^ & * ( ) [ ] -');
		return `New password must: ${criteria.join(', ')}.`;
	};

	/** createUserHomeFolder (AJBURD): /home/<user>, owned by the user, full control for the user, not inheriting. */
	const createHome = (name: string) => {
		try {
			const repo = repositoryOf(app);
			const admin = { name: 'admin', password: '', admin: true };
			const home = repo.mkdirs(`/home/${name}`, admin, false);
			home.creatorId = name;
			home.acl = { owner: name, ownerType: USER, entriesInheriting: false, aces: [{ recipient: name, recipientType: USER, permissions: [ALL] }] };
		} catch {
			// no repository, or a name the repository refuses: the user is created all the same
		}
	};

	const add = (method: string, path: string, handler: (ctx: RequestContext) => Promise<void> | void) =>
		app.server.add(method, `${BASE}${path}`, async (ctx) => {
			try {
				await handler(ctx);
			} catch (error) {
				if (error instanceof EmulatorHttpError) throw error;
				// Anything the resource does not catch (NullPointerException, a SecurityException of getRolesForUser …).
				throw uncaught(profile);
			}
		});

	/* ----- reading ----- */

	// GET /users (URDR.getUsers → URDS.getUsers, every version): @Produces XML/JSON; userRoleDaoProxy.getUsers needs Read Content
	// (repository.spring.xml userRoleDaoMethodInterceptor), which Authenticated has: any user. JCR users in store order.
	add('GET', '/users', (ctx) => {
		if (!allowed(state, sessionUser(ctx), READ)) throw accessDenied(profile);
		sendUserList(ctx, state, state.jcrUsers.map((u) => u.name));
	});

	// GET /roles (URDR.getRoles): the JCR roles without the extra roles Authenticated and Anonymous (AJBURD.getRoles); any user.
	add('GET', '/roles', (ctx) => {
		if (!allowed(state, sessionUser(ctx), READ)) throw accessDenied(profile);
		sendRoleList(ctx, state, daoRoles(state));
	});

	// GET /userRoles?userName= (URDR.getRolesForUser → URDS.getRolesForUser): not an administrator → SecurityException, which the
	// resource does not catch → 500 (container). Unknown user → empty list.
	add('GET', '/userRoles', (ctx) => {
		if (!canAdminister(state, sessionUser(ctx))) throw uncaught(profile);
		sendRoleList(ctx, state, userRoles(state, ctx.query.get('userName')));
	});

	// GET /roleMembers?roleName= (URDR.getRoleMembers): SecurityException caught → 403; unknown role → empty list.
	add('GET', '/roleMembers', (ctx) => {
		if (!canAdminister(state, sessionUser(ctx))) throw refusal(403);
		sendUserList(ctx, state, roleMembers(state, ctx.query.get('roleName')));
	});

	/* ----- users ----- */

	// PUT /createUser (URDR.createUser, @Consumes */*, body User {userName, password}; XML root <user>):
	// password "ENC:…" decoded (request.ts); not an administrator → 403; userName empty or holding a reserved character
	// (FileService reserved characters, checked BEFORE decoding) or password empty → 400 without header; the name is then
	// URL-decoded ("+" kept) and, from [BISERVER-15145] (10.2 line @717ead727a first tag 10.2.0.2-281, main line @de967f8bdc
	// first tag 10.3.0.0-190), trimmed; a password the rules refuse → 400 with PUC_VALIDATION_ERROR_MESSAGE; an existing user
	// (AlreadyExistsException) or any other exception → 412. Created: 204; the user can log in at once (jackrabbit).
	add('PUT', '/createUser', async (ctx) => {
		const user = sessionUser(ctx);
		const body = await readEntity(ctx, profile, 'user', ['userName', 'password']);
		try {
			const name = member(body, 'userName');
			const password = decodePassword(profile, member(body, 'password'), javaUrlDecode);
			if (!canAdminister(state, user)) throw new Security('You entered the wrong old password.');
			const nameValid = name !== null && name !== '' && ![...reserved()].some((c) => name.includes(c));
			if (!nameValid || password === null || password === '') throw new ValidationFailed(null);
			let userName = decode(name);
			// eslint-disable-next-line no-control-regex -- String.trim() removes every character up to U+0020
			if (profile.atLeast('10.3') ? profile.atLeast('10.3.0.0-190') : profile.atLeast('10.2.0.2-281')) userName = userName.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
			const problem = passwordProblem(password);
			if (problem) throw new ValidationFailed(problem);
			createUser(state, userName, password);
			createHome(userName);
		} catch (error) {
			if (error instanceof Security) throw refusal(403);
			if (error instanceof ValidationFailed) throw refusal(400, error.detail);
			throw refusal(412);
		}
		ctx.send(204);
	});

	// PUT /deleteUsers?userNames=a\tb (URDR.deleteUsers): not an administrator → 403; each name in turn: unknown ones are
	// skipped; deleting yourself or "admin" while they hold Administrator, or the last Administrator, is refused by the DAO
	// (UncategorizedUserRoleDaoException → 500; the users before it stay deleted); no userNames → NullPointerException → 500.
	add('PUT', '/deleteUsers', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw refusal(403);
		for (const name of tokens(ctx.query.get('userNames'))) {
			if (!jcrUser(state, name)) continue;
			try {
				deleteUser(state, user.name, name);
			} catch (error) {
				if (error instanceof DaoError) throw refusal(error.kind === 'notFound' ? 404 : 500);
				throw error;
			}
		}
		ctx.send(204);
	});

	// PUT /user (URDR.changeUserPassword, body ChangePasswordUser {userName, newPassword, oldPassword}; XML root
	// <ChangePasswordUser>; no @Consumes): passwords "ENC:…" decoded; any of the three empty → 400 (no header); a new password
	// the rules refuse → 400 + header; neither an administrator nor the user themself → 403 + header "You entered the wrong old
	// password."; the OLD PASSWORD OF THAT USER must match, for administrators too (else the same 403); unknown user → 403.
	// The name is not decoded here. Other exceptions → 412. Changed: 204, the new password works at once.
	add('PUT', '/user', async (ctx) => {
		const user = sessionUser(ctx);
		const body = await readEntity(ctx, profile, 'ChangePasswordUser', ['userName', 'newPassword', 'oldPassword']);
		const wrong = 'You entered the wrong old password.';
		try {
			const name = member(body, 'userName');
			const newPassword = decodePassword(profile, member(body, 'newPassword'), javaUrlDecode);
			const oldPassword = decodePassword(profile, member(body, 'oldPassword'), javaUrlDecode);
			if (!name || !newPassword || !oldPassword) throw new ValidationFailed(null);
			const problem = passwordProblem(newPassword);
			if (problem) throw new ValidationFailed(problem);
			if (!(canAdminister(state, user) || name === user.name)) throw new Security(wrong);
			const target = jcrUser(state, name);
			if (!target || target.password !== oldPassword) throw new Security(wrong);
			setPassword(state, name, newPassword);
		} catch (error) {
			if (error instanceof Security) throw refusal(403, error.detail);
			if (error instanceof ValidationFailed) throw refusal(400, error.detail);
			throw refusal(412);
		}
		ctx.send(204);
	});

	// PUT /updatePassword (URDR.updatePassword → URDS.updatePassword(user, administratorPassword); body UserChangePasswordDTO
	// {userName, password, administratorPassword}; XML root <userChangePasswordDTO>): the SESSION user is re-authenticated with
	// administratorPassword through the active AuthenticationProvider → failure 403 + "Logged-in user re-authentication failed";
	// not an administrator → 403 + "Logged-in user is not authorized to change password"; the name is URL-decoded; a password the
	// rules refuse → 400 + header; unknown user → 403 + "User not found". Other exceptions (no userName → NullPointerException)
	// are not caught → 500, except on 10.2 GA, whose [BISERVER-14644] version (@59ab5b54ba, 10.2.0.0-127 … 10.2.0.1-241) catches
	// Exception → 412. Changed: 204.
	add('PUT', '/updatePassword', async (ctx) => {
		const user = sessionUser(ctx);
		const body = await readEntity(ctx, profile, 'userChangePasswordDTO', ['userName', 'password', 'administratorPassword']);
		try {
			const password = decodePassword(profile, member(body, 'password'), javaUrlDecode);
			const administratorPassword = decodePassword(profile, member(body, 'administratorPassword'), javaUrlDecode);
			if (administratorPassword !== user.password) throw new Security('Logged-in user re-authentication failed');
			if (!canAdminister(state, user)) throw new Security('Logged-in user is not authorized to change password');
			const raw = member(body, 'userName');
			if (raw === null) throw new TypeError('NullPointerException');
			const name = decode(raw);
			const problem = passwordProblem(password ?? '');
			if (password === null) throw new TypeError('NullPointerException');
			if (problem) throw new ValidationFailed(problem);
			if (!jcrUser(state, name)) throw new Security('User not found');
			setPassword(state, name, password);
		} catch (error) {
			if (error instanceof Security) throw refusal(403, error.detail);
			if (error instanceof ValidationFailed) throw refusal(400, error.detail);
			if (profile.atLeast('10.2.0.0-127') && profile.before('10.2.0.1-244')) throw refusal(412);
			throw uncaught(profile);
		}
		ctx.send(204);
	});

	/* ----- roles of a user ----- */

	// PUT /assignRoleToUser?userName=&roleNames=a\tb (URDR.assignRolesToUser → URDS.assignRolesToUser): not an administrator →
	// 403; the user's roles plus the named ones (unknown role names ignored); unknown user (NotFoundException) → 500; the DAO's
	// refusals (UncategorizedUserRoleDaoException) → 500. 204.
	add('PUT', '/assignRoleToUser', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw refusal(403);
		const name = ctx.query.get('userName');
		const wanted = new Set([...userRoles(state, name), ...tokens(ctx.query.get('roleNames'))]);
		try {
			setUserRoles(state, user.name, name ?? '', [...wanted]);
		} catch (error) {
			if (error instanceof DaoError) throw refusal(500);
			throw error;
		}
		ctx.send(204);
	});

	// PUT /removeRoleFromUser?userName=&roleNames= (URDR.removeRolesFromUser): errors WITH the exception's message as entity —
	// unknown user 404 "User not found.", DAO refusal (e.g. taking Administrator from yourself or from "admin") 500 with
	// "Error updating role. cause: […]", not an administrator 403 (message null: no entity). 9.x/10.x show the container page.
	add('PUT', '/removeRoleFromUser', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw refusal(403);
		const name = ctx.query.get('userName');
		const remove = tokens(ctx.query.get('roleNames'));
		try {
			setUserRoles(
				state,
				user.name,
				name ?? '',
				userRoles(state, name).filter((r) => !remove.includes(r)),
			);
		} catch (error) {
			if (error instanceof DaoError) throw new EmulatorHttpError(error.kind === 'notFound' ? 404 : 500, error.message, { body: error.message, contentType: 'text/plain' });
			throw error;
		}
		ctx.send(204);
	});

	/* ----- roles ----- */

	// PUT /createRole?roleName= (URDR.createRole): not an administrator → 403; empty or missing name → 400 (no header); an existing
	// role (AlreadyExistsException) or another exception → 412. The new role has no members and no logical roles. 204.
	add('PUT', '/createRole', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw refusal(403);
		const name = ctx.query.get('roleName');
		if (name === null || name === '') throw refusal(400);
		try {
			createRole(state, name);
		} catch {
			throw refusal(412);
		}
		ctx.send(204);
	});

	// PUT /deleteRoles?roleNames=a\tb (URDR.deleteRoles): not an administrator → 403; unknown roles skipped (Anonymous has no
	// group: skipped too); Authenticated or Administrator (system roles) → UncategorizedUserRoleDaoException → 500. 204.
	add('PUT', '/deleteRoles', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw refusal(403);
		for (const role of tokens(ctx.query.get('roleNames'))) {
			if (!jcrRoleExists(state, role)) continue;
			try {
				// The role's bindings stay (JcrRoleAuthorizationPolicyRoleBindingDao keeps the runtime-role node).
				deleteRole(state, role);
			} catch (error) {
				if (error instanceof DaoError) throw refusal(500);
				throw error;
			}
		}
		ctx.send(204);
	});

	// GET /logicalRoleMap?locale= (URDR.getRoleBindingStruct → URDS): not an administrator → 403. SystemRolesMap: one assignment
	// per role with bindings (HashMap order), Administrator immutable with every logical role; localizedRoleNames per logical
	// role (HashMap order of JcrRoleAuthorizationPolicyRoleBindingDao.getMapForLocale), English names.
	add('GET', '/logicalRoleMap', (ctx) => {
		if (!canAdminister(state, sessionUser(ctx))) throw refusal(403);
		const actions = logicalRoles(app);
		const bound = new Map<string, string[]>([...state.bindings.entries()].filter(([, list]) => list.length > 0));
		bound.set(ADMIN_ROLE, actions);
		const assignments: Assignment[] = javaHashOrder(bound.keys()).map((role) => ({ roleName: role, logicalRoles: bound.get(role)!, immutable: role === ADMIN_ROLE }));
		const names = javaHashOrder(actions).map((action) => ({ roleName: action, localizedName: LOCALIZED[action] ?? action }));
		sendSystemRolesMap(ctx, state, assignments, names);
	});

	// PUT /roleAssignments (URDR.setLogicalRoles, @Consumes XML/JSON only → 415 otherwise; body LogicalRoleAssignments
	// {assignments: [{roleName, logicalRoles: […]}]}): not an administrator → 403; each role's logical roles replaced (the
	// immutable Administrator is left as it is). 204.
	add('PUT', '/roleAssignments', async (ctx) => {
		const user = sessionUser(ctx);
		const body = await readEntity(ctx, profile, 'logicalRoleAssignments', ['assignments']);
		if (!canAdminister(state, user)) throw refusal(403);
		const list = ([] as unknown[]).concat((body.assignments as unknown) ?? []);
		for (const entry of list as Array<Record<string, unknown>>) {
			const role = entry?.roleName === undefined || entry.roleName === null ? null : String(entry.roleName);
			if (role === null || role === ADMIN_ROLE) continue;
			state.bindings.set(role, ([] as unknown[]).concat((entry.logicalRoles as unknown) ?? []).map(String));
		}
		refreshAdminFlags(state);
		ctx.send(204);
	});

	/* ----- "Unsupported" facet: the user console's own calls ----- */

	// PUT /assignAllRolesToUser?userName= (URDR, no administrator check of its own): the proxy's method security refuses
	// setUserRoles to non-administrators (Spring AccessDeniedException → 403 page); unknown user → NotFoundException not caught → 500.
	add('PUT', '/assignAllRolesToUser', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw accessDenied(profile);
		const name = ctx.query.get('userName');
		try {
			setUserRoles(state, user.name, name ?? '', daoRoles(state));
		} catch {
			throw uncaught(profile);
		}
		ctx.send(204);
	});

	// PUT /removeAllRolesFromUser?userName= (URDR): not an administrator → 401 without body (returned, not thrown); a failure
	// (yourself/"admin", unknown user) is answered 200 with the exception's message as entity (processErrorResponse).
	add('PUT', '/removeAllRolesFromUser', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw EmulatorHttpError.bare(401);
		try {
			setUserRoles(state, user.name, ctx.query.get('userName') ?? '', []);
		} catch (error) {
			return ctx.send(200, (error as Error).message, 'text/plain');
		}
		ctx.send(204);
	});

	// PUT /assignUserToRole?userNames=a\tb&roleName= (URDR): not an administrator → 401; members + the named users (unknown names
	// ignored); failures (unknown role "Role not found.") → 200 with the message.
	add('PUT', '/assignUserToRole', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw EmulatorHttpError.bare(401);
		const role = ctx.query.get('roleName') ?? '';
		const names = new Set([...roleMembers(state, role), ...tokens(ctx.query.get('userNames'))]);
		try {
			setRoleMembers(state, user.name, role, [...names]);
		} catch (error) {
			return ctx.send(200, (error as Error).message, 'text/plain');
		}
		ctx.send(204);
	});

	// PUT /removeUserFromRole?userNames=&roleName= (URDR): not an administrator → 401; failures (yourself/"admin" out of
	// Administrator) → 200 with the message.
	add('PUT', '/removeUserFromRole', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw EmulatorHttpError.bare(401);
		const role = ctx.query.get('roleName') ?? '';
		try {
			const remove = tokens(ctx.query.get('userNames'));
			setRoleMembers(
				state,
				user.name,
				role,
				roleMembers(state, role).filter((n) => !remove.includes(n)),
			);
		} catch (error) {
			return ctx.send(200, (error as Error).message, 'text/plain');
		}
		ctx.send(204);
	});

	// PUT /assignAllUsersToRole?roleName= (URDR, no check of its own): method security → 403 page for non-administrators;
	// unknown role → NotFoundException not caught → 500.
	add('PUT', '/assignAllUsersToRole', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw accessDenied(profile);
		try {
			setRoleMembers(state, user.name, ctx.query.get('roleName') ?? '', state.jcrUsers.map((u) => u.name));
		} catch {
			throw uncaught(profile);
		}
		ctx.send(204);
	});

	// PUT /removeAllUsersFromRole?roleName= (URDR): not an administrator → 401; failures (emptying Administrator) → 200 + message.
	add('PUT', '/removeAllUsersFromRole', (ctx) => {
		const user = sessionUser(ctx);
		if (!canAdminister(state, user)) throw EmulatorHttpError.bare(401);
		try {
			setRoleMembers(state, user.name, ctx.query.get('roleName') ?? '', []);
		} catch (error) {
			return ctx.send(200, (error as Error).message, 'text/plain');
		}
		ctx.send(204);
	});
}
