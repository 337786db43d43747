/**
 * Back Up and Restore on the 10.2 service-pack builds either side of 10.2.0.2-290, where the backup became a
 * POST with required log fields (pentaho-platform ab03dbb3d7, issue 28 defect 10): the emulator plays the
 * 10.2 line at each build (`build`), and the node must use the form that build takes.
 */
import { repositoryOf } from '../../emulator/areas/repository';
import { DataflowRepository } from '../../nodes/Repository/DataflowRepository.node';
import { run } from '../harness';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { useEmulator } from '../helpers/emulator';

useFilesystemBinaryData();
const node = new DataflowRepository();

describe.each([
	['10.2.0.2-289', 'GET'],
	['10.2.0.2-290', 'POST'],
	['10.2.0.5-350', 'POST'],
])('server build %s', (build, method) => {
	const fixture = useEmulator({ profile: '10.2sp', build });

	it(`backs up with ${method} and restores what the backup holds`, async () => {
		const credentials = { dataflowServerApi: fixture.server() };
		const repo = repositoryOf(fixture.emulator.app);
		await repo.writeFile('/public/sp/kept.txt', 'kept', { name: 'admin', password: '', admin: true });
		fixture.resetRequests();
		const backup = await run(node, { parameters: { resource: 'system', operation: 'backUp', binaryPropertyName: 'backup' } as never, credentials });
		expect(backup.error?.message).toBeUndefined();
		expect(fixture.requests().filter((r) => r.endsWith('/api/repo/files/backup'))).toEqual([`${method} /pentaho/api/repo/files/backup`]);

		await run(node, { parameters: { resource: 'trash', operation: 'deletePermanently', filesBy: 'path', paths: ['/public/sp/kept.txt'] } as never, credentials });
		const restored = await run(node, { parameters: { resource: 'system', operation: 'restore', binaryPropertyName: 'backup' } as never, credentials, input: backup.items });
		expect(restored.error?.message).toBeUndefined();
		expect(repo.find('/public/sp/kept.txt')).toBeDefined();
	});
});
