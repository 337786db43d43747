/** Exact requests of the Repository Session operations. */
import { exec, server, text, useNock } from './helpers';

useNock();

describe('Session', () => {
	it('Is Administrator and Is Authenticated read text answers; 401 means not authenticated', async () => {
		const scope = server({ accept: 'text/plain' })
			.get('/pentaho/api/mantle/isAdministrator')
			.reply(200, 'true', text)
			// n8n retries a 401 once after re-reading the credential.
			.get('/pentaho/api/mantle/isAuthenticated')
			.times(2)
			.reply(401, 'Unauthorized', text);
		const admin = await exec('session', 'isAdministrator');
		const authenticated = await exec('session', 'isAuthenticated');
		expect(authenticated.error?.message).toBeUndefined();
		scope.done();
		expect(admin.items[0].json).toEqual({ isAdministrator: true });
		expect(authenticated.items[0].json).toEqual({ isAuthenticated: false });
	});
});
