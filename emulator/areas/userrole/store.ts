/**
 * The user/role state: the platform's own (Jackrabbit) user and role store that /api/userroledao writes,
 * the runtime-role → logical-role bindings that decide what a role may do, and which security provider
 * authenticates.
 *
 * - provider 'jackrabbit' (security.properties `provider=jackrabbit`, the default in every version): the JCR
 *   store IS who logs in, so the JCR users are the very objects of `app.users` (Basic authentication reads
 *   them): a created user can log in, a deleted one cannot, a new password takes effect at once.
 * - provider 'ldap' / 'jdbc': login and /api/userrolelist read the directory (`app.users`), but
 *   /api/userroledao still reads and writes the JCR store — the only IUserRoleDao implementation is
 *   JcrUserRoleDao (pentaho-platform:repository/src/main/java/org/pentaho/platform/security/userroledao/jackrabbit/JcrUserRoleDao.java,
 *   published by assemblies/pentaho-solutions/src/main/resources/pentaho-solutions/system/repository.spring.xml
 *   `userRoleDaoProxy` @9.3.0.0-422 … @11.0.0.3-310; applicationContext-pentaho-security-ldap.xml and -jdbc.xml only
 *   publish an IUserRoleListService and a UserDetailsService with their providerName). So its writes succeed and
 *   change nothing about who can log in. A server tells its provider at GET /api/system/authentication-provider.
 *
 * Names: AbstractJcrBackedUserRoleDao (repository/…/userroledao/jackrabbit/AbstractJcrBackedUserRoleDao.java@10.2.0.10-434,
 * same logic @9.3.0.0-422 and @11.0.0.0-237) is cited as AJBURD below.
 */
import type { EmulatorApp } from '../../core/app';
import type { EmulatorUser } from '../../core/types';

export type Provider = 'jackrabbit' | 'ldap' | 'jdbc';

/** repository.spring.properties (@9.3.0.0-422 … @11.0.0.3-310): singleTenantAdminAuthorityName, …AuthenticatedAuthorityName, …AnonymousAuthorityName, singleTenantAdminUserName. */
export const ADMIN_ROLE = 'Administrator';
export const AUTHENTICATED = 'Authenticated';
export const ANONYMOUS = 'Anonymous';
export const DEFAULT_ADMIN_USER = 'admin';
/** Bean singleTenantSystemAuthorities (repository.spring.xml): roles that cannot be deleted. */
export const SYSTEM_ROLES = [AUTHENTICATED, ADMIN_ROLE, ANONYMOUS];
/** Bean extraRoles (applicationContext-spring-security.xml) = extraSystemAuthorities (repository.spring.xml): never listed by the DAO. */
export const EXTRA_ROLES = [AUTHENTICATED, ANONYMOUS];

/** Logical roles (IAuthorizationAction names). */
export const READ = 'org.pentaho.repository.read';
export const CREATE = 'org.pentaho.repository.create';
export const SCHEDULE = 'org.pentaho.scheduler.manage';
export const EXECUTE_SCHEDULES = 'org.pentaho.scheduler.execute';
export const ADMINISTER_SECURITY = 'org.pentaho.security.administerSecurity';
export const PUBLISH = 'org.pentaho.security.publish';
/** The data-access plugin's action (pentaho/data-access:core/…/DatasourceManageAction.java@10.2.0.0-222). */
export const MANAGE_DATASOURCES = 'org.pentaho.platform.dataaccess.datasource.security.manage';

export interface UserRoleState {
	app: EmulatorApp;
	provider: Provider;
	/** The JCR users (jackrabbit: the same objects as app.users). `roles` never lists Authenticated. */
	jcrUsers: EmulatorUser[];
	/** The JCR groups in creation order (Authenticated included: every user is a member). */
	jcrRoles: string[];
	/** Runtime role → logical roles (JCR runtime-role bindings); the Administrator role is immutable and has them all. */
	bindings: Map<string, string[]>;
	/** 9.3 only: the singleton `extraSystemAuthorities` list, which /api/userrolelist/allRoles appends to (see routes-list.ts). */
	extraRolesBean: string[];
	/** security.properties PUC_USER_PASSWORD_LENGTH / PUC_USER_PASSWORD_REQUIRE_SPECIAL_CHARACTER (defaults 0 / false). */
	passwordLength: number;
	requireSpecialCharacter: boolean;
}

/** The user/role state of a running emulator, or undefined when the area is not registered (the Hop flavour). */
export function userRoleState(app: { state: Record<string, unknown> }): UserRoleState | undefined {
	return app.state.userrole as UserRoleState | undefined;
}

/** The logical roles the server knows in this build (repository.spring.xml "Built-In ABS Logical Roles" + the data-access plugin). */
export function logicalRoles(app: EmulatorApp): string[] {
	// SchedulerExecuteAction: pentaho-platform@0e3803b948 "[BACKLOG-40066] new schedule execution permission", first tag 10.2.0.0-67.
	const execute = app.profile.atLeast('10.2.0.0-67') ? [EXECUTE_SCHEDULES] : [];
	return [READ, CREATE, ...execute, SCHEDULE, ADMINISTER_SECURITY, PUBLISH, MANAGE_DATASOURCES];
}

