import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { FILES, show } from '../../shared/paths';
import { confirmTrash, readTrashTargets, resolveIds, trashTargetFields, type TrashTargets } from '../../shared/trash';

const showOn = show('trash', 'deletePermanently');

export const description = updateDisplayOptions({ show: showOn }, [
	{
		displayName:
			'This cannot be undone. A path is looked up in place first, then in the trash by its original path (every trashed copy with that path is deleted).',
		name: 'deletePermanentlyNotice',
		type: 'notice',
		default: '',
	},
	...trashTargetFields('Repository paths of the files or folders to delete for good, all in one call'),
]);

/** `PUT deletepermanent` with the ids of the files, comma-separated (trashed paths are found in the trash list); then the trash is read back. */
export const execute = defineOperation<TrashTargets>({
	plan(itemIndex) {
		return readTrashTargets(this, itemIndex);
	},
	async run(plan, itemIndex) {
		const files = await resolveIds(this, plan, itemIndex, true);
		await dataflowRequest(this, {
			method: 'PUT',
			path: `${FILES}/deletepermanent`,
			headers: { 'Content-Type': 'text/plain' },
			body: files.map((f) => f.id).join(','),
			expect: 'empty',
			itemIndex,
		});
		return toItems({ deleted: true, files: await confirmTrash(this, files, false, itemIndex) });
	},
});
