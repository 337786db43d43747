/**
 * The user/role documents as JAXB writes them (XML, every version) and as JSON per build:
 * - 9.x/10.x: Jersey 1 "mapped" JSON through JAXBContextResolver (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JAXBContextResolver.java@10.2.0.10-434):
 *   no root object, every scalar a string, a one-element list written bare UNLESS its name is in the resolver's arrays — the
 *   List fields declared by the class asked for (UserListWrapper.users, RoleListWrapper.roles, SystemRolesMap.localizedRoleNames),
 *   not the @XmlElement names of RolesWrapper/UsersWrapper ("role", "user") nor nested classes' lists; an empty list left out.
 * - 11.x: Jackson with the JAXB annotations (JacksonFeature, …/web/servlet/jersey/JAXRSApplication.java@11.0.0.0-237): typed
 *   values, lists always arrays, property names from the getters or @XmlElement.
 */
import { jersey1Json } from '../../core/jsonStyle';
import type { RequestContext } from '../../core/types';
import { escapeXml } from '../../core/xml';
import { wantsJson } from './request';
import type { UserRoleState } from './store';

const DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

function element(name: string, value: string): string {
	return `<${name}>${escapeXml(value, 'noApostrophe')}</${name}>`;
}

/** A JAXB list wrapper: `<root><item>…</item>…</root>`, JSON `{"item":[…]}`. */
function sendList(ctx: RequestContext, state: UserRoleState, root: string, item: string, values: string[], keepArray: boolean): void {
	if (wantsJson(ctx)) {
		const value = { [item]: values };
		ctx.sendJson(200, state.app.profile.jsonStyle === 'jackson' ? value : jersey1Json(value, { arrays: keepArray ? [item] : [] }));
		return;
	}
	ctx.sendXml(200, `${DECLARATION}<${root}>${values.map((v) => element(item, v)).join('')}</${root}>`, 'application/xml');
}

/** UserListWrapper (@XmlRootElement "userList", property users). */
export function sendUserList(ctx: RequestContext, state: UserRoleState, users: string[]): void {
	sendList(ctx, state, 'userList', 'users', users, true);
}

/** RoleListWrapper (@XmlRootElement "roleList", property roles). */
export function sendRoleList(ctx: RequestContext, state: UserRoleState, roles: string[]): void {
	sendList(ctx, state, 'roleList', 'roles', roles, true);
}

/** RolesWrapper (@XmlRootElement "roles", @XmlElement "role"): /api/userrolelist/getRolesForUser. */
export function sendRolesWrapper(ctx: RequestContext, state: UserRoleState, roles: string[]): void {
	sendList(ctx, state, 'roles', 'role', roles, false);
}

/** UsersWrapper (@XmlRootElement "users", @XmlElement "user"): /api/userrolelist/getUsersInRole. */
export function sendUsersWrapper(ctx: RequestContext, state: UserRoleState, users: string[]): void {
	sendList(ctx, state, 'users', 'user', users, false);
}

export interface Assignment {
	roleName: string;
	logicalRoles: string[];
	immutable: boolean;
}

/** SystemRolesMap (@XmlRootElement "systemRolesMap"): assignments, then localizedRoleNames. */
export function sendSystemRolesMap(ctx: RequestContext, state: UserRoleState, assignments: Assignment[], names: Array<{ roleName: string; localizedName: string }>): void {
	if (wantsJson(ctx)) {
		const value = { assignments, localizedRoleNames: names };
		ctx.sendJson(200, state.app.profile.jsonStyle === 'jackson' ? value : jersey1Json(value, { arrays: ['localizedRoleNames'] }));
		return;
	}
	const xml =
		`${DECLARATION}<systemRolesMap>` +
		assignments
			.map((a) => `<assignments>${element('immutable', String(a.immutable))}${a.logicalRoles.map((r) => element('logicalRoles', r)).join('')}${element('roleName', a.roleName)}</assignments>`)
			.join('') +
		names.map((n) => `<localizedRoleNames>${element('localizedName', n.localizedName)}${element('roleName', n.roleName)}</localizedRoleNames>`).join('') +
		'</systemRolesMap>';
	ctx.sendXml(200, xml, 'application/xml');
}
