import type { INodeProperties } from 'n8n-workflow';

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

export const description: INodeProperties[] = [...dateRangeFields('getAllArtifacts'), optionsField('getAllArtifacts')];

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
