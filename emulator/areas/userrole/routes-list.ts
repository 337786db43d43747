/**
 * /api/userrolelist/…: UserRoleListResource and UserRoleListService over the active IUserRoleListService, and
 * GET /api/system/authentication-provider.
 * URLR = pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/UserRoleListResource.java,
 * URLS = …/resources/services/UserRoleListService.java; read @9.3.0.0-422, @10.2.0.0-222 (= @10.2.0.10-434), @11.0.0.0-237.
 *
 * Where the lists come from (every version): the bean IUserRoleListService is a CompositeUserRoleListService of the provider's
 * service and the Jackrabbit one, FIRST_MATCH (assemblies/pentaho-solutions/src/main/resources/pentaho-solutions/system/pentahoObjects.spring.xml);
 * it returns the first non-empty answer as `new ArrayList(new HashSet(…))`, so lists arrive in Java HashSet order (javaOrder.ts).
 * - jackrabbit (applicationContext-pentaho-security-jackrabbit.xml → UserRoleDaoUserRoleListService,
 *   repository/src/main/java/org/pentaho/platform/security/userroledao/service/UserRoleDaoUserRoleListService.java@10.2.0.10-434):
 *   all roles = the DAO's roles minus Administrator, plus the extra roles Authenticated and Anonymous; a user's roles = the
 *   UserDetailsService's authorities (the DAO's roles plus the default role Authenticated); users in a role = the group members.
 * - ldap/jdbc: the directory's users and roles (plus the extra roles); getUsersInRole of the LDAP service is a NoOpLdapSearch
 *   (applicationContext-pentaho-security-ldap.xml `usernamesInRoleSearch`), whose empty answer makes the composite ask the
 *   Jackrabbit service instead.
 * Sorting: users always (DefaultUsernameComparator, String.compareTo); roles only in permission-roles until [PPUC-123]
 * "list corruption and sorting" (pentaho-platform@b5f0250cb6, first tags 10.3.0.0-369 and 11.0.0.0-2; no 10.2 build) sorts every
 * list (roles, allRoles, systemRoles, extraRoles, getRolesForUser, getUsersInRole).
 */
import { EmulatorHttpError } from '../../core/errors';
import type { EmulatorUser, RequestContext } from '../../core/types';
import { sendRoleList, sendRolesWrapper, sendUserList, sendUsersWrapper } from './format';
import { javaHashOrder, javaHashSet, javaSorted } from './javaOrder';
import { uncaught } from './request';
import {
	ADMIN_ROLE,
	ANONYMOUS,
	AUTHENTICATED,
	canAdminister,
	daoRoles,
	EXTRA_ROLES,
	roleMembers,
	sessionRoles,
	SYSTEM_ROLES,
	userRoles,
	type UserRoleState,
} from './store';

const BASE = '/api/userrolelist';

function sessionUser(ctx: RequestContext): EmulatorUser {
	if (!ctx.user) throw new EmulatorHttpError(401, 'Unauthorized');
	return ctx.user;
}

