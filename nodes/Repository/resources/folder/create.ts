import { NodeOperationError, type IExecuteFunctions, updateDisplayOptions } from 'n8n-workflow';

import { encodePathId } from '../../../common/repositoryPath';
import { requestOperation } from '../../../common/executor';
import { optionsCollection, optionsOf } from '../../../common/fields';
import { DIRS, FILES, pathField, readPath, show } from '../../shared/paths';
import { checkNames } from '../../shared/reserved';
import { propertiesOf } from '../../shared/builders';

const showOn = show('folder', 'create');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({
		description: 'Repository path of the new folder, such as /home/admin/reports. Missing parent folders are created too.',
		placeholder: 'e.g. /home/admin/reports',
	}),
	optionsCollection([
		{
			displayName: 'Use Files Endpoint',
			name: 'useFilesEndpoint',
			type: 'boolean',
			default: false,
			description:
				'Whether to create the folder with PUT /api/repo/files/{path}/createDir instead of PUT /api/repo/dirs/{path}, for servers that serve only that one',
		},
	]),
]);

interface Plan {
	path: string;
	useFilesEndpoint: boolean;
}

/**
 * The path id for createDir. The server looks each folder up by its segment as sent, but names a
 * folder it creates after the segment URL-decoded once more (pentaho-platform:extensions/.../
 * services/FileService.java `doCreateDirFor` → `decode`@9.3.0.0-422 and @727e5c86): "a+b" would
 * become "a b" and "100%" stays only by luck. So when a name holds "+" or "%", the folders that
 * already exist are found first and the new ones are sent encoded once more.
 */
async function createDirPathId(ctx: IExecuteFunctions, path: string, itemIndex: number): Promise<string> {
	const segments = path.split('/').filter(Boolean);
	let existing = 0;
	if (segments.some((s) => /[+%]/.test(s))) {
		for (let n = segments.length; n > 0; n--) {
			if (await propertiesOf(ctx, '/' + segments.slice(0, n).join('/'), itemIndex)) {
				existing = n;
				break;
			}
		}
	}
	const parts = segments.map((segment, index) => (index < existing ? segment.replace(/:/g, '\t') : /[+%]/.test(segment) ? encodeURIComponent(segment) : segment.replace(/:/g, '\t')));
	return encodePathId(':' + parts.join(':'));
}

export const execute = requestOperation<Plan>({
	async plan(itemIndex) {
		const path = readPath(this, itemIndex);
		if (path === '/') throw new NodeOperationError(this.getNode(), 'The root folder already exists: give the path of a new folder', { itemIndex });
		await checkNames(this, itemIndex, path.split('/').filter(Boolean), 'The folder name');
		return { path, useFilesEndpoint: optionsOf(this, itemIndex).useFilesEndpoint === true };
	},
	async request(plan, itemIndex) {
		const id = await createDirPathId(this, plan.path, itemIndex);
		return {
			method: 'PUT',
			path: plan.useFilesEndpoint ? `${FILES}/${id}/createDir` : `${DIRS}/${id}`,
			expect: 'empty',
			// The server's "couldNotCreateFolderDuplicate" survives only on 11.x; 9.3/10.2 send their generic page.
			refusals: { 409: `${plan.path} exists already (couldNotCreateFolderDuplicate)` },
		};
	},
	output: (plan) => ({ path: plan.path, created: true }),
});
