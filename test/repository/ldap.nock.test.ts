/** Exact requests of the Repository LDAP operations (get and update settings). */
import { exec, server, json, useNock } from './helpers';

useNock();

describe('LDAP', () => {
	const attributes = [
		{ key: 'securityProvider', value: 'jackrabbit' },
		{ key: 'contextSource.providerUrl', value: 'ldap://old' },
		{ key: 'contextSource.password', value: '****' },
	];

	it('Get Settings gives the attributes as one item, without the password unless asked', async () => {
		server({ accept: 'application/json' }).get('/pentaho/api/ldap/config/getAttributeValues').twice().reply(200, { attributes }, json);
		const plain = await exec('ldap', 'getSettings');
		const withPassword = await exec('ldap', 'getSettings', { options: { includePassword: true } });
		expect(plain.items[0].json).toEqual({ securityProvider: 'jackrabbit', 'contextSource.providerUrl': 'ldap://old' });
		expect(withPassword.items[0].json['contextSource.password']).toBe('****');
	});

	it('Update Settings reads the current set and sends it back with the changes (not the read password)', async () => {
		const scope = server()
			.get('/pentaho/api/ldap/config/getAttributeValues')
			.reply(200, { attributes }, json)
			.put('/pentaho/api/ldap/config/setAttributeValues', {
				attributes: [
					{ key: 'securityProvider', value: 'ldap' },
					{ key: 'contextSource.providerUrl', value: 'ldap://old' },
					{ key: 'populator.searchSubtree', value: 'true' },
				],
			})
			.reply(200);
		const result = await exec('ldap', 'updateSettings', { attributes: { securityProvider: 'ldap', populatorSearchSubtree: true } });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(result.items[0].json).toEqual({ updated: true, changed: ['populator.searchSubtree', 'securityProvider'], sent: ['securityProvider', 'contextSource.providerUrl', 'populator.searchSubtree'] });
	});

	it('Update Settings with "only changed" sends just those keys, the password included when set', async () => {
		const scope = server({ 'content-type': 'application/json' })
			.put('/pentaho/api/ldap/config/setAttributeValues', {
				attributes: [
					{ key: 'contextSource.password', value: 'n3w-secret' },
					{ key: 'contextSource.userDn', value: 'cn=svc' },
				],
			})
			.reply(200);
		const result = await exec('ldap', 'updateSettings', { attributes: { contextSourcePassword: 'n3w-secret', contextSourceUserDn: 'cn=svc' }, options: { onlyChanged: true } });
		expect(result.error).toBeUndefined();
		scope.done();
		expect(JSON.stringify(result.items)).not.toContain('n3w-secret');
		const none = await exec('ldap', 'updateSettings', { attributes: {} });
		expect(none.error?.message).toBe('Add at least one attribute to change');
	});
});
