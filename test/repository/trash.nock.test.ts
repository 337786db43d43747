/** Exact requests of the Repository Trash operations (move to trash, list, delete permanently). */
import { exec, FILES, server, json, fileDto, useNock } from './helpers';

useNock();

describe('Trash', () => {
	it('Move to Trash looks up the ids of the paths and sends them comma-separated in one text/plain body', async () => {
		const scope = server()
			.get(`${FILES}/:home:admin:a.ktr/properties`)
			.reply(200, fileDto('a.ktr', '/home/admin/a.ktr', { id: 'id-a' }), json)
			.get(`${FILES}/:home:admin:b.ktr/properties`)
			.reply(200, fileDto('b.ktr', '/home/admin/b.ktr', { id: 'id-b' }), json);
		const put = server({ 'content-type': 'text/plain' }).put(`${FILES}/delete`, 'id-a,id-b').reply(200);
		const trash = server()
			.get(`${FILES}/deleted`)
			.reply(200, { repositoryFileDto: [fileDto('a.ktr', '/home/admin/.trash/pho:id-a/a.ktr', { id: 'id-a', originalParentFolderPath: '/home/admin', deletedDate: '1700000002000' }), fileDto('b.ktr', '/x', { id: 'id-b', originalParentFolderPath: '/home/admin' })] }, json);
		const result = await exec('trash', 'moveToTrash', { filesBy: 'path', paths: ['/home/admin/a.ktr', '/home/admin/b.ktr'] });
		scope.done();
		put.done();
		trash.done();
		expect(result.items[0].json).toMatchObject({
			movedToTrash: true,
			files: [
				{ id: 'id-a', originalPath: '/home/admin/a.ktr', deletedDate: '2023-11-14T22:13:22.000Z', originalParentFolderPath: '/home/admin' },
				{ id: 'id-b', originalPath: '/home/admin/b.ktr' },
			],
		});
	});

	it('Move to Trash that the server answers without moving the file is an error, not a success', async () => {
		server().get(`${FILES}/:home:admin:a.ktr/properties`).reply(200, fileDto('a.ktr', '/home/admin/a.ktr', { id: 'id-a' }), json);
		server().put(`${FILES}/delete`, 'id-a').reply(200);
		server().get(`${FILES}/deleted`).reply(200, {}, json);
		const result = await exec('trash', 'moveToTrash', { filesBy: 'path', paths: ['/home/admin/a.ktr'] });
		expect(result.error?.message).toBe('The server answered the move to the trash, but its trash does not hold /home/admin/a.ktr');
	});

	it('Move to Trash by IDs sends them as given; an unknown path is an error', async () => {
		const put = server().put(`${FILES}/delete`, 'x1,x2').reply(200).get(`${FILES}/deleted`).reply(200, { repositoryFileDto: [{ id: 'x1' }, { id: 'x2' }] }, json);
		const byId = await exec('trash', 'moveToTrash', { filesBy: 'id', ids: ['x1', 'x2'] });
		put.done();
		expect(byId.items[0].json.files).toEqual([{ id: 'x1' }, { id: 'x2' }]);
		server().get(`${FILES}/:none/properties`).reply(204);
		const missing = await exec('trash', 'moveToTrash', { filesBy: 'path', paths: ['/none'] });
		expect(missing.error?.message).toBe('The repository has no file or folder /none');
	});

	it('Delete Permanently finds a trashed path through the trash list', async () => {
		const scope = server()
			.get(`${FILES}/:home:admin:old.ktr/properties`)
			.reply(204)
			.get(`${FILES}/deleted`)
			.reply(200, { repositoryFileDto: [fileDto('old.ktr', '/home/admin/.trash/pho:t1/old.ktr', { id: 't1', originalParentFolderPath: '/home/admin' })] }, json);
		const put = server({ 'content-type': 'text/plain' }).put(`${FILES}/deletepermanent`, 't1').reply(200);
		const after = server().get(`${FILES}/deleted`).reply(200, {}, json);
		const result = await exec('trash', 'deletePermanently', { filesBy: 'path', paths: ['/home/admin/old.ktr'] });
		scope.done();
		put.done();
		after.done();
		expect(result.items[0].json).toEqual({ deleted: true, files: [{ id: 't1', path: '/home/admin/old.ktr' }] });
	});

	it('Get Many lists the trash with typed dates', async () => {
		server({ accept: 'application/json' })
			.get(`${FILES}/deleted`)
			.reply(200, { repositoryFileDto: [fileDto('x.ktr', '/x.ktr', { deletedDate: '1700000002000', originalParentFolderPath: '/public' })] }, json);
		const result = await exec('trash', 'getMany', { returnAll: true });
		expect(result.items[0].json).toMatchObject({ name: 'x.ktr', deletedDate: '2023-11-14T22:13:22.000Z', originalParentFolderPath: '/public' });
	});

	it('Trash operations refuse an empty list before any request', async () => {
		const result = await exec('trash', 'moveToTrash', { filesBy: 'path', paths: [] });
		expect(result.error?.message).toBe('Paths is empty: give at least one');
	});
});
