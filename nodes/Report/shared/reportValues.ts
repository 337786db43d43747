/**
 * Report parameter values against the report's own definition, before anything is rendered: the
 * values are sent to the parameter answer first (as the report viewer does before it renders,
 * reportviewer-prompt.js fetchParameterDefinition, pentaho-platform-plugin-reporting@10.2.0.0-222),
 * which evaluates them with the report's validator; its messages are the report's own words. What
 * the server cannot say is checked here: a name the report does not have (the plugin ignores it,
 * ReportContentUtil.applyInputsToReportParameters reads only declared parameters), a name the node
 * sets itself, and a format the server does not offer.
 */
import type { ParameterDefinition, ReportParameter } from './parameterDefinition';
import { offeredFormats } from './parameterDefinition';
import { listOf, plainText, reportDate, type GivenValue, type Scalar, type DateLike } from './parameterValues';
import { formatOf } from './formats';

/** Request parameters the node sets itself, or that would make the request something else. */
const RESERVED: Record<string, string> = {
	'output-target': 'choose the format in Format instead',
	'output-type': 'choose the format in Format instead',
	renderMode: 'the node sets it',
	path: 'the report is chosen in Report',
	id: 'the report is chosen in Report',
	'::session': 'the server sets it',
};

/** Refusals that depend on nothing but the names given. */
export function reservedProblems(values: Map<string, GivenValue>): string[] {
	return [...values.keys()].filter((name) => name in RESERVED).map((name) => `"${name}" cannot be given as a parameter: ${RESERVED[name]}`);
}

function sameValue(parameter: ReportParameter, given: Scalar | Date | DateLike, listed: Scalar | null): boolean {
	if (listed === null) return false;
	if (parameter.kind === 'integer' || parameter.kind === 'number') return Number(plainText(given)) === Number(listed);
	return plainText(given) === String(listed);
}

function names(parameters: ReportParameter[]): string {
	const shown = parameters.map((p) => p.name);
	return shown.length ? shown.join(', ') : 'none';
}

/**
 * Every reason not to render: unknown names, a format not offered, the report's own messages about
 * the values (per parameter and global) and, where the report gave none for a parameter, a
 * mandatory one left without value or a value outside a closed list.
 */
export function renderProblems(definition: ParameterDefinition, values: Map<string, GivenValue>, format: string): string[] {
	const problems: string[] = [];
	const known = new Map(definition.parameters.map((p) => [p.name, p]));
	const own = definition.parameters.filter((p) => !p.system);
	for (const name of values.keys()) {
		if (!known.has(name) && !(name in RESERVED)) problems.push(`The report has no parameter "${name}" (its parameters: ${names(own)})`);
	}
	const offered = offeredFormats(definition);
	const label = (target: string) => formatOf(target)?.name ?? target;
	if (offered && !offered.some((f) => f.value === format)) {
		problems.push(`This server does not offer the format ${label(format)} for this report (it offers: ${offered.map((f) => f.label).join(', ')})`);
	}
	// A report that locks its output type renders that type whatever is asked; the plugin then hides
	// output-target and selects the locked type (ParameterXmlContentHandler.hideOutputParameterIfLocked,
	// computeRealInput; SimpleReportingComponent.computeEffectiveOutputTarget@10.2.0.0-222).
	const target = definition.parameters.find((p) => p.name === 'output-target');
	const locked = target?.hidden && typeof target.selected[0] === 'string' ? target.selected[0] : undefined;
	if (locked && locked !== format) problems.push(`The report always renders as ${label(locked)} (its output type is locked): choose that format`);
	for (const parameter of definition.parameters) {
		if (parameter.name === 'output-target') continue;
		if (parameter.errors.length) {
			problems.push(`${parameter.label === parameter.name ? parameter.name : `${parameter.label} (${parameter.name})`}: ${parameter.errors.join('; ')}`);
			continue;
		}
		if (parameter.system) continue;
		const given = values.has(parameter.name) ? listOf(values.get(parameter.name)!) : [];
		if (parameter.mandatory && given.length === 0 && parameter.selected.every((v) => v === null || v === '')) {
			problems.push(`${parameter.name}: the report needs a value for this parameter`);
			continue;
		}
		// Dates are compared by the report itself (its answer's messages): their text forms differ.
		if (parameter.list && parameter.strict && parameter.values.length && parameter.kind !== 'date') {
			for (const value of given) {
				if (!parameter.values.some((listed) => sameValue(parameter, value, listed.value))) {
					const offered = parameter.values.map((v) => String(v.value)).slice(0, 20);
					problems.push(`${parameter.name}: "${plainText(value)}" is not one of its values (${offered.join(', ')}${parameter.values.length > 20 ? ', …' : ''})`);
				}
			}
		}
		if (!parameter.multiSelect && given.length > 1) problems.push(`${parameter.name}: takes one value, ${given.length} were given`);
	}
	problems.push(...definition.globalErrors.filter((m) => m.trim() !== ''));
	return problems;
}

/**
 * The values as request pairs, one per value (a list repeats its name, as the viewer's form does:
 * jQuery `traditional: true`). Dates go in a form the plugin parses; with a definition, numbers
 * and yes/no are written as their type reads them.
 */
export function reportPairs(values: Map<string, GivenValue>, definition?: ParameterDefinition): Array<[string, string]> {
	const pairs: Array<[string, string]> = [];
	const byName = new Map(definition?.parameters.map((p) => [p.name, p]) ?? []);
	for (const [name, value] of values) {
		const parameter = byName.get(name);
		for (const item of listOf(value)) {
			const isDate = parameter ? parameter.kind === 'date' : item instanceof Date || (typeof item === 'object' && item !== null);
			pairs.push([name, isDate ? reportDate(item) : plainText(item)]);
		}
	}
	return pairs;
}
