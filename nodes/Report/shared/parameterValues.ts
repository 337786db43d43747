/**
 * Parameter values of a report or a CDA query, given in the editor (one field per parameter, loaded
 * from the report's or query's definition by a resource mapper) or as a JSON object (for
 * expressions and AI tools). Read into name → values (a list for multi-select parameters), empty
 * values left out so that the report or query uses its default; then written as the servers read
 * them, one form or query pair per value (repeated for a list).
 */
import type { IDataObject, IExecuteFunctions, INodeProperties } from 'n8n-workflow';

import { ReportInputError } from './paths';

export type Scalar = string | number | boolean;
/** A value as given: text, number, yes/no, a date (Date or n8n's DateTime), or a list of those. */
export type GivenValue = Scalar | Date | DateLike | Array<Scalar | Date | DateLike>;

/** n8n's DateTime (luxon), which the editor's date fields give; read by duck typing (no import). */
export interface DateLike {
	toFormat(format: string): string;
	toMillis(): number;
}

function isDateLike(value: unknown): value is DateLike {
	return value !== null && typeof value === 'object' && typeof (value as DateLike).toFormat === 'function' && typeof (value as DateLike).toMillis === 'function';
}

export interface ParameterFieldsOptions {
	/** What the parameters belong to ("report", "query"). */
	of: string;
	resourceMapperMethod: string;
	dependsOn: string[];
	jsonExample: string;
	/** What a model should know (Get Parameters before Render, Query › Get Many before Run). */
	jsonDescription: string;
}

/** "Parameters From", the resource mapper and the JSON field. */
export function parameterFields(options: ParameterFieldsOptions): INodeProperties[] {
	return [
		{
			displayName: 'Parameters From',
			name: 'parameterInput',
			type: 'options',
			noDataExpression: true,
			required: true,
			options: [
				{ name: 'Fields Below', value: 'fields', description: `One field per parameter of the chosen ${options.of}, with its type and list values` },
				{ name: 'JSON', value: 'json', description: 'An object of parameter names and values, for expressions and AI agents' },
			],
			default: 'fields',
		},
		{
			displayName: 'Parameters',
			name: 'parameters',
			type: 'resourceMapper',
			noDataExpression: true,
			required: true,
			default: { mappingMode: 'defineBelow', value: null },
			typeOptions: {
				loadOptionsDependsOn: options.dependsOn,
				resourceMapper: {
					resourceMapperMethod: options.resourceMapperMethod,
					mode: 'add',
					fieldWords: { singular: 'parameter', plural: 'parameters' },
					addAllFields: true,
					multiKeyMatch: false,
					supportAutoMap: false,
					noFieldsError: `This ${options.of} has no parameters to set`,
				},
			},
			description: `Values for the ${options.of}'s parameters; a field left empty uses the ${options.of}'s default`,
			displayOptions: { show: { parameterInput: ['fields'] } },
		},
		{
			displayName: 'Parameters (JSON)',
			name: 'parametersJson',
			type: 'json',
			required: true,
			default: '{}',
			placeholder: options.jsonExample,
			description: options.jsonDescription,
			displayOptions: { show: { parameterInput: ['json'] } },
		},
	];
}

function describe(value: unknown): string {
	try {
		return JSON.stringify(value).slice(0, 60);
	} catch {
		return String(value);
	}
}

function checkScalar(name: string, value: unknown): Scalar | Date | DateLike {
	if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') {
		if (typeof value === 'number' && !Number.isFinite(value)) throw new ReportInputError(`Parameter "${name}" is not a finite number`);
		return value;
	}
	if (value instanceof Date) {
		if (Number.isNaN(value.getTime())) throw new ReportInputError(`Parameter "${name}" is an invalid date`);
		return value;
	}
	if (isDateLike(value)) return value;
	throw new ReportInputError(`Parameter "${name}" has a value that cannot be sent (${describe(value)}): give text, a number, true/false, a date or a list of those`);
}

/** An empty value leaves the parameter out (the default applies). */
function isEmpty(value: unknown): boolean {
	return value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
}

/** name → value(s); empty values dropped; anything that cannot be sent refused. */
export function normaliseValues(raw: IDataObject): Map<string, GivenValue> {
	const out = new Map<string, GivenValue>();
	for (const [name, value] of Object.entries(raw)) {
		if (name.trim() === '') throw new ReportInputError('A parameter has an empty name');
		if (isEmpty(value)) continue;
		if (Array.isArray(value)) {
			const list = value.filter((v) => v !== null && v !== undefined && v !== '').map((v) => checkScalar(name, v));
			if (list.length) out.set(name, list);
		} else {
			out.set(name, checkScalar(name, value));
		}
	}
	return out;
}

