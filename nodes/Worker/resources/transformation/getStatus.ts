import type { IDataObject, INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { INCLUDE_RAW_OPTION, optionalInteger, optionsOf } from '../../shared/fields';
import { fetchTransStatus, readTransRef, transRefFields, transStatusJson, type TransRef } from '../../shared/transStatus';

const show = { resource: ['transformation'], operation: ['getStatus'] };

export const description: INodeProperties[] = [
	...transRefFields(show),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [
			INCLUDE_RAW_OPTION,
			{
				displayName: 'Log From Line',
				name: 'fromLine',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Return only the log after this line number. Pass the "last_log_line_nr" of an earlier answer to get only the new lines.',
			},
		],
	},
];

interface Plan {
	ref: TransRef;
	from: number;
	includeRaw: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const ref = readTransRef(this, itemIndex);
		const options = optionsOf(this, itemIndex);
		const from = optionalInteger(this, options.fromLine, itemIndex, 'Log From Line', 0) ?? 0;
		return { ref, from, includeRaw: options.includeRaw === true };
	},
	async run(plan, itemIndex) {
		const { status, raw } = await fetchTransStatus(this, plan.ref, plan.from, itemIndex);
		const json: IDataObject = transStatusJson(status);
		if (plan.includeRaw) json.raw = raw;
		return toItems(json);
	},
});
