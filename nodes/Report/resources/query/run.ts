import { updateDisplayOptions, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { defineOperation, sendPlanned } from '../../../common/executor';
import { limitOf, optionsCollection, optionsOf, returnAllFields } from '../../../common/fields';
import { CDA_API, cdaRefusals, readTable, tableRows } from '../../shared/cda';
import { cdaPairs } from '../../shared/cdaValues';
import { parameterFields, readParameterValues, type GivenValue } from '../../shared/parameterValues';
import { cdaFileField, readCdaPath, ReportInputError } from '../../shared/paths';
import { listParametersRequest, parametersOf } from '../../shared/requests';

/** Rows per request when the result is read in pages and no page size is set. */
const DEFAULT_PAGE = 10_000;

const properties: INodeProperties[] = [
	cdaFileField(),
	{
		displayName: 'Query Name or ID',
		name: 'query',
		type: 'options',
		required: true,
		typeOptions: { loadOptionsMethod: 'getCdaQueries', loadOptionsDependsOn: ['cdaFile.value'] },
		default: '',
		description:
			'The query (data access ID) of the .cda file to run. Choose from the list, or specify an ID using an <a href="https://docs.n8n.io/code/expressions/">expression</a>.',
	},
	...parameterFields({
		of: 'query',
		resourceMapperMethod: 'getQueryParameters',
		dependsOn: ['cdaFile.value', 'query'],
		jsonExample: '{"year": 2024, "markets": ["EMEA", "APAC"]}',
		jsonDescription:
			'Query parameter values by name, such as {"year": 2024, "markets": ["EMEA", "APAC"]} (a list for an array parameter). Use \'Get Many\' first to learn each query\'s parameters and types; a parameter left out uses its default.',
	}),
	...returnAllFields(),
	optionsCollection([
		{
			displayName: 'Bypass Cache',
			name: 'bypassCache',
			type: 'boolean',
			default: false,
			description: 'Whether to run the query even when CDA has its result cached',
		},
		{
			displayName: 'Page Size',
			name: 'pageSize',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description:
				'Rows per request, read with CDA\'s paging until the last row (0: all rows in one answer, or pages of 10 000 when a start row or limit needs paging). CDA runs the query once and pages its cached result only when the query is cached.',
		},
		{
			displayName: 'Start Row',
			name: 'startRow',
			type: 'number',
			typeOptions: { minValue: 0 },
			default: 0,
			description: 'Skip this many rows first (CDA\'s pageStart); past the last row CDA fails',
		},
	]),
	// Sorting in its own collection below Options (n8n's UX guidelines, "Sorting options").
	{
		displayName: 'Sort',
		name: 'sort',
		type: 'fixedCollection',
		placeholder: 'Add Sort Rule',
		typeOptions: { multipleValues: true, sortable: true },
		default: {},
		options: [
			{
				displayName: 'Rule',
				name: 'rules',
				values: [
					{
						displayName: 'Column Index',
						name: 'column',
						type: 'number',
						typeOptions: { minValue: 0 },
						default: 0,
						description: 'The column to sort by, counted from 0 in the order the query returns its columns',
					},
					{
						displayName: 'Direction',
						name: 'direction',
						type: 'options',
						options: [
							{ name: 'Ascending', value: 'A' },
							{ name: 'Descending', value: 'D' },
						],
						default: 'A',
					},
				],
			},
		],
		description: "Sort the rows before they are returned (CDA's sortBy; the first rule sorts first)",
	},
];

export const description = updateDisplayOptions({ show: { resource: ['query'], operation: ['run'] } }, properties);

interface Plan {
	path: string;
	query: string;
	values: Map<string, GivenValue>;
	limit?: number;
	pageSize: number;
	startRow: number;
	sortBy: string[];
	bypassCache: boolean;
}

function wholeNumber(value: unknown, label: string): number {
	const number = Number(value ?? 0);
	if (!Number.isInteger(number) || number < 0) throw new ReportInputError(`${label} must be a whole number of at least 0`);
	return number;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const options = optionsOf(this, itemIndex);
		const query = String(this.getNodeParameter('query', itemIndex, '') ?? '').trim();
		if (query === '') throw new ReportInputError("Query is empty: choose a query of the .cda file ('Get Many' lists them)");
		const rules = (this.getNodeParameter('sort.rules', itemIndex, []) ?? []) as Array<{ column?: unknown; direction?: unknown }>;
		// SortTableModel.SortDescriptor: ^(\d+)([AD]?)$ (webdetails/cda core/.../utils/SortTableModel.java@10.2.0.0-222).
		const sortBy = rules.map((rule, index) => {
			const column = Number(rule.column ?? 0);
			if (!Number.isInteger(column) || column < 0) throw new ReportInputError(`Sort rule ${index + 1}: Column Index must be a whole number of at least 0`);
			const direction = String(rule.direction ?? 'A').toUpperCase();
			if (direction !== 'A' && direction !== 'D') throw new ReportInputError(`Sort rule ${index + 1}: Direction must be Ascending (A) or Descending (D)`);
			return `${column}${direction}`;
		});
		return {
			path: readCdaPath(this, itemIndex),
			query,
			values: readParameterValues(this, itemIndex),
			limit: limitOf(this, itemIndex),
			pageSize: wholeNumber(options.pageSize, 'Page Size'),
			startRow: wholeNumber(options.startRow, 'Start Row'),
			sortBy,
			bypassCache: options.bypassCache === true,
		};
	},
	async run(plan, itemIndex, scope) {
		const node = this.getNode();
		let pairs: Array<[string, string]> = [];
		if (plan.values.size) {
			// The query's declared parameters, once per execution: CDA ignores any other name silently.
			const declared = await scope.once(`cda-parameters:${plan.path}:${plan.query}`, async () =>
				parametersOf(node, await sendPlanned(this, listParametersRequest(plan.path, plan.query), itemIndex), plan.query, itemIndex),
			);
			pairs = cdaPairs(plan.values, declared, plan.query);
		}
		const base: Array<[string, string]> = [
			['path', plan.path],
			['dataAccessId', plan.query],
			['outputType', 'json'],
			...pairs,
			...plan.sortBy.map((s): [string, string] => ['sortBy', s]),
			...(plan.bypassCache ? ([['bypassCache', 'true']] as Array<[string, string]>) : []),
		];
		const paged = plan.limit !== undefined || plan.pageSize > 0 || plan.startRow > 0;
		const rows: IDataObject[] = [];
		let start = plan.startRow;
		for (;;) {
			const size = paged ? Math.min(plan.pageSize || DEFAULT_PAGE, plan.limit === undefined ? Number.MAX_SAFE_INTEGER : plan.limit - rows.length) : 0;
			const form = new URLSearchParams(paged ? [...base, ['paginateQuery', 'true'], ['pageStart', String(start)], ['pageSize', String(size)]] : base);
			const response = await sendPlanned(
				this,
				{
					method: 'POST',
					path: `${CDA_API}/doQuery`,
					headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
					body: form.toString(),
					expect: 'json',
					refusals: cdaRefusals(`run query "${plan.query}" of ${plan.path}`),
				},
				itemIndex,
			);
			const table = readTable(response.body);
			if (!table) {
				throw apiError(node, {
					message: `CDA's answer to query "${plan.query}" is not a result table`,
					description: `POST ${CDA_API}/doQuery answered HTTP ${response.status} (${response.contentType || 'no content type'})`,
					httpCode: String(response.status),
					itemIndex,
				});
			}
			const page = tableRows(table);
			for (const row of page) rows.push(row);
			if (!paged) break;
			start += page.length;
			if (page.length === 0 || page.length < size) break;
			if (plan.limit !== undefined && rows.length >= plan.limit) break;
			if (table.totalRows !== undefined && start >= table.totalRows) break;
		}
		return rows.map((json) => ({ json }));
	},
});
