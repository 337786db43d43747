/**
 * The requests the Report node sends more than once: the report's parameter answer (Get Parameters,
 * Render's check, the editor's parameter fields) and the CDA listings (Query › Get Many, Run's check,
 * the editor's query list and parameter fields).
 */
import type { IDataObject, IExecuteFunctions, INode } from 'n8n-workflow';

import { apiError } from '../../common/errors';
import { sendPlanned, type ExecutionScope, type RequestPlan } from '../../common/executor';
import type { DataflowResponse } from '../../common/transport';
import { CDA_API, cdaRefusals, readParameters, readTable, tableRows, type CdaParameter } from './cda';
import { readDefinition, type ParameterDefinition } from './parameterDefinition';
import { listOf, looksLikeDate, type GivenValue } from './parameterValues';
import { reportUrl } from './paths';

/**
 * The parameter answer of a report, evaluated with the given values: `POST …/parameter` with
 * `renderMode=PARAMETER` (ParameterContentGenerator.createContent: PARAMETER skips the page count that
 * XML computes by running the report; the viewer's first request is the same, reportviewer-prompt.js
 * _getParameterDefinitionRenderMode('INITIAL'), pentaho-platform-plugin-reporting@10.2.0.0-222). A
 * report that is not there, or not readable, is a bare 500 (RepositoryResource.doService:
 * `Response.serverError()` when the file is null, pentaho-platform@10.2.0.0-222).
 */
export function parameterRequest(path: string, pairs: Array<[string, string]>, format?: string): RequestPlan {
	const form = new URLSearchParams([['renderMode', 'PARAMETER'], ...(format ? ([['output-target', format]] as Array<[string, string]>) : []), ...pairs]);
	return {
		method: 'POST',
		path: reportUrl(path, 'parameter'),
		headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
		body: form.toString(),
		expect: 'xml',
		refusals: {
			404: 'The server has no reporting plugin to answer for this report',
			500: `The server could not open the report ${path}: it may not exist, may not be a report, or you may not read it`,
		},
	};
}

/** The definition in a parameter answer; an answer that is not one fails. */
export function definitionOf(node: INode, response: DataflowResponse<unknown>, path: string, itemIndex?: number): ParameterDefinition {
	const definition = readDefinition((response.body ?? {}) as IDataObject);
	if (!definition) {
		throw apiError(node, {
			message: `The server's answer for the parameters of ${path} is not a parameter definition`,
			description: `POST ${reportUrl(path, 'parameter')} answered HTTP ${response.status} (${response.contentType || 'no content type'})`,
			httpCode: String(response.status),
			itemIndex,
		});
	}
	return definition;
}

/**
 * The report's definition without values, read once per execution, when text values could be dates:
 * only the definition tells a date parameter (sent in a form the plugin parses) from a text one
 * (sent as written), and the values are checked in the same form they are rendered with.
 */
export async function typesFor(
	ctx: IExecuteFunctions,
	scope: ExecutionScope,
	path: string,
	values: Map<string, GivenValue>,
	itemIndex: number,
): Promise<ParameterDefinition | undefined> {
	const needed = [...values.values()].some((value) => listOf(value).some((v) => typeof v === 'string' && looksLikeDate(v)));
	if (!needed) return undefined;
	return await scope.once(`report-definition:${path}`, async () => definitionOf(ctx.getNode(), await sendPlanned(ctx, parameterRequest(path, []), itemIndex), path, itemIndex));
}

export function listQueriesRequest(path: string): RequestPlan {
	return { method: 'GET', path: `${CDA_API}/listQueries`, qs: { path, outputType: 'json' }, expect: 'json', refusals: cdaRefusals(`list the queries of ${path}`) };
}

export function listParametersRequest(path: string, query: string): RequestPlan {
	return {
		method: 'GET',
		path: `${CDA_API}/listParameters`,
		qs: { path, dataAccessId: query, outputType: 'json' },
		expect: 'json',
		refusals: cdaRefusals(`list the parameters of query "${query}" in ${path}`),
	};
}

function notATable(node: INode, response: DataflowResponse<unknown>, what: string, itemIndex?: number): Error {
	return apiError(node, {
		message: `CDA's answer for ${what} is not a table`,
		description: `HTTP ${response.status} (${response.contentType || 'no content type'}): ${String(response.raw ?? '').slice(0, 120)}`,
		httpCode: String(response.status),
		itemIndex,
	});
}

export interface CdaQuery {
	id: string;
	name: string;
	type: string;
}

export function queriesOf(node: INode, response: DataflowResponse<unknown>, path: string, itemIndex?: number): CdaQuery[] {
	const table = readTable(response.body);
	if (!table) throw notATable(node, response, `the queries of ${path}`, itemIndex);
	return tableRows(table).map((row) => ({ id: String(row.id ?? ''), name: String(row.name ?? ''), type: String(row.type ?? '') }));
}

export function parametersOf(node: INode, response: DataflowResponse<unknown>, query: string, itemIndex?: number): CdaParameter[] {
	const parameters = readParameters(response.body);
	if (!parameters) throw notATable(node, response, `the parameters of query "${query}"`, itemIndex);
	return parameters;
}
