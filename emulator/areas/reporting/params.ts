/**
 * Report parameters the way the reporting plugin and the engine treat them:
 * - request parameters become inputs (a single value as text, several as a text array:
 *   pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/request/HttpRequestParameterProvider.java@10.2.0.0-222);
 * - inputs are converted to the parameter's type (pentaho-platform-plugin-reporting:core/src/main/java/org/pentaho/reporting/platform/plugin/ReportContentUtil.java@10.2.0.0-222
 *   computeParameterValue/convert/parseDate, the engine's ValueConverters
 *   pentaho-reporting:engine/core/src/main/java/org/pentaho/reporting/engine/classic/core/util/beans/{Integer,BigDecimal,Boolean,Date}ValueConverter.java@10.2.0.0-222),
 *   a failure being the plugin's "Unable to convert parameter ..." (ReportPlugin.unableToConvertParameter);
 * - the engine's DefaultReportParameterValidator checks them
 *   (pentaho-reporting:engine/core/src/main/java/org/pentaho/reporting/engine/classic/core/parameters/DefaultReportParameterValidator.java@10.2.0.0-222,
 *   messages in engine/core/src/main/resources/org/pentaho/reporting/engine/classic/core/parameters/messages.properties, same at 9.3.0.0-422 and 11.0.0.0-237);
 * - the plugin adds its system parameters (ParameterXmlContentHandler.getSystemParameter@10.2.0.0-222; includeReportSpecification
 *   from pentaho-platform-plugin-reporting@a2254f82, first 10.2.0.4-347, and @2ec32750, first 10.3.0.0-377).
 */
import type { ServerProfile } from '../../core/profiles';
import { javaHashMapOrder } from './java';
import { CORE_NS, type JavaType, type ListValue, type ParamValue, type ReportDefinition, type ReportParameter } from './model';

export type RawInput = string | string[];
/** Request parameters by name (query string and form fields together). */
export type Inputs = Map<string, RawInput>;

export const SERVER_NS = 'http://reporting.pentaho.org/namespaces/engine/parameter-attributes/server';

export const MESSAGES = {
	mandatory: 'This prompt is mandatory',
	invalidType: 'This prompt value is of an invalid type',
	notAnArray: 'This prompt value is not an array.',
	invalidValue: 'This prompt value is of an invalid value',
	convert: (name: string, value: string) => `Unable to convert parameter '${name}' from input '${value}' to real value.`,
	validationFailed: 'Report validation failed.',
	parametersNotValid: 'The parameters provided for this report are not valid.',
	queryFailed: 'Failed to execute query.',
};

/** A parameter as the parameter document lists it (the report's own and the plugin's system parameters). */
export interface ParamEntry {
	name: string;
	kind: 'plain' | 'list';
	/** parameter.getValueType().getName(). */
	valueType: string;
	/** The type of one value (the component type of an array type). */
	elementType: JavaType;
	multiSelect: boolean;
	strict: boolean;
	mandatory: boolean;
	defaultValue?: ParamValue;
	values: ListValue[];
	/** [namespace, name, value] in the order the parameter holds them. */
	attributes: Array<[string, string, string]>;
	system: boolean;
}

export function entryOf(parameter: ReportParameter): ParamEntry {
	const multi = parameter.kind === 'list' && parameter.multiSelect === true;
	return {
		name: parameter.name,
		kind: parameter.kind,
		valueType: multi ? `[L${parameter.type};` : parameter.type,
		elementType: parameter.type,
		multiSelect: multi,
		strict: parameter.kind === 'list' && parameter.strict === true,
		mandatory: parameter.mandatory,
		defaultValue: parameter.defaultValue,
		values: parameter.values ?? [],
		// AbstractParameter's constructor sets role=user first; the bundle's attributes follow.
		attributes: [[CORE_NS, 'role', 'user'], ...parameter.attributes.map(([name, value]): [string, string, string] => [CORE_NS, name, value])],
		system: false,
	};
}

