import { updateDisplayOptions } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { ANY_CONTENT, binaryItem, readDownloadTarget } from '../../shared/builders';
import { filesUrl, pathField, show } from '../../shared/paths';
import { baseName } from '../../../common/repositoryPath';
import { binaryOutputField } from '../../../common/fields';

const showOn = show('file', 'download');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({ description: 'Repository path of the file or folder to download. Folders always come as a zip.' }),
	binaryOutputField(),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Include Manifest',
				name: 'withManifest',
				type: 'boolean',
				default: true,
				description:
					'Whether to add the export manifest, which makes the server send a zip (on when left out). Turn it off to download a single file as it is (folders still come as a zip).',
			},
			{
				displayName: 'Locale',
				name: 'locale',
				type: 'string',
				default: '',
				placeholder: 'e.g. en_US',
				description: 'Locale of the export, such as en_US',
			},
		],
	},
]);

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
			withManifest: options.withManifest !== false,
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
