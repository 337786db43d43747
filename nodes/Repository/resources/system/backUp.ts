import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { requestOperation, binaryItem } from '../../shared/builders';
import { binaryOutputField } from '../../shared/fields';
import { LOG_FILE_OPTION, LOG_LEVEL_OPTION, logFields } from '../../shared/logging';
import { FILES, show } from '../../shared/paths';

const showOn = show('system', 'backUp');

export const description: INodeProperties[] = [
	{
		displayName: 'Only administrators may back up the system. The backup (a zip) is streamed into a binary field.',
		name: 'backUpNotice',
		type: 'notice',
		default: '',
		displayOptions: { show: showOn },
	},
	binaryOutputField(showOn),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOn },
		options: [
			LOG_FILE_OPTION,
			LOG_LEVEL_OPTION,
			{
				displayName: 'Output File Name',
				name: 'outputFile',
				type: 'string',
				default: 'SystemBackup.zip',
				description: 'Name of the backup file',
			},
		],
	},
];

interface Plan {
	property: string;
	form: Record<string, string>;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
		if (property === '') throw new NodeOperationError(this.getNode(), 'The output binary field name is empty', { itemIndex });
		const outputFile = String(options.outputFile ?? '').trim() || 'SystemBackup.zip';
		if (/[\\/]/.test(outputFile)) throw new NodeOperationError(this.getNode(), `The output file name "${outputFile}" may not contain a path`, { itemIndex });
		return { property, form: { ...logFields(options), outputFile } };
	},
	request: (plan) => ({
		method: 'POST',
		path: `${FILES}/backup`,
		headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: '*/*' },
		body: new URLSearchParams(plan.form).toString(),
		expect: 'stream',
	}),
	async output(plan, response) {
		return await binaryItem(this, response, { fileName: plan.form.outputFile, property: plan.property, json: { backedUp: true } });
	},
});