/** The roles a session holds: its own plus Authenticated (the default role every provider adds). */
export function sessionRoles(user: EmulatorUser): string[] {
	const roles = user.roles ?? (user.admin ? [ADMIN_ROLE] : []);
	return roles.includes(AUTHENTICATED) ? roles : [...roles, AUTHENTICATED];
}

/** IAuthorizationPolicy.isAllowed(action) for a session: a binding of one of its roles, or the Administrator role. */
export function allowed(state: UserRoleState, user: EmulatorUser, action: string): boolean {
	return sessionRoles(user).some((role) => role === ADMIN_ROLE || (state.bindings.get(role) ?? []).includes(action));
}

/**
 * UserRoleDaoService/SystemUtils.canAdminister (extensions/…/resources/services/UserRoleDaoService.java@10.2.0.10-434,
 * utils/SystemUtils.java, every version): Read Content, Create Content and Administer Security.
 */
export function canAdminister(state: UserRoleState, user: EmulatorUser): boolean {
	return allowed(state, user, READ) && allowed(state, user, CREATE) && allowed(state, user, ADMINISTER_SECURITY);
}

/** Keeps every login's `admin` flag (what the other areas read) in line with its roles and the bindings. */
export function refreshAdminFlags(state: UserRoleState): void {
	for (const user of [...state.app.users, ...state.jcrUsers]) user.admin = canAdminister(state, user);
}

/* ---------- the JCR store (AJBURD / JcrUserRoleDao) ---------- */

/** Failures of the DAO as JcrUserRoleDao throws them: NotFoundException, AlreadyExistsException, UncategorizedUserRoleDaoException. */
export class DaoError extends Error {
	constructor(
		readonly kind: 'notFound' | 'alreadyExists' | 'uncategorized',
		message: string,
	) {
		super(message);
	}
}

/**
 * JcrUserRoleDao wraps a RepositoryException of AJBURD as UncategorizedUserRoleDaoException with
 * "Error updating role. cause: [ … ]" (JcrUserRoleDao.ERROR_0001_UPDATING_ROLE) and the like
 * (repository/src/main/resources/org/pentaho/platform/security/userroledao/messages/messages.properties@10.2.0.10-434);
 * the text inside the brackets is Spring's wrapper of the JCR exception, approximated here by its message.
 */
function uncategorized(template: 'updatingRole' | 'deletingRole' | 'deletingUser', name: string, cause: string): DaoError {
	if (template === 'updatingRole') return new DaoError('uncategorized', `Error updating role. cause: [ ${cause} ]`);
	if (template === 'deletingRole') return new DaoError('uncategorized', `Error deleting role. ${name} cause: [ ${cause} ]`);
	return new DaoError('uncategorized', `Error deleting user. ${name} cause: [ ${cause} ]`);
}

const MSG = {
	lastAdmin: `Removing last admin user from role ${ADMIN_ROLE} is not allowed.`,
	roleNotFound: 'Role not found.',
	userNotFound: 'User not found.',
	lastUserInRole: `At least one user needs to be part of role [${ADMIN_ROLE}].`,
	yourselfOrDefaultAdmin: 'Unassigning/removing admin role from yourself or default admin user is not allowed.',
	systemRole: 'Removing system defined roles is not allowed to be deleted.',
	deleteYourself: "Logged in admin user or default admin user can't be deleted",
	removeYourself: 'Unassigning/removing yourself or default admin user from the Administrator role is not allowed.',
	userExists: "Sorry, we can't create the user. That user name already exists.",
	roleExists: "Sorry, we can't create the role. That role already exists.",
};

export function jcrUser(state: UserRoleState, name: string | null | undefined): EmulatorUser | undefined {
	return name === null || name === undefined ? undefined : state.jcrUsers.find((u) => u.name === name);
}

export function jcrRoleExists(state: UserRoleState, name: string | null | undefined): boolean {
	return name !== null && name !== undefined && state.jcrRoles.includes(name);
}

/** AJBURD.getUserRoles: the user's groups without the extra roles (Authenticated, Anonymous), in group order. */
export function userRoles(state: UserRoleState, name: string | null | undefined): string[] {
	const user = jcrUser(state, name);
	if (!user) return [];
	const own = user.roles ?? [];
	return state.jcrRoles.filter((role) => own.includes(role) && !EXTRA_ROLES.includes(role));
}

/** AJBURD.getRoleMembers: the members of a group (every user for Authenticated), none for an unknown role. */
export function roleMembers(state: UserRoleState, role: string | null | undefined): string[] {
	if (!jcrRoleExists(state, role)) return [];
	if (role === AUTHENTICATED) return state.jcrUsers.map((u) => u.name);
	return state.jcrUsers.filter((u) => (u.roles ?? []).includes(role!)).map((u) => u.name);
}

