/**
 * The reporting plugin's parameter answer, read: `POST /api/repos/{pathId}/parameter` with
 * `renderMode=PARAMETER` answers the report's parameter definition as XML, evaluated with the values
 * sent (ParameterXmlContentHandler.createParameterContent, pentaho-platform-plugin-reporting:
 * core/src/main/java/org/pentaho/reporting/platform/plugin/ParameterXmlContentHandler.java@10.2.0.0-222,
 * same document @9.3.0.0-422 and @11.1.0.0-345):
 *
 *   <parameters is-prompt-needed="…" autoSubmitUI="…" layout="…">
 *     <parameter name="…" type="java.lang.String" is-mandatory="true" is-multi-select="…" is-strict="…" is-list="…">
 *       <attribute namespace="…/parameter-attributes/core" name="label|hidden|role|parameter-render-type|data-format|timezone|…" value="…"/>
 *       <values><value label="…" type="…" selected="true|false" null="false" value="…" [encoded="true"]/></values>
 *     </parameter>
 *     … the plugin's system parameters (core attribute role="system"), output-target among them, its values the formats offered
 *     <errors><error parameter="…" message="…"/><global-error message="…"/></errors>
 *   </parameters>
 *
 * `selected` values are what the report will use: the values sent, or its defaults. Labels are
 * HTML-escaped (Spring HtmlUtils.htmlEscape) inside the XML attribute; a key or label with control
 * characters is sent base64-encoded with `encoded="true"`. Dates are written
 * `yyyy-MM-dd'T'HH:mm:ss.SSSZ` (convertParameterValueToString), numbers as BigDecimal text.
 * Validation messages are the reporting engine's own (DefaultReportParameterValidator and its
 * messages.properties, pentaho-reporting engine/core …/parameters@10.2.0.0-222: "This prompt is
 * mandatory", "This prompt value is of an invalid value", …).
 */
import type { IDataObject } from 'n8n-workflow';

import { unescapeHtml } from './htmlEntities';
import { toArray } from '../../common/values';

const CORE = 'http://reporting.pentaho.org/namespaces/engine/parameter-attributes/core';

/** What a value of a parameter is, in n8n's words. */
export type ValueKind = 'string' | 'integer' | 'number' | 'boolean' | 'date' | 'other';

export interface ListValue {
	value: string | number | boolean | null;
	label: string;
}

export interface ReportParameter {
	name: string;
	label: string;
	kind: ValueKind;
	/** The Java class the report declares (`java.lang.Integer`, `[Ljava.lang.String;`). */
	javaType: string;
	mandatory: boolean;
	multiSelect: boolean;
	/** Values come from a list (drop-down, radio, …). */
	list: boolean;
	/** Only the listed values are accepted (is-strict). */
	strict: boolean;
	hidden: boolean;
	/** The plugin's own parameter (output-target, accepted-page …), not the report's. */
	system: boolean;
	renderType?: string;
	dataFormat?: string;
	timezone?: string;
	/** The value(s) the report will use: the selected values. */
	selected: Array<string | number | boolean | null>;
	values: ListValue[];
	/** The report's messages about the value(s) sent. */
	errors: string[];
}

export interface ParameterDefinition {
	parameters: ReportParameter[];
	/** Messages not about one parameter. */
	globalErrors: string[];
	promptNeeded: boolean;
}

const INTEGER_TYPES = new Set(['java.lang.Integer', 'java.lang.Long', 'java.lang.Short', 'java.lang.Byte', 'java.math.BigInteger', 'int', 'long', 'short']);
const NUMBER_TYPES = new Set(['java.lang.Double', 'java.lang.Float', 'java.math.BigDecimal', 'java.lang.Number', 'double', 'float']);
const DATE_TYPES = new Set(['java.util.Date', 'java.sql.Date', 'java.sql.Timestamp', 'java.sql.Time']);

/** `[Ljava.lang.String;` → `java.lang.String` (the element class of an array class name). */
function elementType(javaType: string): string {
	const array = /^\[+L(.+);$/.exec(javaType);
	return array ? array[1] : javaType;
}

export function kindOf(javaType: string): ValueKind {
	const type = elementType(javaType);
	if (type === 'java.lang.String' || type === 'java.lang.Object') return 'string';
	if (INTEGER_TYPES.has(type)) return 'integer';
	if (NUMBER_TYPES.has(type)) return 'number';
	if (type === 'java.lang.Boolean' || type === 'boolean') return 'boolean';
	if (DATE_TYPES.has(type)) return 'date';
	return 'other';
}

/** `2024-01-31T00:00:00.000+0100` (the plugin's date form) → ISO 8601 with a colon in the offset. */
function isoDate(text: string): string {
	const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?)([+-]\d{2})(\d{2})$/.exec(text);
	return match ? `${match[1]}${match[2]}:${match[3]}` : text;
}

