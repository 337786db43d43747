import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { ANY_CONTENT, binaryItem, readDownloadTarget } from '../../shared/builders';
import { binaryOutputField } from '../../shared/fields';
import { filesUrl, pathField, show } from '../../shared/paths';
import { baseName } from '../../../common/repositoryPath';

const showOn = show('file', 'download');

export const description: INodeProperties[] = [
	pathField(showOn, { description: 'Repository path of the file or folder to download. Folders always come as a zip.' }),
	binaryOutputField(showOn),
	{
		displayName: 'Include Manifest',
		name: 'withManifest',
		type: 'boolean',
		default: true,
		description:
			'Whether to add the export manifest, which makes the server send a zip. Turn it off to download a single file as it is (folders still come as a zip).',
		displayOptions: { show: showOn },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: showOn },
		options: [
			{
				displayName: 'Locale',
				name: 'locale',
				type: 'string',
				default: '',
				placeholder: 'en_US',
				description: 'Locale of the export, such as en_US',
			},
		],
	},
];

interface Plan {
	path: string;
	property: string;
	withManifest: boolean;
	locale?: string;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const locale = String(options.locale ?? '').trim();
		return {
			...readDownloadTarget(this, itemIndex),
			withManifest: this.getNodeParameter('withManifest', itemIndex, true) as boolean,
			...(locale ? { locale } : {}),
		};
	},
	request: (plan) => ({
		method: 'GET',
		path: filesUrl(plan.path, 'download'),
		qs: { withManifest: plan.withManifest ? 'true' : 'false', ...(plan.locale ? { locale: plan.locale } : {}) },
		headers: ANY_CONTENT,
		expect: 'stream',
	}),
	async output(plan, response) {
		const name = baseName(plan.path) || 'repository';
		return await binaryItem(this, response, { fileName: plan.withManifest ? `${name}.zip` : name, property: plan.property, json: { path: plan.path } });
	},
});
