import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, sendPlanned } from '../../../common/executor';
import { optionsCollection } from '../../../common/fields';
import { SIMPLIFY_OPTION } from '../../../common/simplify';
import { baseName } from '../../../common/repositoryPath';
import { apiError } from '../../../common/errors';
import { propertiesOf } from '../../shared/builders';
import { filesUrl, joinPath, pathField, readPath, show } from '../../shared/paths';
import { checkNames } from '../../shared/reserved';
import { SIMPLE_RENAMED_FILE } from '../../shared/simplify';

const showOn = show('file', 'rename');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({ description: 'Repository path of the file or folder to rename' }),
	{
		displayName: 'New Name',
		name: 'newName',
		type: 'string',
		default: '',
		required: true,
		placeholder: 'e.g. sales_2024.ktr',
		description:
			'The new name (only the name: the file stays in its folder). A file keeps its extension: "sales_2024.ktr" and "sales_2024" both rename sales.ktr to sales_2024.ktr.',
	},
	optionsCollection([SIMPLIFY_OPTION]),
]);

interface Plan {
	path: string;
	newName: string;
}


function extensionOf(name: string): string {
	const dot = name.lastIndexOf('.');
	return dot >= 0 ? name.slice(dot) : '';
}

/**
 * `PUT {pathId}/rename?newName=`. The server keeps a file's extension: it renames to
 * `newName + extension of the old name` (pentaho-platform:extensions/.../services/FileService.java
 * `doRename`@9.3.0.0-422, @10.2.0.0-222, @727e5c86), so a new name that already ends with that
 * extension is sent without it. A missing file is a NullPointerException there (500 with no text),
 * so the file is looked up first; the output is the renamed file as the server then holds it.
 */
export const execute = defineOperation<Plan>({
	async plan(itemIndex) {
		const path = readPath(this, itemIndex);
		if (path === '/') throw new NodeOperationError(this.getNode(), 'The root folder cannot be renamed', { itemIndex });
		const newName = String(this.getNodeParameter('newName', itemIndex, '') ?? '').trim();
		if (newName === '') throw new NodeOperationError(this.getNode(), 'The new name is empty', { itemIndex });
		if (newName.includes('/') || newName === '.' || newName === '..') {
			throw new NodeOperationError(this.getNode(), `The new name "${newName}" may not contain "/" (give only the name, not a path)`, { itemIndex });
		}
		if ([...newName].some((c) => c.charCodeAt(0) < 0x20 || c.charCodeAt(0) === 0x7f)) throw new NodeOperationError(this.getNode(), 'The new name contains a control character', { itemIndex });
		await checkNames(this, itemIndex, [newName], 'The new name');
		return { path, newName };
	},
	simplify: SIMPLE_RENAMED_FILE,
	async run(plan, itemIndex) {
		const node = this.getNode();
		const current = await propertiesOf(this, plan.path, itemIndex);
		if (!current) throw apiError(node, { message: `The repository has no file or folder ${plan.path}`, httpCode: '404', itemIndex });
		const extension = current.folder === true ? '' : extensionOf(baseName(plan.path));
		const sent = extension && plan.newName.endsWith(extension) ? plan.newName.slice(0, -extension.length) : plan.newName;
		if (sent === '') throw new NodeOperationError(node, `The new name "${plan.newName}" is only the extension`, { itemIndex });
		const finalName = sent + extension;
		const parent = plan.path.slice(0, plan.path.length - baseName(plan.path).length - 1) || '/';
		const newPath = joinPath(parent, finalName);
		if (newPath === plan.path) return toItems({ ...current, previousPath: plan.path, renamed: false });
		await sendPlanned(this, { method: 'PUT', path: filesUrl(plan.path, 'rename'), qs: { newName: sent }, expect: 'text' }, itemIndex);
		const renamed = await propertiesOf(this, newPath, itemIndex);
		if (!renamed) {
			throw apiError(node, { message: `The server answered the rename of ${plan.path} but holds no ${newPath} afterwards`, httpCode: '500', itemIndex });
		}
		return toItems({ ...renamed, previousPath: plan.path, renamed: true });
	},
});
