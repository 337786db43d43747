import type { INodeProperties } from 'n8n-workflow';

import { defineOperation } from '../../../common/executor';
import { baseName, normalizePath, RepositoryPathError } from '../../../common/repositoryPath';
import { dateRangeFields, optionsField } from '../../shared/fields';
import {
	downloadLineage,
	LINEAGE_PREFIX,
	LINEAGE_REQUEST_CLASS,
	rangePath,
	readDateRange,
	readOutputOptions,
	zipName,
	type LineagePlan,
} from '../../shared/download';

const show = { resource: ['lineage'], operation: ['getForFile'] };

export const description: INodeProperties[] = [
	{
		displayName: 'File Path',
		name: 'filePath',
		type: 'string',
		default: '',
		required: true,
		placeholder: '/home/admin/sales.ktr',
		description: 'Repository path of the transformation or job',
		displayOptions: { show },
	},
	...dateRangeFields('getForFile'),
	{
		...optionsField('getForFile'),
		options: [
			...(optionsField('getForFile').options ?? []),
			{
				displayName: 'Send Type Hint',
				name: 'sendTypeHint',
				type: 'boolean',
				default: false,
				description:
					'Whether to add "@class": "org.pentaho.metaverse.api.model.LineageRequest" to the request body, for servers whose JSON reader asks for it',
			},
		],
	},
];

export const execute = defineOperation<LineagePlan>({
	plan(itemIndex) {
		const filePath = normalizePath(this.getNodeParameter('filePath', itemIndex, ''), 'File Path');
		if (filePath === '/') throw new RepositoryPathError('File Path is the repository root: give the path of a transformation or job');
		const range = readDateRange(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as { sendTypeHint?: boolean };
		const body = options.sendTypeHint === true ? { '@class': LINEAGE_REQUEST_CLASS, path: filePath } : { path: filePath };
		return {
			method: 'POST',
			// "From a Date" uses the server's /file/{startDate}, next to the documented /file and /file/{start}/{end}.
			path: `${LINEAGE_PREFIX}/file${rangePath(range)}`,
			body: JSON.stringify(body),
			range,
			filePath,
			defaultFileName: zipName(`${baseName(filePath)}_lineage`, range),
			...readOutputOptions(this, itemIndex),
		};
	},
	async run(plan, itemIndex) {
		return await downloadLineage(this, plan, itemIndex);
	},
});