/** The output targets the plugin offers (DefaultReportOutputHandlerFactory.getSupportedOutputTypes), by version. */
export function supportedOutputTypes(profile: Pick<ServerProfile, 'before'>): ListValue[] {
	// XLS (table/excel;page-mode=flow) was removed by pentaho-platform-plugin-reporting@1fe4aeae [BISERVER-14864],
	// first tag 10.2.0.0-58 (no 9.3 tag has it); the XLSX label went from "Excel 2007" to "Excel" in the same commit.
	const hasXls = profile.before('10.2');
	return [
		{ key: 'table/html;page-mode=page', label: 'HTML (Paginated)' },
		{ key: 'table/html;page-mode=stream', label: 'HTML (Single Page)' },
		{ key: 'mime-message/text/html', label: 'HTML (Email)' },
		{ key: 'pageable/pdf', label: 'PDF' },
		...(hasXls ? [{ key: 'table/excel;page-mode=flow', label: 'Excel' }] : []),
		{ key: XLSX_TARGET, label: hasXls ? 'Excel 2007' : 'Excel' },
		{ key: 'table/csv;page-mode=stream', label: 'Comma Separated Value' },
		{ key: 'table/rtf;page-mode=flow', label: 'Rich-Text-Format' },
		{ key: 'pageable/text', label: 'Text' },
	];
}

export const XLSX_TARGET = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow';

/** Whether this version has the includeReportSpecification system parameter and the report-details page. */
export function hasReportSpecification(profile: Pick<ServerProfile, 'atLeast'>): boolean {
	// 10.2 service packs from 10.2.0.4-347 (a2254f82 [SP-6867]); main line 10.3.0.0-377 (2ec32750), so every 11.x.
	return profile.atLeast('10.2.0.4-347');
}

const SYSTEM_GROUP_LABEL = 'System Parameters';

function genericSystem(name: string, deprecated: boolean, preferred: boolean, type: JavaType): ParamEntry {
	// createGenericSystemParameter: setHidden, setRole (in place of the constructor's role), preferred, group, group
	// label, label, render type, deprecated.
	return {
		name,
		kind: 'plain',
		valueType: type,
		elementType: type,
		multiSelect: false,
		strict: false,
		mandatory: false,
		values: [],
		attributes: [
			[CORE_NS, 'role', 'system'],
			[CORE_NS, 'hidden', 'true'],
			[CORE_NS, 'preferred', String(preferred)],
			[CORE_NS, 'parameter-group', 'system'],
			[CORE_NS, 'parameter-group-label', SYSTEM_GROUP_LABEL],
			[CORE_NS, 'label', name],
			[CORE_NS, 'parameter-render-type', 'textbox'],
			[CORE_NS, 'deprecated', String(deprecated)],
		],
		system: true,
	};
}

/**
 * The plugin's system parameters in their order (ParameterXmlContentHandler.getSystemParameter), for a report at
 * `path` whose output type may be locked.
 */
