import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { baseName } from '../../../common/repositoryPath';
import { ANY_CONTENT, binaryItem, readDownloadTarget } from '../../shared/builders';
import { filesUrl, pathField, show } from '../../shared/paths';
import { binaryOutputField } from '../../../common/fields';

const showOn = show('file', 'getInline');

/** The file's content as served for inline display: `GET {pathId}/inline`. */
export const description = updateDisplayOptions({ show: showOn }, [pathField(), binaryOutputField()]);

export const execute = requestOperation({
	plan(itemIndex) {
		return readDownloadTarget(this, itemIndex);
	},
	request(plan) {
		return { method: 'GET', path: filesUrl(plan.path, 'inline'), headers: ANY_CONTENT, expect: 'stream' };
	},
	async output(plan, response) {
		return await binaryItem(this, response, { fileName: baseName(plan.path) || 'file', property: plan.property, json: { path: plan.path } });
	},
});
