import type { INodeProperties } from 'n8n-workflow';

import { show } from '../../shared/paths';
import { trashOperation, trashTargetFields } from '../../shared/trash';

const showOn = show('trash', 'moveToTrash');

export const description: INodeProperties[] = trashTargetFields(showOn, 'Repository paths of the files or folders to move to the trash, all in one call');

/** `PUT delete` with the ids of the files, comma-separated. */
export const execute = trashOperation('delete', false, 'movedToTrash');