export function systemParameters(profile: ServerProfile, path: string, lockOutputType: boolean): ParamEntry[] {
	const outputTarget: ParamEntry = {
		name: 'output-target',
		kind: 'list',
		valueType: 'java.lang.String',
		elementType: 'java.lang.String',
		multiSelect: false,
		strict: true,
		// hideOutputParameterIfLocked: hidden = locked, mandatory = !locked.
		mandatory: !lockOutputType,
		values: supportedOutputTypes(profile),
		attributes: [
			[CORE_NS, 'role', 'system'],
			[CORE_NS, 'preferred', 'true'],
			[CORE_NS, 'parameter-group', 'parameters'],
			[CORE_NS, 'parameter-group-label', 'Report Parameters'],
			[CORE_NS, 'label', 'Output Type'],
			[CORE_NS, 'parameter-render-type', 'dropdown'],
			[CORE_NS, 'hidden', String(lockOutputType)],
		],
		system: true,
	};
	const contentLink: ParamEntry = {
		name: '::cl',
		kind: 'list',
		valueType: '[Ljava.lang.String;',
		elementType: 'java.lang.String',
		multiSelect: true,
		strict: false,
		mandatory: false,
		values: [],
		attributes: [
			[CORE_NS, 'role', 'system'],
			[CORE_NS, 'hidden', 'true'],
			[CORE_NS, 'preferred', 'false'],
			[CORE_NS, 'parameter-group', 'system'],
			[CORE_NS, 'parameter-group-label', SYSTEM_GROUP_LABEL],
			[CORE_NS, 'label', 'Content-Linking'],
			[CORE_NS, 'parameter-render-type', 'list'],
		],
		system: true,
	};
	const renderMode: ParamEntry = {
		name: 'renderMode',
		kind: 'list',
		valueType: 'java.lang.String',
		elementType: 'java.lang.String',
		multiSelect: false,
		strict: true,
		mandatory: false,
		values: ['XML', 'REPORT', 'DOWNLOAD', 'PARAMETER'].map((key) => ({ key, label: key })),
		attributes: [
			[CORE_NS, 'role', 'system'],
			[CORE_NS, 'hidden', 'true'],
			[CORE_NS, 'preferred', 'false'],
			[CORE_NS, 'parameter-group', 'system'],
			[CORE_NS, 'parameter-group-label', SYSTEM_GROUP_LABEL],
			[CORE_NS, 'label', 'renderMode'],
			[CORE_NS, 'parameter-render-type', 'dropdown'],
		],
		system: true,
	};
	const list: ParamEntry[] = [
		outputTarget,
		contentLink,
		genericSystem('::TabName', false, true, 'java.lang.String'),
		genericSystem('::TabActive', false, true, 'java.lang.Boolean'),
		genericSystem('yield-rate', false, false, 'java.lang.Integer'),
		genericSystem('accepted-page', false, false, 'java.lang.Integer'),
		genericSystem('::session', false, false, 'java.lang.String'),
		genericSystem('path', false, false, 'java.lang.String'),
		genericSystem('id', false, false, 'java.lang.String'),
		genericSystem('output-type', true, false, 'java.lang.String'),
		genericSystem('layout', true, false, 'java.lang.String'),
		genericSystem('content-handler-pattern', true, false, 'java.lang.String'),
		genericSystem('autoSubmit', true, true, 'java.lang.Boolean'),
		genericSystem('autoSubmitUI', true, true, 'java.lang.Boolean'),
		genericSystem('dashboard-mode', false, true, 'java.lang.Boolean'),
		genericSystem('showParameters', true, true, 'java.lang.Boolean'),
		genericSystem('paginate', true, false, 'java.lang.Boolean'),
		genericSystem('ignoreDefaultDates', true, false, 'java.lang.Boolean'),
		genericSystem('print', false, false, 'java.lang.Boolean'),
		genericSystem('printer-name', false, false, 'java.lang.String'),
		renderMode,
		genericSystem('htmlProportionalWidth', false, true, 'java.lang.Boolean'),
		genericSystem('query-limit-ui-enabled', false, false, 'java.lang.Boolean'),
		genericSystem('query-limit', false, false, 'java.lang.Integer'),
		genericSystem('maximum-query-limit', false, false, 'java.lang.Integer'),
	];
	if (hasReportSpecification(profile)) {
		const attributes: Array<[string, string, string]> = [
			[CORE_NS, 'role', 'system'],
			[CORE_NS, 'preferred', 'true'],
			[CORE_NS, 'parameter-group', 'parameters'],
			[CORE_NS, 'parameter-group-label', 'Report Parameters'],
			[CORE_NS, 'label', 'Add Page for Report Details'],
			[CORE_NS, 'parameter-render-type', 'togglebutton'],
		];
		// Hidden for a .prpt (and for PIR requests with json): ParameterXmlContentHandler.createParameterContent@10.2.0.10-422.
		if (path.endsWith('prpt')) attributes.push([CORE_NS, 'hidden', 'true']);
		list.push({
			name: 'includeReportSpecification',
			kind: 'list',
			valueType: 'java.lang.Boolean',
			elementType: 'java.lang.Boolean',
			multiSelect: false,
			strict: true,
			mandatory: false,
			defaultValue: true,
			values: [
				{ key: true, label: 'true' },
				{ key: false, label: 'false' },
			],
			attributes,
			system: true,
		});
	}
	return list;
}

/** Report parameters first, then the system parameters the report does not define itself (collectParameterEntries). */
export function allEntries(profile: ServerProfile, report: ReportDefinition): ParamEntry[] {
	const own = report.parameters.map(entryOf);
	const names = new Set(own.map((p) => p.name));
	return [...own, ...systemParameters(profile, report.path, report.lockOutputType === true).filter((p) => !names.has(p.name))];
}

/* ----- conversion ----- */

