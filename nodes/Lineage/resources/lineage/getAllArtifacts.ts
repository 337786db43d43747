import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { dateRangeFields, optionsField } from '../../shared/fields';
import {
	LINEAGE_PREFIX,
	lineageItems,
	lineageRequest,
	rangePath,
	readDateRange,
	readOutputOptions,
	zipName,
	type LineagePlan,
} from '../../shared/download';

const show = { resource: ['lineage'], operation: ['getAllArtifacts'] };

export const description = updateDisplayOptions({ show }, [...dateRangeFields(), optionsField()]);

export const execute = requestOperation<LineagePlan>({
	plan(itemIndex) {
		const range = readDateRange(this, itemIndex);
		return {
			method: 'GET',
			path: `${LINEAGE_PREFIX}/all${rangePath(range)}`,
			range,
			defaultFileName: zipName('pentaho-lineage', range),
			...readOutputOptions(this, itemIndex),
		};
	},
	request(plan) {
		// GET …/download/all, /all/{start} or /all/{start}/{end}: the zip, streamed.
		return lineageRequest(plan);
	},
	async output(plan, response, itemIndex) {
		return await lineageItems(this, plan, response, itemIndex);
	},
});
