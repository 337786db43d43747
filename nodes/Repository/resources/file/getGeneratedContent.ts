import { updateDisplayOptions } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { fileListOutput } from '../../shared/builders';
import { limitOf, returnAllFields } from '../../../common/fields';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';
import { SIMPLE_FILE } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const showOn = show('file', 'getGeneratedContent');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({ description: 'Repository path of the source file, such as a report, whose output files to list' }),
	...returnAllFields(),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [{ displayName: 'Locale', name: 'locale', type: 'string', default: '', placeholder: 'e.g. en_US', description: 'Locale of the listing' }, SIMPLIFY_OPTION],
	},
]);

interface Plan {
	path: string;
	locale?: string;
	limit?: number;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const locale = String(((this.getNodeParameter('options', itemIndex, {}) as IDataObject).locale as string) ?? '').trim();
		return { path: readPath(this, itemIndex), ...(locale ? { locale } : {}), limit: limitOf(this, itemIndex) };
	},
	simplify: SIMPLE_FILE,
	request: (plan) => ({
		method: 'GET',
		path: filesUrl(plan.path, 'generatedContent'),
		qs: plan.locale ? { locale: plan.locale } : undefined,
		expect: 'json',
	}),
	async output(plan, response, itemIndex) {
		return await fileListOutput(this, response, itemIndex, { limit: plan.limit, source: plan.path });
	},
});