export class ConversionError extends Error {}

function isNumberType(type: JavaType): boolean {
	return type === 'java.lang.Integer' || type === 'java.lang.Long' || type === 'java.math.BigDecimal' || type === 'java.lang.Double';
}

function isDateType(type: JavaType): boolean {
	return type === 'java.util.Date' || type === 'java.sql.Date' || type === 'java.sql.Timestamp';
}

function attribute(entry: ParamEntry, name: string): string | undefined {
	return entry.attributes.find(([ns, n]) => ns === CORE_NS && n === name)?.[2];
}

/** A wall-clock date/time in the server's zone as an instant (SimpleDateFormat is lenient: fields roll over). */
function serverDate(parts: number[], offsetMinutes: number): Date {
	const [y, mo, d, h = 0, mi = 0, s = 0, ms = 0] = parts;
	return new Date(Date.UTC(y, mo - 1, d, h, mi, s, ms) - offsetMinutes * 60000);
}

/** ReportContentUtil.parseDate: strict "yyyy-MM-dd'T'HH:mm:ss.SSS", a long (legacy), "yyyy-MM-dd" (prefixes, lenient). */
function parseDate(text: string, offsetMinutes: number): Date | undefined {
	const full = /^(\d+)-(\d+)-(\d+)T(\d+):(\d+):(\d+)\.(\d+)/.exec(text);
	if (full) return serverDate(full.slice(1).map(Number), offsetMinutes);
	if (/^[-+]?\d+$/.test(text)) {
		const millis = Number(text);
		if (Number.isSafeInteger(millis)) return new Date(millis);
	}
	const day = /^(\d+)-(\d+)-(\d+)/.exec(text);
	if (day) return serverDate(day.slice(1).map(Number), offsetMinutes);
	return undefined;
}

/** ReportContentUtil.convert for one text value. */
function convertOne(entry: ParamEntry, type: JavaType, raw: string, offsetMinutes: number): ParamValue {
	if (raw === '') return null;
	if (type === 'java.lang.String') return raw;
	if (isDateType(type)) {
		const date = parseDate(raw, offsetMinutes);
		if (date) return date;
		const format = attribute(entry, 'data-format');
		if (format === 'yyyy-MM-dd') {
			const strict = /^(\d{4})-(\d{2})-(\d{2})/.exec(raw);
			if (strict) return serverDate(strict.slice(1).map(Number), offsetMinutes);
		}
		// DateValueConverter: "yyyy-MM-dd'T'HH:mm:ss.SSSZ", not lenient.
		const iso = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})\.(\d{3})([-+])(\d{2})(\d{2})$/.exec(raw);
		if (iso) {
			const zone = (iso[8] === '-' ? -1 : 1) * (Number(iso[9]) * 60 + Number(iso[10]));
			return serverDate(iso.slice(1, 8).map(Number), zone);
		}
		throw new ConversionError(MESSAGES.convert(entry.name, raw));
	}
	if (isNumberType(type)) {
		const text = raw.trim();
		if (type === 'java.lang.Integer' || type === 'java.lang.Long') {
			// new Integer(val) / new Long(val): optional sign and decimal digits, within range.
			if (!/^[-+]?\d+$/.test(text)) throw new ConversionError(MESSAGES.convert(entry.name, raw));
			const n = Number(text);
			const limit = type === 'java.lang.Integer' ? 2147483647 : Number.MAX_SAFE_INTEGER;
			if (n > limit || n < -limit - 1) throw new ConversionError(MESSAGES.convert(entry.name, raw));
			return n;
		}
		if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text)) throw new ConversionError(MESSAGES.convert(entry.name, raw));
		return Number(text);
	}
	if (type === 'java.lang.Boolean') return raw.trim().toLowerCase() === 'true';
	return raw;
}

/** ReportContentUtil.computeParameterValue. */
export function computeValue(entry: ParamEntry, raw: RawInput | undefined, offsetMinutes: number): ParamValue {
	if (raw === undefined) return null;
	if (Array.isArray(raw)) return raw.map((value) => convertOne(entry, entry.elementType, value, offsetMinutes));
	if (entry.multiSelect) return [convertOne(entry, entry.elementType, raw, offsetMinutes)];
	return convertOne(entry, entry.elementType, raw, offsetMinutes);
}

