import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { FILES, show } from '../../shared/paths';
import { confirmTrash, readTrashTargets, resolveIds, trashTargetFields, type TrashTargets } from '../../shared/trash';

const showOn = show('trash', 'moveToTrash');

export const description = updateDisplayOptions({ show: showOn }, trashTargetFields('Repository paths of the files or folders to move to the trash, all in one call'));

/** `PUT delete` with the ids of the files, comma-separated; then the trash is read back. */
export const execute = defineOperation<TrashTargets>({
	plan(itemIndex) {
		return readTrashTargets(this, itemIndex);
	},
	async run(plan, itemIndex) {
		const files = await resolveIds(this, plan, itemIndex, false);
		await dataflowRequest(this, {
			method: 'PUT',
			path: `${FILES}/delete`,
			headers: { 'Content-Type': 'text/plain' },
			body: files.map((f) => f.id).join(','),
			expect: 'empty',
			itemIndex,
		});
		return toItems({ movedToTrash: true, files: await confirmTrash(this, files, true, itemIndex) });
	},
});
