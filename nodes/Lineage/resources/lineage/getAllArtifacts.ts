import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation } from '../../../common/executor';
import { dateRangeFields, optionsField } from '../../shared/fields';
import {
	downloadLineage,
	LINEAGE_PREFIX,
	rangePath,
	readDateRange,
	readOutputOptions,
	zipName,
	type LineagePlan,
} from '../../shared/download';

const show = { resource: ['lineage'], operation: ['getAllArtifacts'] };

export const description = updateDisplayOptions({ show }, [...dateRangeFields(), optionsField()]);

export const execute = defineOperation<LineagePlan>({
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
	async run(plan, itemIndex) {
		return await downloadLineage(this, plan, itemIndex);
	},
});
