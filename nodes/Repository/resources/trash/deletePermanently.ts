import type { INodeProperties } from 'n8n-workflow';

import { show } from '../../shared/paths';
import { trashOperation, trashTargetFields } from '../../shared/trash';

const showOn = show('trash', 'deletePermanently');

export const description: INodeProperties[] = [
	{
		displayName:
			'This cannot be undone. A path is looked up in place first, then in the trash by its original path (every trashed copy with that path is deleted).',
		name: 'deletePermanentlyNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: showOn },
	},
	...trashTargetFields(showOn, 'Repository paths of the files or folders to delete for good, all in one call'),
];

/** `PUT deletepermanent` with the ids of the files, comma-separated; trashed paths are found in the trash list. */
export const execute = trashOperation('deletepermanent', true, 'deleted');
