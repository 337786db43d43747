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

	describe('Restore (issue 28, defect 14)', () => {
		const trashed = (id: string, name: string, parent: string) => fileDto(name, `/home/admin/.trash/pho:${id}/${name}`, { id, originalParentFolderPath: parent });

		it('puts a trashed path back in its original folder: trash read, PUT restore with the id, trash read back', async () => {
			const scope = server()
				.get(`${FILES}/deleted`)
				.reply(200, { repositoryFileDto: [trashed('t1', 'old.ktr', '/public/etl'), trashed('t2', 'other.ktr', '/public')] }, json);
			const put = server({ 'content-type': 'text/plain' }).put(`${FILES}/restore`, 't1').reply(200);
			const after = server().get(`${FILES}/deleted`).reply(200, { repositoryFileDto: trashed('t2', 'other.ktr', '/public') }, json);
			const result = await exec('trash', 'restore', { filesBy: 'path', paths: ['/public/etl/old.ktr'] });
			scope.done();
			put.done();
			after.done();
			expect(result.items[0].json).toEqual({ restoredTo: 'originalFolder', files: [{ id: 't1', name: 'old.ktr', originalPath: '/public/etl/old.ktr', restored: true }] });
		});

		it('to the home folder sends overwriteMode (2 rename by default, 3 keep existing) and reports what stayed in the trash as skipped', async () => {
			server().get(`${FILES}/deleted`).reply(200, { repositoryFileDto: trashed('t1', 'old.ktr', '/public/etl') }, json);
			const rename = server().put(`${FILES}/restore`, 't1').query({ overwriteMode: '2' }).reply(200);
			server().get(`${FILES}/deleted`).reply(200, {}, json);
			const renamed = await exec('trash', 'restore', { filesBy: 'id', ids: ['t1'], restoreTo: 'home' });
			rename.done();
			expect(renamed.items[0].json).toMatchObject({ restoredTo: 'homeFolder', files: [{ id: 't1', restored: true }] });

			server().get(`${FILES}/deleted`).reply(200, { repositoryFileDto: trashed('t1', 'old.ktr', '/public/etl') }, json);
			const keep = server().put(`${FILES}/restore`, 't1').query({ overwriteMode: '3' }).reply(200);
			server().get(`${FILES}/deleted`).reply(200, { repositoryFileDto: trashed('t1', 'old.ktr', '/public/etl') }, json);
			const skipped = await exec('trash', 'restore', { filesBy: 'id', ids: ['t1'], restoreTo: 'home', options: { ifExists: 'keepExisting' } });
			keep.done();
			expect(skipped.items[0].json).toMatchObject({ files: [{ id: 't1', restored: false, reason: expect.stringMatching(/home folder/) }] });
		});

		it('a 500 with a file of that name in the original folder says so; a 200 that restored nothing is an error', async () => {
			server().get(`${FILES}/deleted`).reply(200, { repositoryFileDto: trashed('t1', 'old.ktr', '/public/etl') }, json);
			server().put(`${FILES}/restore`, 't1').reply(500);
			server().get(`${FILES}/:public:etl:old.ktr/properties`).reply(200, fileDto('old.ktr', '/public/etl/old.ktr', { id: 'live' }), json);
			const taken = await exec('trash', 'restore', { filesBy: 'path', paths: ['/public/etl/old.ktr'] });
			expect(taken.error?.message).toBe('A file or folder already exists at /public/etl/old.ktr: the server restores nothing over it');

			server().get(`${FILES}/deleted`).reply(200, { repositoryFileDto: trashed('t1', 'old.ktr', '/public/etl') }, json);
			server().put(`${FILES}/restore`, 't1').reply(200);
			server().get(`${FILES}/deleted`).reply(200, { repositoryFileDto: trashed('t1', 'old.ktr', '/public/etl') }, json);
			const silent = await exec('trash', 'restore', { filesBy: 'path', paths: ['/public/etl/old.ktr'] });
			expect(silent.error?.message).toBe('The server answered the restore, but its trash still holds /public/etl/old.ktr');
		});

		it('406 and 409 (no write access to the original folder) are explained; a path not in the trash fails before the PUT', async () => {
			server().get(`${FILES}/deleted`).reply(200, { repositoryFileDto: trashed('t1', 'old.ktr', '/public/etl') }, json);
			server().put(`${FILES}/restore`, 't1').reply(406);
			const refused = await exec('trash', 'restore', { filesBy: 'id', ids: ['t1'] });
			expect(refused.error?.message).toMatch(/^You may not write to the original folder of \/public\/etl\/old.ktr\. Nothing was restored/);

			server().get(`${FILES}/deleted`).reply(200, { repositoryFileDto: [trashed('t1', 'old.ktr', '/public/etl'), trashed('t3', 'old.ktr', '/public/etl')] }, json);
			const twice = await exec('trash', 'restore', { filesBy: 'path', paths: ['/public/etl/old.ktr'] });
			expect(twice.error?.message).toMatch(/^The trash holds 2 files deleted from \/public\/etl\/old.ktr; give the one to restore by its ID/);

			server().get(`${FILES}/deleted`).reply(200, {}, json);
			const none = await exec('trash', 'restore', { filesBy: 'path', paths: ['/public/none.ktr'] });
			expect(none.error?.message).toBe('The trash holds no /public/none.ktr');
		});
	});
});
