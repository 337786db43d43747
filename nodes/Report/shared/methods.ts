/**
 * What the editor loads: the queries of a .cda file, and the parameter fields of a report or a query
 * (resource mappers), from the same answers Get Parameters and Query › Get Many read. A load that fails
 * (wrong credential, no CDA, a report that cannot be opened) fails with the reason, so the editor
 * shows it instead of an empty list.
 */
import {
	type ILoadOptionsFunctions,
	type INodePropertyOptions,
	type ResourceMapperField,
	type ResourceMapperFields,
} from 'n8n-workflow';

import { dataflowRequest } from '../../common/transport';
import { cdaKind } from './cda';
import type { ReportParameter } from './parameterDefinition';
import { currentPath } from './paths';
import { definitionOf, listParametersRequest, listQueriesRequest, parameterRequest, parametersOf, queriesOf } from './requests';

/** loadOptions: the public queries of the chosen .cda file. */
export async function getCdaQueries(this: ILoadOptionsFunctions): Promise<INodePropertyOptions[]> {
	const path = currentPath(this, 'cdaFile');
	if (!path) return [];
	const response = await dataflowRequest(this, listQueriesRequest(path));
	return queriesOf(this.getNode(), response, path).map((query) => ({
		name: query.name && query.name !== query.id ? `${query.name} (${query.id})` : query.id,
		value: query.id,
		description: query.type ? `A ${query.type} query` : undefined,
	}));
}

function reportFieldType(parameter: ReportParameter): Pick<ResourceMapperField, 'type' | 'options'> {
	if (parameter.multiSelect) return { type: 'array' };
	if (parameter.list && parameter.strict) {
		const options = parameter.values
			.filter((v) => v.value !== null)
			.map((v) => ({ name: v.label === String(v.value) ? v.label : `${v.label} (${String(v.value)})`, value: v.value as string | number | boolean }));
		if (options.length) return { type: 'options', options };
	}
	switch (parameter.kind) {
		case 'integer':
		case 'number':
			return { type: 'number' };
		case 'boolean':
			return { type: 'boolean' };
		case 'date':
			return { type: 'dateTime' };
		default:
			return { type: 'string' };
	}
}

/** resourceMapping: one field per parameter of the chosen report (its own ones; hidden ones to add on demand). */
export async function getReportParameters(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const path = currentPath(this, 'report');
	if (!path) return { fields: [], emptyFieldsNotice: 'Choose a report (.prpt) first' };
	const response = await dataflowRequest(this, parameterRequest(path, []));
	const definition = definitionOf(this.getNode(), response, path);
	const fields = definition.parameters
		.filter((p) => !p.system)
		.map(
			(p): ResourceMapperField => ({
				id: p.name,
				displayName: p.label === p.name ? p.name : `${p.label} (${p.name})`,
				// A mandatory parameter with a default renders without a value given.
				required: p.mandatory && p.selected.every((v) => v === null || v === ''),
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				removed: p.hidden,
				...reportFieldType(p),
			}),
		);
	return { fields, emptyFieldsNotice: 'This report has no parameters' };
}

/** resourceMapping: one field per public parameter of the chosen query. */
export async function getQueryParameters(this: ILoadOptionsFunctions): Promise<ResourceMapperFields> {
	const path = currentPath(this, 'cdaFile');
	const query = String(this.getCurrentNodeParameter('query') ?? '').trim();
	if (!path || !query || query.startsWith('=')) return { fields: [], emptyFieldsNotice: 'Choose a CDA file and a query first' };
	const response = await dataflowRequest(this, listParametersRequest(path, query));
	const fields = parametersOf(this.getNode(), response, query)
		.filter((p) => p.access !== 'private')
		.map((p): ResourceMapperField => {
			const { kind, list } = cdaKind(p.type);
			const type: ResourceMapperField['type'] = list ? 'array' : kind === 'integer' || kind === 'number' ? 'number' : kind === 'date' && !p.pattern ? 'dateTime' : 'string';
			return {
				id: p.name,
				displayName: p.pattern ? `${p.name} (${p.pattern})` : p.name,
				required: false,
				defaultMatch: false,
				canBeUsedToMatch: false,
				display: true,
				type,
			};
		});
	return { fields, emptyFieldsNotice: 'This query has no parameters' };
}