export function registerListRoutes(state: UserRoleState): void {
	const { app } = state;
	const profile = app.profile;
	const sortsAll = profile.atLeast('10.3.0.0-369') || profile.atLeast('11');
	const sortRoles = (roles: string[]) => (sortsAll ? javaSorted(roles) : roles);
	const directory = state.provider !== 'jackrabbit';

	/* The active IUserRoleListService (before the composite's HashSet). */
	const allUsers = (): string[] => (directory ? app.users.map((u) => u.name) : state.jcrUsers.map((u) => u.name));
	const allRolesOfService = (): string[] => {
		const base = directory ? [...new Set(app.users.flatMap((u) => u.roles ?? []))] : daoRoles(state).filter((r) => r !== ADMIN_ROLE);
		return [...base, ...EXTRA_ROLES.filter((r) => !base.includes(r))];
	};
	const rolesForUser = (name: string | null): string[] => {
		if (name === null) return [];
		if (directory) {
			const user = app.users.find((u) => u.name === name);
			return user ? sessionRoles(user) : [];
		}
		return state.jcrUsers.some((u) => u.name === name) ? [...userRoles(state, name), AUTHENTICATED] : [];
	};
	const usersInRole = (role: string | null): string[] => {
		if (state.provider === 'jdbc') return app.users.filter((u) => role !== null && (u.roles ?? []).includes(role)).map((u) => u.name);
		// jackrabbit, and ldap through the composite's fall-back to the Jackrabbit service.
		return roleMembers(state, role);
	};

	const add = (path: string, handler: (ctx: RequestContext) => void) =>
		app.server.add('GET', `${BASE}${path}`, (ctx) => {
			sessionUser(ctx);
			handler(ctx);
		});

	// GET /users and /permission-users (URLR.getUsers / getPermissionUsers → URLS.getUsers): every user, sorted. Any user.
	for (const path of ['/users', '/permission-users']) add(path, (ctx) => sendUserList(ctx, state, javaSorted(javaHashOrder(allUsers()))));

	// GET /roles?addExtraRoles= (URLR.getRoles; default true, "false" drops the extra roles): the service's roles — no
	// Administrator (UserRoleDaoUserRoleListService removes it) — in HashSet order; sorted from PPUC-123. On 9.3 the extra roles
	// removed are the shared bean list, which /allRoles lengthens (below): removing a name removes one occurrence.
	add('/roles', (ctx) => {
		const flag = ctx.query.get('addExtraRoles');
		const include = flag === null || flag === '' ? true : flag.toLowerCase() === 'true';
		const roles = javaHashOrder(allRolesOfService());
		if (!include) for (const extra of profile.before('10') ? state.extraRolesBean : EXTRA_ROLES) if (roles.includes(extra)) roles.splice(roles.indexOf(extra), 1);
		sendRoleList(ctx, state, sortRoles(roles));
	});

	// GET /allRoles?excludeAnonymous= (URLR.getAllRoles): HashSet of the service's roles + the extra roles + the system roles
	// (so Administrator appears here); excludeAnonymous ([BACKLOG-41048] pentaho-platform@63031de7d6, first tag 10.2.0.0-183)
	// drops Anonymous. 9.3 (URLS@9.3.0.0-422): the extra-role list it adds the system roles to is the singleton bean
	// extraSystemAuthorities, so every call makes it longer (what /extraRoles answers afterwards); from 10.2 GA the resource
	// copies it per request (URLR@10.2.0.0-222 createUserRoleListServiceFromConfiguration).
	add('/allRoles', (ctx) => {
		const set = javaHashSet(javaHashOrder(allRolesOfService()), true);
		const extras = profile.before('10') ? state.extraRolesBean : [...EXTRA_ROLES];
		extras.push(...SYSTEM_ROLES);
		set.addAll(extras);
		if (profile.atLeast('10.2.0.0-183') && ctx.query.get('excludeAnonymous')?.toLowerCase() === 'true') set.remove(ANONYMOUS);
		sendRoleList(ctx, state, sortRoles(set.values()));
	});

	// GET /systemRoles (URLR.getSystemRoles): singleTenantSystemAuthorities — Authenticated, Administrator, Anonymous.
	add('/systemRoles', (ctx) => sendRoleList(ctx, state, sortRoles([...SYSTEM_ROLES])));

	// GET /extraRoles (URLR.getExtraRoles): extraSystemAuthorities — Authenticated, Anonymous (9.3: as /allRoles left it).
	add('/extraRoles', (ctx) => sendRoleList(ctx, state, sortRoles(profile.before('10') ? [...state.extraRolesBean] : [...EXTRA_ROLES])));

	// GET /permission-roles (URLR.getPermissionRoles): the service's roles without Administrator, plus the extra roles, sorted
	// (every version).
	add('/permission-roles', (ctx) => {
		const roles = javaHashOrder(allRolesOfService()).filter((r) => r !== ADMIN_ROLE);
		for (const extra of EXTRA_ROLES) if (!roles.includes(extra)) roles.push(extra);
		sendRoleList(ctx, state, javaSorted(roles));
	});

	// GET /adminRole (URLR.getAdminRole, text/plain "Administrator"): [BACKLOG-40063] pentaho-platform@de1232051c, first tag
	// 10.2.0.0-123; absent on 9.3 (404).
	if (profile.atLeast('10.2.0.0-123')) {
		add('/adminRole', (ctx) => ctx.send(200, ADMIN_ROLE, 'text/plain'));
	}

	// GET /getRolesForUser?user= (URLR → URLS.doGetRolesForUser): not an administrator → UnauthorizedException, not mapped →
	// 500 from the container; RolesWrapper <roles><role>…</role></roles>; an unknown user → empty (the composite logs the
	// UsernameNotFoundException and answers nothing).
	add('/getRolesForUser', (ctx) => {
		if (!canAdminister(state, ctx.user!)) throw uncaught(profile);
		sendRolesWrapper(ctx, state, sortRoles(javaHashOrder(rolesForUser(ctx.query.get('user')))));
	});

	// GET /getUsersInRole?role= (URLR → URLS.doGetUsersInRole): not an administrator → 500; UsersWrapper <users><user>…</user></users>.
	add('/getUsersInRole', (ctx) => {
		if (!canAdminister(state, ctx.user!)) throw uncaught(profile);
		sendUsersWrapper(ctx, state, sortRoles(javaHashOrder(usersInRole(ctx.query.get('role')))));
	});

	// GET /api/system/authentication-provider (extensions/…/resources/SystemResource.java getAuthenticationProvider@9.3.0.0-422,
	// same @11.0.0.0-237): @Produces application/json only, `{"authenticationType":"<security.properties provider>"}` —
	// jackrabbit, ldap or jdbc; any user.
	app.server.add('GET', '/api/system/authentication-provider', (ctx) => {
		sessionUser(ctx);
		const accept = String(ctx.req.headers.accept ?? '').toLowerCase();
		if (accept.trim() !== '' && !/(\*\/\*|application\/\*|application\/json)/.test(accept)) throw EmulatorHttpError.bare(406);
		ctx.send(200, JSON.stringify({ authenticationType: state.provider }), 'application/json');
	});
}
