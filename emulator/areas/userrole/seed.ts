/**
 * The user/role fixture (merged from `app.options.seed.userrole`): the platform's default users and roles as its
 * first start creates them, and the role bindings.
 *
 * - Users and their roles: assemblies/pentaho-solutions/src/main/resources/pentaho-solutions/system/defaultUser.spring.xml@9.3.0.0-422
 *   `defaultUserRoleMappings`: suzy → Power User, pat → Business Analyst, tiffany → Report Author, admin (singleTenantAdminUserName)
 *   → Administrator, each also Authenticated; from 10.2.0.0-75 also bob → "Schedule Power User"
 *   (pentaho-platform@9c4ee216f7 "[BACKLOG-40292] add predefined schedule execute user"; same @10.2.0.10-434, @11.0.0.0-237).
 *   Passwords: the emulator's "password" for every one of them.
 * - Bindings: `role-mappings` of the same file (Power User: scheduler.manage, repository.read, repository.create, security.publish;
 *   Report Author: security.publish, scheduler.manage; Business Analyst: security.publish; Schedule Power User (10.2.0.0-75+):
 *   scheduler.execute, repository.read) and repository.spring.xml `bootstrapRoleBindingMap` (Authenticated: repository.read,
 *   repository.create, scheduler.manage); `immutableRoleBindingMap`: Administrator holds every logical role.
 * - The emulator's own users (app.users: admin, suzy, analyst unless the options give others) keep their names and passwords;
 *   analyst plays a Business Analyst. pat, tiffany (and bob) are added unless `defaultUsers: false`.
 */
import type { EmulatorApp } from '../../core/app';
import type { EmulatorUser } from '../../core/types';
import {
	ADMIN_ROLE,
	AUTHENTICATED,
	CREATE,
	EXECUTE_SCHEDULES,
	PUBLISH,
	READ,
	refreshAdminFlags,
	SCHEDULE,
	type Provider,
	type UserRoleState,
} from './store';

export interface UserRoleSeed {
	/** Which security provider authenticates (security.properties `provider`), default 'jackrabbit'. */
	provider?: Provider;
	/** Add the platform's default users missing from app.users (pat, tiffany, and bob from 10.2.0.0-75). Default true. */
	defaultUsers?: boolean;
	/** Roles per user name (users without an entry get their default roles). */
	userRoles?: Record<string, string[]>;
	/** More JCR roles. */
	roles?: string[];
	/**
	 * ldap/jdbc: the directory (who logs in), replacing app.users. Default: app.users as they are. The JCR store then
	 * holds its own default users (admin, suzy, pat, tiffany[, bob], password "password").
	 */
	directory?: Array<{ name: string; password: string; roles?: string[] }>;
	/** Extra bindings (role → logical roles), merged over the defaults. */
	bindings?: Record<string, string[]>;
	/** security.properties PUC_USER_PASSWORD_LENGTH (default 0). */
	passwordLength?: number;
	/** security.properties PUC_USER_PASSWORD_REQUIRE_SPECIAL_CHARACTER (default false). */
	requireSpecialCharacter?: boolean;
}

const DEFAULT_ROLE_OF: Record<string, string> = { suzy: 'Power User', pat: 'Business Analyst', tiffany: 'Report Author', bob: 'Schedule Power User', analyst: 'Business Analyst' };

function defaultUserNames(app: EmulatorApp): string[] {
	return ['admin', 'suzy', 'pat', 'tiffany', ...(app.profile.atLeast('10.2.0.0-75') ? ['bob'] : [])];
}

function defaultRolesOf(user: { name: string; admin?: boolean }): string[] {
	if (user.admin || user.name === 'admin') return [ADMIN_ROLE];
	return [DEFAULT_ROLE_OF[user.name] ?? 'Business Analyst'];
}

export function seedUserRoles(app: EmulatorApp): UserRoleState {
	const seed = (app.options.seed.userrole ?? {}) as UserRoleSeed;
	const provider: Provider = seed.provider ?? 'jackrabbit';
	const scheduleUser = app.profile.atLeast('10.2.0.0-75');

	const jcrRoles = [ADMIN_ROLE, 'Power User', 'Report Author', 'Business Analyst', ...(scheduleUser ? ['Schedule Power User'] : []), AUTHENTICATED];
	const bindings = new Map<string, string[]>([
		[AUTHENTICATED, [READ, CREATE, SCHEDULE]],
		['Power User', [SCHEDULE, READ, CREATE, PUBLISH]],
		['Report Author', [PUBLISH, SCHEDULE]],
		['Business Analyst', [PUBLISH]],
		...(scheduleUser ? ([['Schedule Power User', [EXECUTE_SCHEDULES, READ]]] as Array<[string, string[]]>) : []),
	]);
	for (const [role, actions] of Object.entries(seed.bindings ?? {})) bindings.set(role, [...actions]);

	const roleOf = (user: EmulatorUser): string[] => seed.userRoles?.[user.name] ?? user.roles ?? defaultRolesOf(user);
	const addRoles = (roles: string[]) => {
		for (const role of roles) if (!jcrRoles.includes(role)) jcrRoles.splice(jcrRoles.length - 1, 0, role);
	};
	addRoles(seed.roles ?? []);

	let jcrUsers: EmulatorUser[];
	if (provider === 'jackrabbit') {
		if (seed.defaultUsers !== false) {
			for (const name of defaultUserNames(app)) {
				if (!app.users.some((u) => u.name === name)) app.users.push({ name, password: 'password', admin: false });
			}
		}
		for (const user of app.users) user.roles = roleOf(user).filter((r) => r !== AUTHENTICATED);
		jcrUsers = app.users;
		for (const user of app.users) addRoles(user.roles ?? []);
	} else {
		if (seed.directory) {
			app.users.splice(0, app.users.length, ...seed.directory.map((d) => ({ name: d.name, password: d.password, admin: false, roles: d.roles ?? defaultRolesOf(d) })));
		} else {
			for (const user of app.users) user.roles = roleOf(user).filter((r) => r !== AUTHENTICATED);
		}
		jcrUsers = defaultUserNames(app).map((name) => ({ name, password: 'password', admin: false, roles: defaultRolesOf({ name }) }));
		for (const user of jcrUsers) addRoles(user.roles ?? []);
	}

	const state: UserRoleState = {
		app,
		provider,
		jcrUsers,
		jcrRoles,
		bindings,
		extraRolesBean: [AUTHENTICATED, 'Anonymous'],
		passwordLength: seed.passwordLength ?? 0,
		requireSpecialCharacter: seed.requireSpecialCharacter ?? false,
	};
	refreshAdminFlags(state);
	return state;
}
