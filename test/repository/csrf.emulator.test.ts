/**
 * Uploads, backups and restores with the platform's CSRF protection on and off. The real protected
 * set (pentaho-platform:assemblies/pentaho-solutions/src/main/resources/pentaho-solutions/system/
 * applicationContext-spring-security-csrf.xml@9.3.0.0-422, @10.2.0.3-305 and @727e5c86) holds
 * `POST /api/repo/files/import` but none of the Repository node's endpoints (PUT {pathId},
 * POST /backup, POST /systemRestore), so every operation must work either way; Restore still asks
 * the token service and sends the token with its session cookie, as the platform's command-line
 * client does (extensions/.../importexport/CommandLineProcessor.java `CsrfTokenFilter`@727e5c86).
 */
import { repositoryOf } from '../../emulator/areas/repository';
import { useEmulator } from '../helpers/emulator';
import { binaryInput, exec, rl } from './helpers';

for (const csrf of [true, false]) {
	describe(`CSRF protection ${csrf ? 'on' : 'off'}`, () => {
		const fixture = useEmulator({ csrf });

		it('Upload, Back Up and Restore work, and Restore sends the session token when there is one', async () => {
			const admin = fixture.server();
			const upload = await exec('file', 'upload', { folder: rl('/home/admin/csrf'), binaryPropertyName: 'data' }, { credentials: admin, input: [binaryInput('<t/>', 'in.ktr', 'text/xml')] });
			expect(upload.error).toBeUndefined();
			expect(upload.items[0].json).toMatchObject({ path: '/home/admin/csrf/in.ktr', fileSize: 4, uploaded: true });

			const backup = await exec('system', 'backUp', { binaryPropertyName: 'data' }, { credentials: admin });
			expect(backup.error).toBeUndefined();
			await repositoryOf(fixture.emulator.app).deletePermanently(repositoryOf(fixture.emulator.app).find('/home/admin/csrf/in.ktr')!, { name: 'admin', password: '', admin: true });

			fixture.resetRequests();
			const restore = await exec('system', 'restore', { binaryPropertyName: 'data' }, { credentials: admin, input: backup.items });
			expect(restore.error).toBeUndefined();
			expect(repositoryOf(fixture.emulator.app).find('/home/admin/csrf/in.ktr')).toBeDefined();
			const asked = fixture.requests();
			expect(asked.indexOf('GET /pentaho/api/csrf/token')).toBeGreaterThanOrEqual(0);
			expect(asked.indexOf('GET /pentaho/api/csrf/token')).toBeLessThan(asked.indexOf('POST /pentaho/api/repo/files/systemRestore'));
		});
	});
}
