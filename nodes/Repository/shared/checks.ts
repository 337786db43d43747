/** Operations that differ only by their endpoint: user-level yes/no checks and plain content downloads. */
import type { INodeProperties } from 'n8n-workflow';

import { baseName, normalizePath } from '../../common/repositoryPath';
import { fileDownloadOperation, readDownloadTarget, yesNoOperation } from './builders';
import { binaryOutputField } from './fields';
import { FILES, filesUrl, pathField, show } from './paths';

/** `GET <path>` answering `true`/`false` about the current user: `{ [key]: boolean }`. */
export function userCheck(path: string, key: string, options: { falseStatuses?: number[]; since?: { version: string; operation: string } } = {}) {
	return {
		description: [] as INodeProperties[],
		execute: yesNoOperation({ key, plan: () => ({}), path: () => path, falseStatuses: options.falseStatuses, since: options.since }),
	};
}

/** `GET /api/repo/files/<operation>` with the optional `dirPath` argument. */
export function folderCheck(operation: 'canDownload' | 'canUpload') {
	const showOn = show('access', operation);
	return {
		description: [
			{
				displayName: 'Folder Path',
				name: 'dirPath',
				type: 'string',
				default: '',
				placeholder: '/public',
				description: 'Optional folder to check; leave empty to ask in general',
				displayOptions: { show: showOn },
			},
		] as INodeProperties[],
		execute: yesNoOperation<{ dirPath?: string }>({
			key: operation,
			plan(itemIndex) {
				const dirPath = String(this.getNodeParameter('dirPath', itemIndex, '') ?? '').trim();
				return dirPath === '' ? {} : { dirPath: normalizePath(dirPath, 'Folder Path') };
			},
			path: () => `${FILES}/${operation}`,
			qs: (plan) => (plan.dirPath ? { dirPath: plan.dirPath } : undefined),
		}),
	};
}

/** `GET {pathId}` or `GET {pathId}/<suffix>` into a binary field named after the file. */
export function contentDownload(operation: string, suffix?: string) {
	const showOn = show('file', operation);
	return {
		description: [pathField(showOn), binaryOutputField(showOn)],
		execute: fileDownloadOperation({
			plan(itemIndex) {
				return readDownloadTarget(this, itemIndex);
			},
			request: (plan) => ({ method: 'GET', path: filesUrl(plan.path, suffix), expect: 'stream' }),
			fileName: (plan) => baseName(plan.path) || 'file',
		}),
	};
}
