/**
 * The user/role area of the emulator: the platform's Jackrabbit user and role store behind /api/userroledao
 * (users, roles, passwords, memberships, role bindings), the lists of /api/userrolelist, and which security
 * provider authenticates (/api/system/authentication-provider). The users are the emulator's own logins
 * (app.users): a user created here logs in with Basic authentication, a deleted one no longer does, a new
 * password works at once. With `seed.userrole.provider` 'ldap' or 'jdbc' the logins are a directory and the
 * DAO writes a JCR store that does not authenticate, as on a real server.
 *
 * Layout (as every area): userrole/area.ts registers, routes-dao.ts and routes-list.ts answer, store.ts holds the
 * state and acts on it, seed.ts is the fixture, format.ts writes the documents, request.ts reads requests;
 * javaOrder.ts reproduces Java's HashSet order.
 */
export { register } from './userrole/area';
export type { UserRoleSeed } from './userrole/seed';
export { allowed, canAdminister, userRoleState, type Provider, type UserRoleState } from './userrole/store';
