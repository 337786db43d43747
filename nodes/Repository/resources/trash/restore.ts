import { NodeOperationError, type IDataObject, type IExecuteFunctions, updateDisplayOptions } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { propertiesOf } from '../../shared/builders';
import { FILES, show } from '../../shared/paths';
import { originalPathOf, readTrashTargets, trashList, trashTargetFields, type TrashTargets } from '../../shared/trash';

const showOn = show('trash', 'restore');

/** The server's overwrite modes for a restore into the home folder (FileService MODE_OVERWRITE 1, MODE_RENAME 2, MODE_NO_OVERWRITE 3). */
const HOME_MODES: Record<string, number> = { overwrite: 1, rename: 2, keepExisting: 3 };

export const description = updateDisplayOptions({ show: showOn }, [
	...trashTargetFields('Original paths of the trashed files or folders (as Get Many shows them), all restored in one call'),
	{
		displayName: 'Restore To',
		name: 'restoreTo',
		type: 'options',
		options: [
			{ name: 'My Home Folder', value: 'home', description: "The logged-in user's home folder, whatever the original folder was" },
			{
				name: 'Original Folder',
				value: 'original',
				description: 'Where each file was deleted from. A missing folder is created again; a file of the same name there makes the restore fail.',
			},
		],
		default: 'original',
		required: true,
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: { restoreTo: ['home'] } },
		options: [
			{
				displayName: 'If a File of That Name Exists',
				name: 'ifExists',
				type: 'options',
				options: [
					{ name: 'Keep Both (Rename the Restored File)', value: 'rename' },
					{ name: 'Keep the Existing File (Skip)', value: 'keepExisting' },
					{ name: 'Replace the Existing File', value: 'overwrite', description: 'The file in the home folder is deleted for good' },
				],
				default: 'rename',
			},
		],
	},
]);

interface Plan {
	targets: TrashTargets;
	restoreTo: 'original' | 'home';
	ifExists: string;
}

interface Trashed {
	id: string;
	name: string;
	originalPath: string;
}

/** The trash, read once. */
async function readTrash(ctx: IExecuteFunctions, itemIndex: number): Promise<Trashed[]> {
	return (await trashList(ctx, itemIndex)).filter((file) => typeof file.id === 'string').map((file) => ({ id: String(file.id), name: String(file.name ?? ''), originalPath: originalPathOf(file) }));
}

/** The trashed files the targets name: an ID must be in the trash, a path must name exactly one trashed file. */
function pick(ctx: IExecuteFunctions, trash: Trashed[], targets: TrashTargets, itemIndex: number): Trashed[] {
	return targets.values.map((value) => {
		const matches = trash.filter((file) => (targets.by === 'id' ? file.id === value : file.originalPath === value));
		if (matches.length === 0) {
			throw apiError(ctx.getNode(), { message: `The trash holds no ${targets.by === 'id' ? `file with the ID ${value}` : value}`, httpCode: '404', itemIndex });
		}
		if (matches.length > 1) {
			throw new NodeOperationError(ctx.getNode(), `The trash holds ${matches.length} files deleted from ${value}; give the one to restore by its ID (Get Many lists them)`, { itemIndex });
		}
		return matches[0];
	});
}

/**
 * `PUT /api/repo/files/restore` with the file ids comma-separated: to the original folder, or with
 * `?overwriteMode=` to the user's home folder (pentaho-platform:extensions/.../resources/FileResource.java
 * `doRestore` and services/FileService.java `doRestoreFiles`/`doRestoreFilesInHomeDir`@9.3.0.0-422, the
 * same at 10.2.0.0-419, 10.2.0.10-434 and 11.1.0.0-381). To the original folder the repository re-creates a
 * folder that is gone, fails (500) when a file of that name is there, and silently restores nothing the
 * user may not write (JcrRepositoryFileDao.undeleteFile, DefaultDeleteHelper.undeleteFile@11.1.0.0-381);
 * without write access to the original folder the resource answers 406 (the home folder has no file of
 * that name) or 409. A 200 therefore proves nothing: the trash is read back, and a file still in it is an
 * error (or, with Keep the Existing File, reported as skipped).
 */
export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const restoreTo = this.getNodeParameter('restoreTo', itemIndex, 'original') === 'home' ? 'home' : 'original';
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const ifExists = String(options.ifExists ?? 'rename');
		if (!(ifExists in HOME_MODES)) throw new NodeOperationError(this.getNode(), `Unknown choice "${ifExists}" for If a File of That Name Exists`, { itemIndex });
		return { targets: readTrashTargets(this, itemIndex), restoreTo, ifExists };
	},
	async run(plan, itemIndex) {
		const files = pick(this, await readTrash(this, itemIndex), plan.targets, itemIndex);
		const names = files.map((f) => f.originalPath).join(', ');
		const response = await dataflowRequest(this, {
			method: 'PUT',
			path: `${FILES}/restore`,
			qs: plan.restoreTo === 'home' ? { overwriteMode: HOME_MODES[plan.ifExists] } : undefined,
			headers: { 'Content-Type': 'text/plain' },
			body: files.map((f) => f.id).join(','),
			expect: 'empty',
			okStatuses: plan.restoreTo === 'original' ? [500] : [],
			refusals: {
				406: `You may not write to the original folder of ${names}. Nothing was restored; restore to your home folder instead (Restore To: My Home Folder).`,
				409: `You may not write to the original folder of ${names}, and your home folder already holds a file of the same name. Nothing was restored; restore to your home folder with "If a File of That Name Exists" set.`,
				500: `The server could not restore ${names} to your home folder`,
			},
			itemIndex,
		});
		if (response.status === 500) {
			const taken = [];
			for (const file of files) if (await propertiesOf(this, file.originalPath, itemIndex)) taken.push(file.originalPath);
			throw apiError(this.getNode(), {
				message: taken.length
					? `A file or folder already exists at ${taken.join(', ')}: the server restores nothing over it`
					: `The server could not restore ${names} (HTTP 500)`,
				description: taken.length ? 'Move, rename or delete the existing file first, or restore to your home folder (Restore To: My Home Folder).' : undefined,
				httpCode: '500',
				itemIndex,
			});
		}
		const left = new Set((await readTrash(this, itemIndex)).map((f) => f.id));
		const kept = files.filter((f) => left.has(f.id));
		if (kept.length && !(plan.restoreTo === 'home' && plan.ifExists === 'keepExisting')) {
			throw apiError(this.getNode(), {
				message: `The server answered the restore, but its trash still holds ${kept.map((f) => f.originalPath).join(', ')}`,
				description: 'The repository restores nothing the logged-in user may not write, and says nothing about it. Check the file\'s permissions.',
				httpCode: '500',
				itemIndex,
			});
		}
		const out: IDataObject[] = files.map((f) => ({
			id: f.id,
			name: f.name,
			originalPath: f.originalPath,
			restored: !left.has(f.id),
			...(left.has(f.id) ? { reason: 'A file of that name is in your home folder (Keep the Existing File)' } : {}),
		}));
		return toItems({ restoredTo: plan.restoreTo === 'home' ? 'homeFolder' : 'originalFolder', files: out });
	},
});