/** A JSON object of parameter values (text or already parsed), named `label` in errors. */
export function jsonValues(raw: unknown, label: string): Map<string, GivenValue> {
	let value: unknown = raw;
	if (typeof raw === 'string') {
		if (raw.trim() === '') return new Map();
		let problem: string | undefined;
		try {
			value = JSON.parse(raw) as unknown;
		} catch (error) {
			problem = (error as Error).message;
		}
		if (problem !== undefined) throw new ReportInputError(`${label} is not valid JSON: ${problem}`);
	}
	if (value === undefined || value === null) return new Map();
	if (typeof value !== 'object' || Array.isArray(value)) {
		throw new ReportInputError(`${label} must be an object of parameter names and values, such as {"region": "EMEA"}`);
	}
	return normaliseValues(value as IDataObject);
}

/** Reads the values of an item, from the fields or the JSON object. */
export function readParameterValues(ctx: IExecuteFunctions, itemIndex: number): Map<string, GivenValue> {
	if (ctx.getNodeParameter('parameterInput', itemIndex, 'fields') === 'json') {
		return jsonValues(ctx.getNodeParameter('parametersJson', itemIndex, '{}'), 'Parameters (JSON)');
	}
	const mapped = ctx.getNodeParameter('parameters.value', itemIndex, {}) as IDataObject | null;
	return normaliseValues(mapped ?? {});
}

function pad(n: number, width = 2): string {
	return String(n).padStart(width, '0');
}

/** A JS date as its wall-clock time in UTC, the plugin's `yyyy-MM-dd'T'HH:mm:ss.SSS`. */
function wallClock(date: Date): string {
	return `${date.getUTCFullYear()}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}T${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}:${pad(date.getUTCSeconds())}.${pad(date.getUTCMilliseconds(), 3)}`;
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;
const LOCAL_TIME = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})(?::(\d{2})(?:\.(\d{1,3})\d*)?)?$/;
const ZONED_TIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;

/** Whether a text could be meant as a date or time (ISO 8601 forms). */
export function looksLikeDate(text: string): boolean {
	const value = text.trim();
	return DATE_ONLY.test(value) || LOCAL_TIME.test(value) || ZONED_TIME.test(value);
}

/**
 * A date for the reporting plugin, which reads `yyyy-MM-dd'T'HH:mm:ss.SSS` (in the parameter's time
 * zone), `yyyy-MM-dd` or epoch milliseconds (ReportContentUtil.parseDate / parseDateStrict,
 * pentaho-platform-plugin-reporting core/.../ReportContentUtil.java@10.2.0.0-222): a date or a local
 * time is sent as written, a time with a zone as the instant (epoch milliseconds), an editor date as
 * its wall-clock time.
 */
export function reportDate(value: Scalar | Date | DateLike): string {
	if (isDateLike(value)) return value.toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS");
	if (value instanceof Date) return String(value.getTime());
	const text = String(value).trim();
	if (DATE_ONLY.test(text)) return text;
	const local = LOCAL_TIME.exec(text);
	if (local) return `${local[1]}T${local[2]}:${local[3] ?? '00'}.${(local[4] ?? '0').padEnd(3, '0')}`;
	if (ZONED_TIME.test(text)) {
		const ms = Date.parse(text);
		if (Number.isFinite(ms)) return String(ms);
	}
	return text;
}

/** A scalar as text (numbers as JS writes them, yes/no as true/false). */
export function plainText(value: Scalar | Date | DateLike): string {
	if (isDateLike(value)) return String(value.toMillis());
	if (value instanceof Date) return wallClock(value);
	return String(value);
}

export function listOf(value: GivenValue): Array<Scalar | Date | DateLike> {
	return Array.isArray(value) ? value : [value];
}

/** The values as JSON for the output (dates as ISO text). */
export function valuesJson(values: Map<string, GivenValue>): IDataObject {
	const out: IDataObject = {};
	const plain = (v: Scalar | Date | DateLike): Scalar => (v instanceof Date ? v.toISOString() : isDateLike(v) ? v.toFormat("yyyy-MM-dd'T'HH:mm:ss.SSS") : v);
	for (const [name, value] of values) out[name] = Array.isArray(value) ? value.map(plain) : plain(value);
	return out;
}