/* ----- validation ----- */

export interface Evaluation {
	/** Validated values of the report's own parameters (defaults applied), as the engine trusts them. */
	trusted: Map<string, ParamValue>;
	/** Conversion errors (ReportContentUtil.applyInputsToReportParameters). */
	conversionErrors: Map<string, string[]>;
	/** Errors of the engine's validator (DefaultReportParameterValidator). */
	validationErrors: Map<string, string[]>;
}

function sameKey(a: unknown, b: unknown): boolean {
	if (typeof a === 'number' && typeof b === 'number') return a === b;
	if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime();
	return a === b;
}

function typeMatches(type: JavaType, value: ParamValue): boolean {
	if (value === null) return true;
	if (Array.isArray(value)) return false;
	if (type === 'java.lang.String') return typeof value === 'string';
	if (type === 'java.lang.Boolean') return typeof value === 'boolean';
	if (isDateType(type)) return value instanceof Date;
	if (isNumberType(type)) return typeof value === 'number';
	return true;
}

function add(map: Map<string, string[]>, name: string, message: string): void {
	const list = map.get(name) ?? [];
	list.push(message);
	map.set(name, list);
}

/** Converts the inputs of the report's parameters and validates them as the engine does. */
export function evaluate(report: ReportDefinition, inputs: Inputs, offsetMinutes: number): Evaluation {
	const conversionErrors = new Map<string, string[]>();
	const validationErrors = new Map<string, string[]>();
	const converted = new Map<string, ParamValue>();
	for (const parameter of report.parameters) {
		const entry = entryOf(parameter);
		try {
			converted.set(entry.name, computeValue(entry, inputs.get(entry.name), offsetMinutes));
		} catch (error) {
			if (!(error instanceof ConversionError)) throw error;
			add(conversionErrors, entry.name, error.message);
		}
	}
	const trusted = new Map<string, ParamValue>();
	for (const parameter of report.parameters) {
		const entry = entryOf(parameter);
		let value = converted.get(entry.name) ?? null;
		if (value === null) value = entry.defaultValue ?? null;
		const missing = entry.mandatory && (value === null || (entry.multiSelect && Array.isArray(value) && value.length === 0));
		if (missing) {
			trusted.set(entry.name, null);
			add(validationErrors, entry.name, MESSAGES.mandatory);
			continue;
		}
		if (entry.kind === 'plain') {
			if (!typeMatches(entry.elementType, value)) {
				add(validationErrors, entry.name, MESSAGES.invalidType);
				trusted.set(entry.name, null);
				continue;
			}
			trusted.set(entry.name, value);
			continue;
		}
		let values: ParamValue[];
		if (entry.multiSelect) {
			if (value === null) {
				trusted.set(entry.name, []);
				continue;
			}
			if (!Array.isArray(value)) {
				add(validationErrors, entry.name, MESSAGES.notAnArray);
				trusted.set(entry.name, null);
				continue;
			}
			values = value;
		} else {
			values = [value];
		}
		let message: string | undefined;
		for (const candidate of values) {
			const one = candidate === '' ? null : candidate;
			if (one !== null && !typeMatches(entry.elementType, one)) {
				message = MESSAGES.invalidType;
				break;
			}
			if (!entry.strict) continue;
			const found = entry.values.some((option) => (option.key === '' ? one === null : sameKey(option.key, one)));
			if (!found) {
				message = MESSAGES.invalidValue;
				break;
			}
		}
		if (message) {
			add(validationErrors, entry.name, message);
			trusted.set(entry.name, null);
		} else trusted.set(entry.name, value);
	}
	return { trusted, conversionErrors, validationErrors };
}

/** Conversion and validation errors together, in the order a ValidationResult (HashNMap) iterates them. */
export function allErrors(evaluation: Evaluation): Array<[string, string]> {
	const merged = new Map<string, string[]>();
	for (const [name, messages] of evaluation.conversionErrors) for (const m of messages) add(merged, name, m);
	for (const [name, messages] of evaluation.validationErrors) for (const m of messages) add(merged, name, m);
	const out: Array<[string, string]> = [];
	for (const name of javaHashMapOrder([...merged.keys()])) for (const m of merged.get(name) ?? []) out.push([name, m]);
	return out;
}
