import { updateDisplayOptions, type IDataObject } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { INCLUDE_RAW_OPTION, optionsCollection, optionsOf } from '../../../common/fields';
import { parameterItem } from '../../shared/parameterDefinition';
import { jsonValues, type GivenValue } from '../../shared/parameterValues';
import { readReportPath, reportField } from '../../shared/paths';
import { definitionOf, parameterRequest, typesFor } from '../../shared/requests';
import { reportPairs } from '../../shared/reportValues';
import { SIMPLE_REPORT_PARAMETER } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const properties = [
	reportField(),
	optionsCollection([
		{
			displayName: 'Evaluate With Values (JSON)',
			name: 'values',
			type: 'json',
			default: '{}',
			description:
				'Parameter values to evaluate the definition with, such as {"region": "EMEA"}: the list values of a parameter that depends on another are computed from them, and the report says what it thinks of each value under "errors"',
		},
		INCLUDE_RAW_OPTION,
		{
			displayName: 'Include System Parameters',
			name: 'includeSystem',
			type: 'boolean',
			default: false,
			description: 'Whether to include the reporting plugin\'s own parameters (output-target with the formats the server offers, accepted-page …), marked "system": true',
		},
		SIMPLIFY_OPTION,
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['report'], operation: ['getParameters'] } }, properties);

interface Plan {
	path: string;
	values: Map<string, GivenValue>;
	includeSystem: boolean;
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const options = optionsOf(this, itemIndex);
		return {
			path: readReportPath(this, itemIndex),
			values: jsonValues(options.values, 'Evaluate With Values (JSON)'),
			includeSystem: options.includeSystem === true,
			includeRaw: options.includeRaw === true,
		};
	},
	simplify: SIMPLE_REPORT_PARAMETER,
	async request(plan, itemIndex, scope) {
		return parameterRequest(plan.path, reportPairs(plan.values, await typesFor(this, scope, plan.path, plan.values, itemIndex)));
	},
	output(plan, response, itemIndex) {
		const definition = definitionOf(this.getNode(), response, plan.path, itemIndex);
		const items = definition.parameters.filter((p) => plan.includeSystem || !p.system).map((p): IDataObject => ({ report: plan.path, ...parameterItem(p) }));
		if (plan.includeRaw && items.length) items[0].raw = response.raw ?? '';
		return items;
	},
});
