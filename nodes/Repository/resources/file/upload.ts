import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { uploadSource } from '../../../common/binary';
import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { apiError } from '../../../common/errors';
import { filesUrl, joinPath, pathField, readPath, show } from '../../shared/paths';
import { checkNames } from '../../shared/reserved';
import { propertiesOf } from '../../shared/builders';
import { binaryInputField, optionsCollection, optionsOf } from '../../../common/fields';
import { SIMPLIFY_OPTION } from '../../../common/simplify';
import { SIMPLE_UPLOADED_FILE } from '../../shared/simplify';

const showOn = show('file', 'upload');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({
		name: 'folder',
		displayName: 'Folder',
		description: 'Repository folder to upload into, such as /home/admin. Missing folders are created.',
		placeholder: 'e.g. /home/admin',
		folders: true,
	}),
	binaryInputField('The name of the input binary field holding the file to upload'),
	optionsCollection([
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			placeholder: 'e.g. sales.ktr',
			description: "Name of the file in the repository. Leave it out to use the input file's name.",
		},
		SIMPLIFY_OPTION,
	]),
]);

interface Plan {
	folder: string;
	name: string;
	property: string;
}

export const execute = defineOperation<Plan>({
	async plan(itemIndex) {
		const node = this.getNode();
		const folder = readPath(this, itemIndex, 'folder', 'Folder');
		const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
		if (property === '') throw new NodeOperationError(node, 'The input binary field name is empty', { itemIndex });
		const binary = this.helpers.assertBinaryData(itemIndex, property);
		const name = String(optionsOf(this, itemIndex).fileName ?? '').trim() || binary.fileName || '';
		if (name === '') {
			throw new NodeOperationError(node, 'The file has no name: set "File Name" (Options) or give the input binary a file name', { itemIndex });
		}
		if (name.includes('/') || name === '.' || name === '..') {
			throw new NodeOperationError(node, `The file name "${name}" may not contain "/" or be "." or ".."`, { itemIndex });
		}
		if (name.includes(':')) {
			// A ":" travels as a tab in the path id, and the server refuses control characters in the
			// path id of an upload (403 containsIllegalCharacters: FileService.createFile@727e5c86).
			throw new NodeOperationError(node, `The file name "${name}" contains ":", which the server refuses in the name of an uploaded file`, { itemIndex });
		}
		await checkNames(this, itemIndex, [...folder.split('/').filter(Boolean), name], 'The name');
		return { folder, name, property };
	},
	simplify: SIMPLE_UPLOADED_FILE,
	async run(plan, itemIndex) {
		const path = joinPath(plan.folder, plan.name);
		const source = await uploadSource(this, itemIndex, plan.property);
		const headers: Record<string, string> = { 'Content-Type': source.mimeType || 'application/octet-stream' };
		if (source.size !== undefined) headers['Content-Length'] = String(source.size);
		// No redirect following: the HTTP client would keep the whole body in memory to be able to resend it.
		await dataflowRequest(this, { method: 'PUT', path: filesUrl(path), headers, body: source.body, expect: 'empty', noRedirects: true, itemIndex });
		// The output is the file as the server now holds it, not what was sent.
		const stored = await propertiesOf(this, path, itemIndex);
		if (!stored) throw apiError(this.getNode(), { message: `The server accepted the upload but holds no file ${path}`, httpCode: '500', itemIndex });
		return toItems({ ...stored, folderPath: plan.folder, mimeType: source.mimeType, uploaded: true });
	},
});
