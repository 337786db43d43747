import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { multipartBody, uploadSource } from '../../../common/binary';
import { defineOperation, toItems } from '../../../common/executor';
import { dataflowRequest } from '../../../common/transport';
import { binaryInputField } from '../../shared/fields';
import { LOG_FILE_OPTION, LOG_LEVEL_OPTION, logFields } from '../../shared/logging';
import { FILES, show } from '../../shared/paths';

const showOn = show('system', 'restore');

export const description: INodeProperties[] = [
	{
		displayName: 'Only administrators may restore the system. The backup zip is streamed from the binary field.',
		name: 'restoreNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: showOn },
	},
	binaryInputField(showOn, 'The name of the input binary field holding the backup zip'),
	{
		displayName: 'Overwrite Files',
		name: 'overwriteFile',
		type: 'boolean',
		default: true,
		description:
			'Whether values in the backup replace the matching ones on the server (values only on the server are kept); when off, what already exists is skipped',
		displayOptions: { show: showOn },
	},
	{
		displayName: 'Apply ACL Settings',
		name: 'applyAclSettings',
		type: 'boolean',
		default: true,
		description: 'Whether to apply the permissions stored in the backup to the files it creates',
		displayOptions: { show: showOn },
	},
	{
		displayName: 'Overwrite ACL Settings',
		name: 'overwriteAclSettings',
		type: 'boolean',
		default: false,
		description: 'Whether the permissions in the backup also replace those of files that already exist',
		displayOptions: { show: showOn },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOn },
		options: [LOG_FILE_OPTION, LOG_LEVEL_OPTION],
	},
];

interface Plan {
	property: string;
	fields: Record<string, string>;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
		if (property === '') throw new NodeOperationError(this.getNode(), 'The input binary field name is empty', { itemIndex });
		this.helpers.assertBinaryData(itemIndex, property);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const flag = (name: string, fallback: boolean) => String(this.getNodeParameter(name, itemIndex, fallback) === true);
		return {
			property,
			fields: {
				overwriteFile: flag('overwriteFile', true),
				applyAclSettings: flag('applyAclSettings', true),
				overwriteAclSettings: flag('overwriteAclSettings', false),
				...logFields(options),
			},
		};
	},
	async run(plan, itemIndex) {
		const source = await uploadSource(this, itemIndex, plan.property);
		const { body, contentType } = multipartBody([
			{ name: 'fileUpload', fileName: source.fileName, contentType: source.mimeType || 'application/zip', content: source.body },
			...Object.entries(plan.fields).map(([name, value]) => ({ name, value })),
		]);
		// No redirect following: the HTTP client would keep the whole body in memory to be able to resend it.
		await dataflowRequest(this, {
			method: 'POST',
			path: `${FILES}/systemRestore`,
			headers: { 'Content-Type': contentType },
			body,
			expect: 'empty',
			noRedirects: true,
			itemIndex,
		});
		const { overwriteFile, applyAclSettings, overwriteAclSettings, ...log } = plan.fields;
		return toItems({
			restored: true,
			fileName: source.fileName,
			overwriteFile: overwriteFile === 'true',
			applyAclSettings: applyAclSettings === 'true',
			overwriteAclSettings: overwriteAclSettings === 'true',
			...log,
		});
	},
});