/** The DAO's role list (AJBURD.getRoles): every group but the extra roles. */
export function daoRoles(state: UserRoleState): string[] {
	return state.jcrRoles.filter((role) => !EXTRA_ROLES.includes(role));
}

function isYourselfOrDefaultAdmin(sessionUser: string, name: string): boolean {
	return name === sessionUser || name === DEFAULT_ADMIN_USER;
}

/**
 * AJBURD.setUserRoles: yourself or the default admin user without the Administrator role in the new set → RepositoryException
 * (uncategorized); unknown user → NotFoundException; unknown role names are ignored; Authenticated is always kept.
 */
export function setUserRoles(state: UserRoleState, sessionUser: string, name: string, roles: string[]): void {
	if (isYourselfOrDefaultAdmin(sessionUser, name) && !roles.includes(ADMIN_ROLE)) throw uncategorized('updatingRole', name, MSG.yourselfOrDefaultAdmin);
	const user = jcrUser(state, name);
	if (!user) throw new DaoError('notFound', MSG.userNotFound);
	user.roles = state.jcrRoles.filter((role) => roles.includes(role) && role !== AUTHENTICATED);
	refreshAdminFlags(state);
}

/**
 * AJBURD.setRoleMembers: removing yourself or the default admin user from Administrator, or emptying the Administrator role
 * → RepositoryException (uncategorized); unknown role → NotFoundException; unknown user names are ignored.
 */
export function setRoleMembers(state: UserRoleState, sessionUser: string, role: string, members: string[]): void {
	const current = roleMembers(state, role);
	const removed = members.length === 0 ? current : current.filter((name) => !members.includes(name));
	if (role === ADMIN_ROLE && removed.some((name) => isYourselfOrDefaultAdmin(sessionUser, name))) throw uncategorized('updatingRole', role, MSG.removeYourself);
	if (role === ADMIN_ROLE && current.length > 0 && members.length === 0) throw uncategorized('updatingRole', role, MSG.lastAdmin);
	if (!jcrRoleExists(state, role)) throw new DaoError('notFound', MSG.roleNotFound);
	if (role === AUTHENTICATED) return;
	for (const user of state.jcrUsers) {
		const own = (user.roles ?? []).filter((r) => r !== role);
		user.roles = members.includes(user.name) ? state.jcrRoles.filter((r) => r === role || own.includes(r)) : own;
	}
	refreshAdminFlags(state);
}

/** AJBURD.createRole: AlreadyExistsException for an existing group; a new group has no members and no bindings. */
export function createRole(state: UserRoleState, role: string): void {
	if (jcrRoleExists(state, role)) throw new DaoError('alreadyExists', MSG.roleExists);
	state.jcrRoles.push(role);
}

/** AJBURD.deleteRole: the system roles (Authenticated, Administrator, Anonymous) cannot be deleted; the members lose it. */
export function deleteRole(state: UserRoleState, role: string): void {
	if (SYSTEM_ROLES.includes(role)) throw uncategorized('deletingRole', role, MSG.systemRole);
	state.jcrRoles.splice(state.jcrRoles.indexOf(role), 1);
	for (const user of state.jcrUsers) user.roles = (user.roles ?? []).filter((r) => r !== role);
	refreshAdminFlags(state);
}

/**
 * AJBURD.createUser: AlreadyExistsException for an existing user; the new user is a member of Authenticated only
 * (the roles argument is empty from the REST service) and gets a home folder (createUserHomeFolder).
 */
export function createUser(state: UserRoleState, name: string, password: string): EmulatorUser {
	if (jcrUser(state, name)) throw new DaoError('alreadyExists', MSG.userExists);
	const user: EmulatorUser = { name, password, admin: false, roles: [] };
	state.jcrUsers.push(user);
	// jackrabbit: jcrUsers is app.users, so the push above made it a login already.
	refreshAdminFlags(state);
	return user;
}

/**
 * AJBURD.deleteUser → canDeleteUser: a holder of the Administrator role cannot be deleted when it is the session's own user
 * or the default admin user, nor when it is the role's only member (RepositoryException → uncategorized).
 */
export function deleteUser(state: UserRoleState, sessionUser: string, name: string): void {
	const user = jcrUser(state, name);
	if (!user) throw new DaoError('notFound', '');
	const hasAdminRole = userRoles(state, name).includes(ADMIN_ROLE);
	if (hasAdminRole && isYourselfOrDefaultAdmin(sessionUser, name)) throw uncategorized('deletingUser', name, MSG.deleteYourself);
	if (hasAdminRole && roleMembers(state, ADMIN_ROLE).length <= 1) throw uncategorized('deletingUser', name, MSG.lastUserInRole);
	state.jcrUsers.splice(state.jcrUsers.indexOf(user), 1);
}

/** AJBURD.setPassword: NotFoundException for an unknown user. */
export function setPassword(state: UserRoleState, name: string, password: string): void {
	const user = jcrUser(state, name);
	if (!user) throw new DaoError('notFound', MSG.userNotFound);
	user.password = password;
}
