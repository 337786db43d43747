/** The LDAP attribute set: its documented keys as named fields, and reading the server's `{attributes: [{key, value}]}`. */
import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { toArray } from '../../common/values';
import { unwrap } from './documents';

export const LDAP_PASSWORD_KEY = 'contextSource.password';

interface AttributeSpec {
	key: string;
	field: string;
	displayName: string;
	description: string;
	placeholder?: string;
	boolean?: boolean;
	password?: boolean;
}

export const LDAP_ATTRIBUTES: AttributeSpec[] = [
	{ key: 'adminRole', field: 'adminRole', displayName: 'Admin Role', description: 'Role that makes a user an administrator', placeholder: 'e.g. cn=Administrator,ou=roles' },
	{ key: 'adminUser', field: 'adminUser', displayName: 'Admin User', description: 'Distinguished name of the administrator user', placeholder: 'e.g. uid=admin,ou=users' },
	{ key: 'allAuthoritiesSearch.roleAttribute', field: 'allAuthoritiesSearchRoleAttribute', displayName: 'All Authorities Search: Role Attribute', description: 'Attribute that holds the role name', placeholder: 'e.g. cn' },
	{ key: 'allAuthoritiesSearch.searchBase', field: 'allAuthoritiesSearchSearchBase', displayName: 'All Authorities Search: Search Base', description: 'Where to search for all roles', placeholder: 'e.g. ou=roles' },
	{ key: 'allAuthoritiesSearch.searchFilter', field: 'allAuthoritiesSearchSearchFilter', displayName: 'All Authorities Search: Search Filter', description: 'Filter that finds all roles', placeholder: 'e.g. (objectClass=groupOfNames)' },
	{ key: 'allUsernamesSearch.searchBase', field: 'allUsernamesSearchSearchBase', displayName: 'All Usernames Search: Search Base', description: 'Where to search for all users', placeholder: 'e.g. ou=users' },
	{ key: 'allUsernamesSearch.searchFilter', field: 'allUsernamesSearchSearchFilter', displayName: 'All Usernames Search: Search Filter', description: 'Filter that finds all users', placeholder: 'e.g. (objectClass=person)' },
	{ key: 'allUsernamesSearch.usernameAttribute', field: 'allUsernamesSearchUsernameAttribute', displayName: 'All Usernames Search: Username Attribute', description: 'Attribute that holds the user name', placeholder: 'e.g. uid' },
	{ key: 'contextSource.password', field: 'contextSourcePassword', displayName: 'Context Source: Password', description: 'Password of the user that connects to the directory', password: true },
	{ key: 'contextSource.providerUrl', field: 'contextSourceProviderUrl', displayName: 'Context Source: Provider URL', description: 'URL of the directory server', placeholder: 'e.g. ldap://ldap.example.com:389/dc=example,dc=com' },
	{ key: 'contextSource.userDn', field: 'contextSourceUserDn', displayName: 'Context Source: User DN', description: 'Distinguished name of the user that connects to the directory', placeholder: 'e.g. cn=admin,dc=example,dc=com' },
	{ key: 'populator.convertToUpperCase', field: 'populatorConvertToUpperCase', displayName: 'Populator: Convert to Upper Case', description: 'Whether role names are converted to upper case', boolean: true },
	{ key: 'populator.groupRoleAttribute', field: 'populatorGroupRoleAttribute', displayName: 'Populator: Group Role Attribute', description: 'Attribute of a group that holds the role name', placeholder: 'e.g. cn' },
	{ key: 'populator.groupSearchBase', field: 'populatorGroupSearchBase', displayName: 'Populator: Group Search Base', description: "Where to search for a user's groups", placeholder: 'e.g. ou=roles' },
	{ key: 'populator.groupSearchFilter', field: 'populatorGroupSearchFilter', displayName: 'Populator: Group Search Filter', description: "Filter that finds a user's groups", placeholder: 'e.g. (roleOccupant={0})' },
	{ key: 'populator.rolePrefix', field: 'populatorRolePrefix', displayName: 'Populator: Role Prefix', description: 'Prefix added to role names' },
	{ key: 'populator.searchSubtree', field: 'populatorSearchSubtree', displayName: 'Populator: Search Subtree', description: 'Whether the group search goes into sub-trees', boolean: true },
	{ key: 'securityProvider', field: 'securityProvider', displayName: 'Security Provider', description: 'Where users and roles come from, such as ldap or jackrabbit', placeholder: 'e.g. ldap' },
	{ key: 'userSearch.searchBase', field: 'userSearchSearchBase', displayName: 'User Search: Search Base', description: 'Where to search for a user who logs in', placeholder: 'e.g. ou=users' },
	{ key: 'userSearch.searchFilter', field: 'userSearchSearchFilter', displayName: 'User Search: Search Filter', description: 'Filter that finds a user who logs in', placeholder: 'e.g. (uid={0})' },
];

export function attributeOptions(): INodeProperties[] {
	return LDAP_ATTRIBUTES.map((spec) => {
		if (spec.boolean) {
			return { displayName: spec.displayName, name: spec.field, type: 'boolean', default: false, description: spec.description };
		}
		return {
			displayName: spec.displayName,
			name: spec.field,
			type: 'string',
			default: '',
			description: spec.description,
			...(spec.placeholder ? { placeholder: spec.placeholder } : {}),
			...(spec.password ? { typeOptions: { password: true } } : {}),
		} as INodeProperties;
	});
}

/** `{attributes: [{key, value}]}` (also a bare object for one attribute, or an XML wrapper) → key → value. */
export function attributesOf(body: unknown): Record<string, string> {
	const raw = unwrap(body, 'attributeSet');
	const out: Record<string, string> = {};
	for (const entry of toArray(raw.attributes as IDataObject | IDataObject[])) {
		if (entry === null || typeof entry !== 'object' || entry.key === undefined) continue;
		out[String(entry.key)] = entry.value === undefined || entry.value === null ? '' : String(entry.value);
	}
	return out;
}
