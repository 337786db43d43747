/**
 * The parameter document of `GET /api/repos/{pathId}/parameter`
 * (pentaho-platform-plugin-reporting:core/src/main/java/org/pentaho/reporting/platform/plugin/ParameterXmlContentHandler.java@10.2.0.0-222,
 * same structure @9.3.0.0-422 and @11.0.0.0-237; includeReportSpecification from 10.2.0.4-347 / 10.3.0.0-377):
 *
 *   <parameters [accepted-page] [autoSubmit] autoSubmitUI ignore-biserver-5538="true" is-prompt-needed layout [minimized] [page-count] [paginate]>
 *     <parameter is-list is-mandatory is-multi-select is-strict name [timezone-hint] type>
 *       <attribute name namespace value/>…            (every attribute of the parameter, then server-namespace hints)
 *       <values><value label null selected type value/>…</values>
 *     </parameter>…                                    (the report's parameters, then the system parameters)
 *     <errors><error message parameter/>…</errors>     (only when validation failed)
 *   </parameters>
 *
 * Written by the JDK's identity Transformer from a Xerces DOM: declaration `<?xml version="1.0" encoding="UTF-8"
 * standalone="no"?>` directly followed by the root, attributes in alphabetical order (Xerces keeps an element's
 * attributes sorted by name), `&`, `<`, `>` and `"` escaped in attribute values. Labels are Spring-HTML-escaped before
 * they are put in the DOM, so they come out escaped twice.
 */
import { escapeXml } from '../../core/xml';
import { formatJavaDate, springHtmlEscape, zoneOffsetMinutes } from './java';
import { CORE_NS, type ListValue, type ParamValue, type ReportDefinition } from './model';
import { allEntries, allErrors, computeValue, ConversionError, SERVER_NS, type Evaluation, type Inputs, type ParamEntry } from './params';
import type { ServerProfile } from '../../core/profiles';
import { HTML_PAGE } from './request';

class Element {
	readonly attributes = new Map<string, string>();
	readonly children: Element[] = [];
	constructor(readonly name: string) {}

	set(name: string, value: string | undefined): this {
		if (value !== undefined) this.attributes.set(name, value);
		return this;
	}

	add(child: Element): Element {
		this.children.push(child);
		return child;
	}

	toString(): string {
		const attributes = [...this.attributes.keys()]
			.sort()
			.map((name) => ` ${name}="${escapeXml(this.attributes.get(name), 'noApostrophe').replace(/\n/g, '&#10;').replace(/\r/g, '&#13;').replace(/\t/g, '&#9;')}"`)
			.join('');
		if (this.children.length === 0) return `<${this.name}${attributes}/>`;
		return `<${this.name}${attributes}>${this.children.map(String).join('')}</${this.name}>`;
	}
}

export interface DocumentInput {
	profile: ServerProfile;
	report: ReportDefinition;
	inputs: Inputs;
	evaluation: Evaluation;
	/** The effective output target (SimpleReportingComponent.getComputedOutputTarget). */
	outputTarget: string;
	/** renderMode XML (true) or PARAMETER (false): only XML counts pages. */
	paginate: boolean;
	/** Pages of the HTML page output (appendPageCount), when counted. */
	pageCount: () => number;
	/** The server JVM's time zone. */
	timeZone: string;
	/** The viewer session id the handler put into the inputs when none was sent. */
	sessionId: string;
}

function isDate(type: string): boolean {
	return type === 'java.util.Date' || type === 'java.sql.Date' || type === 'java.sql.Timestamp';
}

function isNumber(type: string): boolean {
	return ['java.lang.Integer', 'java.lang.Long', 'java.math.BigDecimal', 'java.lang.Double'].includes(type);
}

/** ParameterXmlContentHandler.convertParameterValueToString. */
function valueText(value: ParamValue, type: string, timeZone: string): string | undefined {
	if (value === null || value === undefined) return undefined;
	if (Array.isArray(value)) {
		if (value.length === 1) return valueText(value[0], type, timeZone) ?? 'null';
		if (type === 'java.lang.String') return value.map((v) => String(v)).join('|');
	}
	if (isDate(type) && value instanceof Date) return formatJavaDate(value, 'iso-z', zoneOffsetMinutes(timeZone, value));
	if (isNumber(type) && typeof value === 'number') return String(value);
	return String(value);
}

