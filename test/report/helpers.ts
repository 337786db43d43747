/** Shared bits of the Report node tests: running an operation, answers as the real plugins write them, a load-options context. */
import type { LoadOptionsContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, IDataObject, INode } from 'n8n-workflow';

import { DataflowReport } from '../../nodes/Report/DataflowReport.node';
import { SERVER_PASSWORD, serverCredentials } from '../harness';
import { loadOptionsContextFor } from '../harness/loadOptions';
import { BASE, execFor, rl } from '../helpers/nodeTests';

export { AUTH, BASE, binaryBytes, HOST, rl, server, useNock, type ExecOptions } from '../helpers/nodeTests';

export const node = new DataflowReport();
export const exec = execFor(node);

/** The parameters of a Render with values given as JSON. */
export function renderJson(path: string, values: IDataObject, extra: IDataObject = {}): IDataObject {
	return { report: rl(path), format: 'pageable/pdf', parameterInput: 'json', parametersJson: JSON.stringify(values), binaryPropertyName: 'data', ...extra };
}

/** A resource-mapper value as the editor stores it. */
export function mapped(value: IDataObject, schema: IDataObject[] = []): IDataObject {
	return { mappingMode: 'defineBelow', value, matchingColumns: [], schema, attemptToConvertTypes: false, convertFieldsToString: false };
}

export function loadOptionsContext(parameters: IDataObject, credentials: ICredentialDataDecryptedObject = serverCredentials(BASE)): LoadOptionsContext {
	return loadOptionsContextFor(node, credentials, { resource: 'report', operation: 'render', ...parameters } as INode['parameters'], 'parameters.parameters');
}

export { SERVER_PASSWORD, serverCredentials };

/** A form body (sent as url-encoded text) as its pairs, repeated names kept. */
export function formPairs(body: unknown): Array<[string, string]> {
	if (typeof body === 'string') return [...new URLSearchParams(body)];
	// nock hands a form body to matchers parsed, a repeated name as a list.
	return Object.entries(body as Record<string, string | string[]>).flatMap(([name, value]) => (Array.isArray(value) ? value : [value]).map((v): [string, string] => [name, v]));
}

const CORE = 'http://reporting.pentaho.org/namespaces/engine/parameter-attributes/core';

export interface FakeParameter {
	name: string;
	type?: string;
	mandatory?: boolean;
	multi?: boolean;
	strict?: boolean;
	list?: boolean;
	label?: string;
	hidden?: boolean;
	system?: boolean;
	renderType?: string;
	/** [value, label, selected?]; a null value is written null="true". */
	values?: Array<[string | null, string, boolean?]>;
	/** A plain parameter's selected value. */
	selected?: string;
	encoded?: boolean;
}