/** A value as the plugin writes it, typed by the parameter's kind. */
export function typedValue(kind: ValueKind, text: string): string | number | boolean {
	if (kind === 'integer' || kind === 'number') {
		const number = Number(text);
		return text.trim() !== '' && Number.isFinite(number) ? number : text;
	}
	if (kind === 'boolean') return text === 'true' ? true : text === 'false' ? false : text;
	if (kind === 'date') return isoDate(text);
	return text;
}

function attr(element: IDataObject, name: string): string | undefined {
	const value = element[`@${name}`];
	return value === undefined || value === null ? undefined : String(value);
}

function decoded(text: string | undefined, encoded: boolean): string {
	if (text === undefined) return '';
	if (!encoded) return text;
	return Buffer.from(text, 'base64').toString('utf8');
}

function readParameter(element: IDataObject, errors: Map<string, string[]>): ReportParameter {
	const name = attr(element, 'name') ?? '';
	const javaType = attr(element, 'type') ?? 'java.lang.String';
	const kind = kindOf(javaType);
	const attributes = new Map<string, string>();
	for (const attribute of toArray(element.attribute as IDataObject | IDataObject[])) {
		if (attr(attribute, 'namespace') === CORE) attributes.set(attr(attribute, 'name') ?? '', attr(attribute, 'value') ?? '');
	}
	const values: ListValue[] = [];
	const selected: ReportParameter['selected'] = [];
	const list = attr(element, 'is-list') === 'true';
	for (const entry of toArray((element.values as IDataObject | undefined)?.value as IDataObject | IDataObject[])) {
		const encoded = attr(entry, 'encoded') === 'true';
		const isNull = attr(entry, 'null') === 'true';
		const raw = decoded(attr(entry, 'value'), encoded);
		const value = isNull ? null : typedValue(kind, raw);
		// The label is HTML-escaped by the plugin, then XML-escaped (only the XML layer is undone by the parser).
		const label = unescapeHtml(decoded(attr(entry, 'label'), encoded));
		if (list) values.push({ value, label });
		if (attr(entry, 'selected') === 'true') selected.push(value);
	}
	const optional = (key: string) => {
		const value = attributes.get(key);
		return value === undefined || value === '' ? undefined : value;
	};
	return {
		name,
		label: optional('label') ?? name,
		kind,
		javaType,
		mandatory: attr(element, 'is-mandatory') === 'true',
		multiSelect: attr(element, 'is-multi-select') === 'true',
		list,
		strict: attr(element, 'is-strict') === 'true',
		hidden: attributes.get('hidden') === 'true',
		system: attributes.get('role') === 'system',
		renderType: optional('parameter-render-type'),
		dataFormat: optional('data-format'),
		timezone: optional('timezone'),
		selected,
		values,
		errors: errors.get(name) ?? [],
	};
}

/** The parameter answer (parsed XML) as a definition; `undefined` when it is not one. */
export function readDefinition(doc: IDataObject): ParameterDefinition | undefined {
	const root = doc.parameters;
	if (root === undefined || root === null) return undefined;
	const element = (typeof root === 'object' ? root : {}) as IDataObject;
	const errors = new Map<string, string[]>();
	const globalErrors: string[] = [];
	const errorList = element.errors as IDataObject | undefined;
	for (const error of toArray(errorList?.error as IDataObject | IDataObject[])) {
		const parameter = unescapeHtml(attr(error, 'parameter') ?? '');
		errors.set(parameter, [...(errors.get(parameter) ?? []), attr(error, 'message') ?? '']);
	}
	for (const error of toArray(errorList?.['global-error'] as IDataObject | IDataObject[])) globalErrors.push(attr(error, 'message') ?? '');
	return {
		parameters: toArray(element.parameter as IDataObject | IDataObject[]).map((p) => readParameter(p, errors)),
		globalErrors,
		promptNeeded: attr(element, 'is-prompt-needed') === 'true',
	};
}

/** A parameter as an output item (Get Parameters). */
export function parameterItem(parameter: ReportParameter): IDataObject {
	const single = !parameter.multiSelect;
	const item: IDataObject = {
		name: parameter.name,
		label: parameter.label,
		type: parameter.kind,
		javaType: parameter.javaType,
		mandatory: parameter.mandatory,
		multiSelect: parameter.multiSelect,
		list: parameter.list,
		strict: parameter.strict,
		hidden: parameter.hidden,
		default: single ? (parameter.selected[0] ?? null) : parameter.selected,
		values: parameter.values as unknown as IDataObject[],
	};
	if (parameter.renderType) item.renderType = parameter.renderType;
	if (parameter.dataFormat) item.dataFormat = parameter.dataFormat;
	if (parameter.timezone) item.timezone = parameter.timezone;
	if (parameter.system) item.system = true;
	if (parameter.errors.length) item.errors = parameter.errors;
	return item;
}

/** The output-target parameter: its values are the formats the server offers. */
export function offeredFormats(definition: ParameterDefinition): ListValue[] | undefined {
	const target = definition.parameters.find((p) => p.name === 'output-target');
	return target && target.values.length ? target.values : undefined;
}