function selectionSet(selections: ParamValue | undefined): ParamValue[] {
	if (selections === null || selections === undefined) return [];
	return Array.isArray(selections) ? selections : [selections];
}

function contains(set: ParamValue[], key: ListValue['key']): boolean {
	return set.some((s) => (s instanceof Date ? false : typeof s === 'number' && typeof key === 'number' ? s === key : s === key));
}

function hasControlChars(value: unknown, type: string): boolean {
	// eslint-disable-next-line no-control-regex -- control characters are what is looked for
	return type === 'java.lang.String' && value !== null && value !== undefined && /[\u0000-\u001f\u007f-\u009f]/.test(String(value));
}

/** ParameterXmlContentHandler.computeTimeZoneHint with no timezone attribute: the server zone's offset. */
function timeZoneHint(timeZone: string, selections: ParamValue[]): string {
	const first = selections[0];
	const offset = zoneOffsetMinutes(timeZone, first instanceof Date ? first : new Date());
	const abs = Math.abs(offset);
	return `${offset < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

/** ParameterXmlContentHandler.shouldAlwaysValidateOnServer: a text box or multi-line field whose type is not String. */
function mustValidateOnServer(entry: ParamEntry): boolean {
	const render = entry.attributes.find(([ns, name]) => ns === CORE_NS && name === 'parameter-render-type')?.[2];
	if ((render === 'textbox' || render === 'multi-line') && entry.valueType !== 'java.lang.String') return true;
	return entry.attributes.some(
		([ns, name, value]) =>
			ns === CORE_NS && (name === 'post-processor-formula' ? value !== '' : (name === 're-evaluate-on-failed-values' || name === 'autofill-selection') && value === 'true'),
	);
}

function parameterElement(entry: ParamEntry, selections: ParamValue | undefined, timeZone: string, attributesOnlyHidden: boolean): Element {
	const el = new Element('parameter').set('name', entry.name).set('type', entry.valueType).set('is-mandatory', String(entry.mandatory));
	for (const [namespace, name, value] of entry.attributes) {
		if (attributesOnlyHidden && name.toLowerCase() !== 'hidden') continue;
		el.add(new Element('attribute').set('namespace', namespace).set('name', name).set('value', value));
	}
	if (!attributesOnlyHidden && mustValidateOnServer(entry)) {
		el.add(new Element('attribute').set('namespace', SERVER_NS).set('name', 'must-validate-on-server').set('value', 'true'));
	}
	const set = selectionSet(selections);
	if (isDate(entry.elementType)) el.set('timezone-hint', timeZoneHint(timeZone, set));
	if (entry.kind === 'list') {
		el.set('is-multi-select', String(entry.multiSelect)).set('is-strict', String(entry.strict)).set('is-list', 'true');
		const values = el.add(new Element('values'));
		const handled = [...set];
		for (const option of entry.values) {
			const value = values.add(new Element('value'));
			let key: unknown = option.key;
			let label: unknown = option.label;
			if (hasControlChars(key, entry.elementType) || hasControlChars(label, entry.elementType)) {
				key = Buffer.from(String(key)).toString('base64');
				label = Buffer.from(String(label)).toString('base64');
				value.set('encoded', 'true');
			}
			value.set('label', springHtmlEscape(String(label)));
			value.set('type', entry.elementType);
			if (option.key === null) {
				if (selections === null || selections === undefined || set.includes(null)) value.set('selected', 'true');
				value.set('null', 'true');
			} else {
				value.set('selected', String(contains(set, option.key)));
				const index = handled.findIndex((h) => h === option.key);
				if (index >= 0) handled.splice(index, 1);
				value.set('null', 'false');
				value.set('value', valueText(key as ParamValue, entry.elementType, timeZone));
			}
		}
		if (!entry.strict) {
			for (const key of handled) {
				const value = values.add(new Element('value'));
				value.set('label', key instanceof Date ? String(key) : String(key));
				value.set('type', entry.elementType);
				value.set('selected', 'true');
				if (key === null) value.set('null', 'true');
				else value.set('null', 'false').set('value', valueText(key, entry.elementType, timeZone));
			}
		}
	} else {
		el.set('is-multi-select', 'false').set('is-strict', 'false').set('is-list', 'false');
		if (selections !== null && selections !== undefined) {
			const text = valueText(selections, entry.valueType, timeZone) ?? '';
			const values = el.add(new Element('values'));
			values.add(new Element('value').set('type', entry.valueType).set('selected', 'true').set('null', 'false').set('value', text).set('label', springHtmlEscape(text)));
		}
	}
	return el;
}

/** ParameterXmlContentHandler.computeRealInput and computeParameterValueSet: what each parameter shows as selected. */
function realInputs(entries: ParamEntry[], input: DocumentInput): Map<string, ParamValue | undefined> {
	const offsetMinutes = zoneOffsetMinutes(input.timeZone, new Date());
	const values = new Map<string, ParamValue | undefined>();
	for (const entry of entries) {
		const trusted = input.evaluation.trusted.get(entry.name);
		if (trusted !== null && trusted !== undefined) {
			values.set(entry.name, trusted);
			continue;
		}
		const raw = entry.name === '::session' ? input.sessionId : input.inputs.get(entry.name);
		if (raw === undefined) {
			values.set(entry.name, null);
			continue;
		}
		try {
			values.set(entry.name, computeValue(entry, raw, offsetMinutes));
		} catch (error) {
			// A value that cannot be converted is left out (logged at debug level only).
			if (!(error instanceof ConversionError)) throw error;
		}
	}
	values.set('output-target', input.outputTarget);
	const showParameters = input.inputs.get('showParameters');
	values.set('showParameters', showParameters !== 'false');
	values.set('htmlProportionalWidth', false);
	values.set('query-limit-ui-enabled', false);
	values.set('query-limit', -1);
	values.set('maximum-query-limit', 0);
	return values;
}

/** The whole document. */
export function parameterDocument(input: DocumentInput): string {
	const entries = allEntries(input.profile, input.report);
	const errors = allErrors(input.evaluation);
	const root = new Element('parameters');
	root.set('is-prompt-needed', String(errors.length > 0));
	root.set('ignore-biserver-5538', 'true');
	const flag = (name: string) => {
		const value = input.inputs.get(name);
		return value === 'true' ? true : value === 'false' ? false : undefined;
	};
	// autoSubmit: request flag, else the report attribute, else classic-engine.properties ParameterAutoSubmit=prompt (no flag).
	const autoSubmit = flag('autoSubmit');
	if (autoSubmit !== undefined) root.set('autoSubmit', String(autoSubmit));
	root.set('autoSubmitUI', flag('autoSubmitUI') === false ? 'false' : 'true');
	const layout = input.inputs.get('layout');
	root.set('layout', typeof layout === 'string' && layout !== '' ? layout : 'vertical');
	const selections = realInputs(entries, input);
	const changed = input.inputs.get('changedParameters');
	const changedNames = changed === undefined ? [] : Array.isArray(changed) ? changed : [changed];
	if (changedNames.length > 0) {
		for (const entry of entries.filter((e) => changedNames.includes(e.name))) root.add(parameterElement(entry, selections.get(entry.name), input.timeZone, true));
		root.set('minimized', 'true');
	} else {
		for (const entry of entries) root.add(parameterElement(entry, selections.get(entry.name), input.timeZone, false));
	}
	if (errors.length > 0) {
		const list = root.add(new Element('errors'));
		for (const [parameter, message] of errors) list.add(new Element('error').set('parameter', springHtmlEscape(parameter)).set('message', message));
	}
	if (errors.length === 0 && input.paginate && input.outputTarget === HTML_PAGE) {
		const accepted = input.inputs.get('accepted-page');
		const acceptedPage = typeof accepted === 'string' && /^-?\d+$/.test(accepted.trim()) ? Number(accepted.trim()) : -1;
		root.set('paginate', 'true');
		root.set('page-count', String(input.pageCount()));
		root.set('accepted-page', String(acceptedPage));
	}
	return `<?xml version="1.0" encoding="UTF-8" standalone="no"?>${root.toString()}`;
}