function escape(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** Spring's HtmlUtils.htmlEscape for the characters the tests use. */
function htmlEscape(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;').replace(/é/g, '&eacute;').replace(/€/g, '&euro;');
}

function parameterXml(p: FakeParameter): string {
	const type = p.type ?? 'java.lang.String';
	const list = p.list ?? Boolean(p.values && !p.selected);
	const attributes = [
		['role', p.system ? 'system' : 'user'],
		['label', p.label ?? p.name],
		['parameter-render-type', p.renderType ?? (list ? 'dropdown' : 'textbox')],
		...(p.hidden !== undefined ? [['hidden', String(p.hidden)]] : []),
	]
		.map(([name, value]) => `<attribute name="${name}" namespace="${CORE}" value="${escape(value)}"/>`)
		.join('');
	const element = type.replace(/^\[L(.+);$/, '$1');
	let values = '';
	if (list && p.values) {
		values = `<values>${p.values
			.map(([value, label, selected]) => {
				const shown = p.encoded && value !== null ? Buffer.from(value).toString('base64') : value;
				const shownLabel = p.encoded ? Buffer.from(label).toString('base64') : htmlEscape(label);
				return `<value ${p.encoded ? 'encoded="true" ' : ''}label="${escape(shownLabel)}" null="${value === null}" selected="${Boolean(selected)}" type="${element}"${value === null ? '' : ` value="${escape(shown!)}"`}/>`;
			})
			.join('')}</values>`;
	} else if (p.selected !== undefined) {
		values = `<values><value label="${escape(htmlEscape(p.selected))}" null="false" selected="true" type="${type}" value="${escape(p.selected)}"/></values>`;
	}
	return `<parameter is-list="${list}" is-mandatory="${Boolean(p.mandatory)}" is-multi-select="${Boolean(p.multi)}" is-strict="${p.strict ?? list}" name="${escape(p.name)}" type="${type}">${attributes}${values}</parameter>`;
}

/** The formats a 10.2/11 server offers (DefaultReportOutputHandlerFactory.getSupportedOutputTypes). */
export const OFFERED_10: Array<[string, string]> = [
	['table/html;page-mode=page', 'HTML (Paginated)'],
	['table/html;page-mode=stream', 'HTML (Single Page)'],
	['mime-message/text/html', 'HTML (Email)'],
	['pageable/pdf', 'PDF'],
	['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow', 'Excel'],
	['table/csv;page-mode=stream', 'Comma Separated Value'],
	['table/rtf;page-mode=flow', 'Rich-Text-Format'],
	['pageable/text', 'Text'],
];

export interface AnswerOptions {
	errors?: Array<[string, string]>;
	globalErrors?: string[];
	/** The output-target values offered; [] leaves the system parameters out. */
	offered?: Array<[string, string]>;
	selectedFormat?: string;
	/** The report locks its output type to this target (output-target hidden, that value selected). */
	locked?: string;
}

/** A parameter answer as ParameterXmlContentHandler writes it. */
export function parameterAnswer(parameters: FakeParameter[], options: AnswerOptions = {}): string {
	const offered = options.offered ?? OFFERED_10;
	const system: FakeParameter[] = offered.length
		? [
				{
					name: 'output-target',
					system: true,
					mandatory: !options.locked,
					hidden: Boolean(options.locked),
					list: true,
					strict: true,
					label: 'Output Type',
					values: offered.map(([v, l]) => [v, l, v === (options.locked ?? options.selectedFormat ?? 'table/html;page-mode=page')]),
				},
				{ name: 'accepted-page', type: 'java.lang.Integer', system: true, hidden: true, list: false },
				{ name: '::session', system: true, hidden: true, list: false },
			]
		: [];
	const errors =
		options.errors?.length || options.globalErrors?.length
			? `<errors>${(options.errors ?? []).map(([p, m]) => `<error message="${escape(m)}" parameter="${escape(p)}"/>`).join('')}${(options.globalErrors ?? []).map((m) => `<global-error message="${escape(m)}"/>`).join('')}</errors>`
			: '';
	const promptNeeded = Boolean(options.errors?.length || options.globalErrors?.length);
	return `<?xml version="1.0" encoding="UTF-8" standalone="no"?><parameters autoSubmitUI="true" ignore-biserver-5538="true" is-prompt-needed="${promptNeeded}" layout="vertical">${[...parameters, ...system].map(parameterXml).join('')}${errors}</parameters>`;
}

/** A small sales report: a mandatory region list, a multi-select year list, a date, a text with a default. */
export const SALES: FakeParameter[] = [
	{ name: 'region', label: 'Sales region', mandatory: true, values: [['EMEA', 'Europe & Middle East'], ['NA', 'North America'], ['APAC', 'Asia Pacific']] },
	{ name: 'years', type: '[Ljava.lang.Integer;', multi: true, values: [['2023', '2023', true], ['2024', '2024', true]] },
	{ name: 'from', type: 'java.util.Date', list: false },
	{ name: 'title', list: false, selected: 'Sales of the Café' },
];

export const xml = { 'Content-Type': 'text/xml;charset=UTF-8' };
export const pdfHeaders = { 'Content-Type': 'application/pdf', 'Content-Disposition': "inline; filename*=UTF-8''Sales%20Report.pdf" };

/** A tiny but whole PDF. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n', 'latin1');

/** A CDA table answer (JsonExporter). */
export function cdaTable(columns: Array<[string, string]>, rows: unknown[][], queryInfo?: IDataObject): IDataObject {
	return {
		metadata: columns.map(([colName, colType], colIndex) => ({ colIndex, colName, colType })),
		resultset: rows,
		...(queryInfo ? { queryInfo } : {}),
	};
}
