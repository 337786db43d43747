#!/usr/bin/env node
/**
 * n8n's upcoming community-node rules, applied today (part of `npm run lint`).
 *
 * The newest source of @n8n/eslint-plugin-community-nodes (n8n-io/n8n
 * packages/@n8n/eslint-plugin-community-nodes, docs/rules/*.md and src/rules/*.ts) has rules that the
 * published plugin and scanner 0.32.0 do not ship yet. This script applies those that read a node's
 * description, with the severity of the plugin's `recommended` config, to the descriptions as n8n
 * loads them: our nodes build `properties` from the resource modules (`...job.description`), so an
 * AST rule sees only the literal part of the array, while n8n shows the whole.
 *
 *   error  require-param-default            every parameter (also inside collections) has `default`
 *   error  single-credential-per-node       at most one credential unless displayOptions make them exclusive
 *   error  require-mit-license              package.json license is "MIT"
 *   error  valid-node-categories            codex (.node.json / description.codex) categories from n8n's list
 *   error  no-codex-subcategories           no codex subcategories in a node that does not use @n8n/ai-node-sdk
 *   warn   require-community-node-keyword   package.json keywords include "n8n-community-node-package"
 *   warn   non-required-fields-in-collection a top-level field that is not required (containers, notices,
 *                                            hidden fields and resource/operation/authentication exempt)
 *   warn   open-ended-node-fields           a top-level `json` field that is not required
 *   warn   hint-max-length                  a `hint` longer than 120 characters
 *   warn   no-duplicate-param-options       two options of one parameter with the same name or value
 *   warn   options-sorted-alphabetically    an `options` parameter whose options are not sorted by name
 *   warn   no-asterisk-in-option-names      an option name with `*`
 *   (the three layout rules, non-required-fields-in-collection, open-ended-node-fields and
 *   options-sorted-alphabetically, are errors with --layout-errors, as `npm run lint` runs it)
 *   warn   scanner-ignores-disable          (ours) an eslint-disable comment in nodes/ or credentials/ for a rule the
 *                                            scanner runs: the scanner lints with allowInlineConfig:false, so it
 *                                            still reports the problem (@n8n/scan-community-package scanner.mjs)
 *
 * Errors fail (exit 1); warnings are counted per rule and node (`--verbose` lists each one). Our own
 * code, written from the rules' documentation; the rules that need the AST (imports, itemIndex in
 * errors, continueOnFail) run in eslint through the published plugin.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
// `--root <dir>` checks another package (the tests use a fixture); default: this one.
const rootArg = process.argv.indexOf('--root');
const root = rootArg > 0 ? path.resolve(process.argv[rootArg + 1]) : path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const verbose = process.argv.includes('--verbose');
// `--counts`: per node, the top-level fields an operation shows (at most, whatever the mode) and the
// fields kept in collections: the before/after measure of the parameter layout.
const layoutCounts = process.argv.includes('--counts');
// `--layout-errors`: the parameter-layout rules fail the lint (npm run lint passes it: docs/DEVELOPING.md,
// "Parameter layout", keeps them at 0; the plugin itself only warns).
const LAYOUT_RULES = new Set(['non-required-fields-in-collection', 'open-ended-node-fields', 'options-sorted-alphabetically']);
const layoutErrors = process.argv.includes('--layout-errors');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

/** Loads every node class of the n8n block from the TypeScript source (bundled by esbuild). */
async function loadNodes() {
	const esbuild = require('esbuild');
	const sources = pkg.n8n.nodes.map((built) => built.replace(/^dist\//, './').replace(/\.js$/, '.ts'));
	const outfile = path.join(root, '.build', 'lint', 'descriptions.js');
	mkdirSync(path.dirname(outfile), { recursive: true });
	await esbuild.build({
		stdin: {
			contents: sources.map((source, i) => `export * as n${i} from ${JSON.stringify(source)};`).join('\n'),
			resolveDir: root,
			loader: 'ts',
		},
		outfile,
		bundle: true,
		platform: 'node',
		target: 'node20',
		format: 'cjs',
		packages: 'external',
		logLevel: 'warning',
	});
	delete require.cache[outfile];
	const modules = require(outfile);
	return sources.map((source, i) => {
		const Class = Object.values(modules[`n${i}`]).find((value) => typeof value === 'function' && value.prototype);
		const instance = new Class();
		return { file: source.slice(2), description: instance.description };
	});
}

const findings = [];
function report(severity, rule, where, message) {
	findings.push({ severity: layoutErrors && LAYOUT_RULES.has(rule) ? 'error' : severity, rule, where, message });
}

const CONTAINERS = new Set(['collection', 'fixedCollection']);
const NON_INPUT = new Set(['notice', 'callout', 'hidden', 'curlImport']);
const SELECTORS = new Set(['resource', 'operation', 'authentication']);
const PARAMETER_TYPES = new Set([
	'string', 'number', 'boolean', 'options', 'multiOptions', 'collection', 'fixedCollection', 'json', 'notice',
	'dateTime', 'color', 'hidden', 'resourceLocator', 'resourceMapper', 'filter', 'assignmentCollection',
	'credentialsSelect', 'curlImport', 'button', 'callout', 'workflowSelector', 'icon',
]);

/** n8n's community node categories (the codex-files reference; 'AI' needs AI subcategories). */
const NODE_CATEGORIES = new Set([
	'Data & Storage', 'Finance & Accounting', 'Marketing & Content', 'Productivity', 'Miscellaneous', 'Sales',
	'Development', 'Analytics', 'Communication', 'Utility',
]);

/** Where a parameter shows: its name and the resource/operation it is shown for. */
function label(property) {
	const show = property.displayOptions?.show ?? {};
	const scope = ['resource', 'operation'].filter((key) => show[key]).map((key) => `${key}=${[].concat(show[key]).join('|')}`);
	return `"${property.name}"${scope.length ? ` (${scope.join(', ')})` : ''}`;
}

/** Walks a parameter and the parameters nested in its collection / fixedCollection options. */
function walk(property, visit, trail = []) {
	visit(property, trail);
	if (!Array.isArray(property.options)) return;
	for (const option of property.options) {
		if (option && typeof option === 'object' && 'type' in option && 'name' in option) {
			walk(option, visit, [...trail, property.name]);
		} else if (option && Array.isArray(option.values)) {
			for (const value of option.values) walk(value, visit, [...trail, property.name, option.name]);
		}
	}
}

function checkNode({ file, description }) {
	const node = path.basename(file, '.node.ts');
	const properties = description.properties ?? [];

	for (const property of properties) {
		walk(property, (parameter, trail) => {
			const where = `${node}: ${[...trail, ''].join('.')}${label(parameter)}`;
			if (PARAMETER_TYPES.has(parameter.type) && !('default' in parameter)) {
				report('error', 'require-param-default', where, 'has no default');
			}
			if (typeof parameter.hint === 'string' && parameter.hint.length > 120) {
				report('warn', 'hint-max-length', where, `hint has ${parameter.hint.length} characters (at most 120)`);
			}
			if ((parameter.type === 'options' || parameter.type === 'multiOptions') && Array.isArray(parameter.options)) {
				const names = parameter.options.map((o) => o.name);
				const values = parameter.options.map((o) => JSON.stringify(o.value));
				const dupNames = names.filter((n, i) => names.indexOf(n) !== i);
				const dupValues = values.filter((v, i) => values.indexOf(v) !== i);
				if (dupNames.length || dupValues.length) {
					report('warn', 'no-duplicate-param-options', where, `duplicate ${[...dupNames, ...dupValues].join(', ')}`);
				}
				for (const name of names.filter((n) => String(n).includes('*'))) {
					report('warn', 'no-asterisk-in-option-names', where, `option name ${JSON.stringify(name)}`);
				}
				if (parameter.type === 'options') {
					const sorted = [...names].sort((a, b) => String(a).localeCompare(String(b), undefined, { sensitivity: 'base' }));
					if (names.some((n, i) => n !== sorted[i])) {
						report('warn', 'options-sorted-alphabetically', where, 'options are not sorted by name');
					}
				}
			}
		});

		const required = property.required === true;
		if (!SELECTORS.has(property.name) && !CONTAINERS.has(property.type) && !NON_INPUT.has(property.type) && !required) {
			report('warn', 'non-required-fields-in-collection', `${node}: ${label(property)}`, 'is not required: move it into an Additional Fields / Options collection');
		}
		if (property.type === 'json' && !required) {
			report('warn', 'open-ended-node-fields', `${node}: ${label(property)}`, 'optional JSON field');
		}
	}

	// Codex: description.codex when the node sets it (n8n then ignores the .node.json), else the .node.json.
	const codexFile = path.join(root, file.replace(/\.ts$/, '.json'));
	let codex = description.codex;
	if (!codex) {
		try {
			codex = JSON.parse(readFileSync(codexFile, 'utf8'));
		} catch {
			codex = undefined;
		}
	}
	if (codex) {
		const where = `${node} codex`;
		const categories = codex.categories;
		if (categories !== undefined) {
			if (!Array.isArray(categories) || categories.length === 0) report('error', 'valid-node-categories', where, 'categories must be a non-empty list');
			for (const category of Array.isArray(categories) ? categories : []) {
				if (category !== 'AI' && !NODE_CATEGORIES.has(category)) report('error', 'valid-node-categories', where, `unknown category ${JSON.stringify(category)}`);
			}
		}
		const usesAiSdk = readFileSync(path.join(root, file), 'utf8').includes('@n8n/ai-node-sdk');
		if (codex.subcategories !== undefined && !usesAiSdk) report('error', 'no-codex-subcategories', where, 'subcategories without @n8n/ai-node-sdk');
	}

	const credentials = description.credentials ?? [];
	if (credentials.length > 1) {
		const exclusive = credentials.every((c) => c.displayOptions?.show && Object.keys(c.displayOptions.show).length > 0);
		if (!exclusive) report('error', 'single-credential-per-node', node, `${credentials.length} credentials without exclusive displayOptions`);
	}
}

/** Prints, for one node, how many top-level fields its operations show and how many sit in collections. */
function countLayout({ file, description }) {
	const properties = description.properties ?? [];
	const shows = (property, key, value) => {
		const wanted = property.displayOptions?.show?.[key];
		return wanted === undefined || [].concat(wanted).includes(value);
	};
	const resources = properties.find((p) => p.name === 'resource')?.options?.map((o) => o.value) ?? [undefined];
	const perOperation = [];
	for (const resource of resources) {
		const operationField = properties.find((p) => p.name === 'operation' && (resource === undefined || shows(p, 'resource', resource)));
		for (const operation of operationField?.options?.map((o) => o.value) ?? [undefined]) {
			const visible = properties.filter(
				(p) => !SELECTORS.has(p.name) && !NON_INPUT.has(p.type) && (resource === undefined || shows(p, 'resource', resource)) && (operation === undefined || shows(p, 'operation', operation)),
			);
			const top = visible.filter((p) => !CONTAINERS.has(p.type));
			const inCollections = visible.filter((p) => CONTAINERS.has(p.type)).reduce((n, p) => n + (p.options?.length ?? 0), 0);
			perOperation.push({ top: top.length, required: top.filter((p) => p.required === true).length, inCollections });
		}
	}
	const sum = (key) => perOperation.reduce((n, o) => n + o[key], 0);
	const max = Math.max(...perOperation.map((o) => o.top));
	console.log(
		`layout ${path.basename(file, '.node.ts')}: ${perOperation.length} operations, top-level fields ${sum('top')} (required ${sum('required')}, at most ${max} in one operation), in collections ${sum('inCollections')}`,
	);
}

function sourceFiles(dir) {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return sourceFiles(full);
		return /\.(ts|js|json)$/.test(entry.name) ? [full] : [];
	});
}
for (const file of ['nodes', 'credentials'].filter((dir) => existsSync(path.join(root, dir))).flatMap((dir) => sourceFiles(path.join(root, dir)))) {
	const lines = readFileSync(file, 'utf8').split('\n');
	lines.forEach((line, index) => {
		const match = /eslint-disable(?:-next-line|-line)?\s+([^*\n]+)/.exec(line);
		if (!match) return;
		const rules = match[1].split(/[,\s]+/).filter((rule) => /^(n8n-nodes-base|@n8n\/community-nodes)\//.test(rule));
		for (const rule of rules) {
			report('warn', 'scanner-ignores-disable', `${path.relative(root, file)}:${index + 1}`, `${rule} is disabled here, but n8n's scanner ignores the comment and reports it`);
		}
	});
}

if (pkg.license !== 'MIT') report('error', 'require-mit-license', 'package.json', `license is ${JSON.stringify(pkg.license)}`);
if (!(pkg.keywords ?? []).includes('n8n-community-node-package')) {
	report('warn', 'require-community-node-keyword', 'package.json', 'keyword n8n-community-node-package missing');
}
const loaded = await loadNodes();
for (const node of loaded) checkNode(node);
if (layoutCounts) for (const node of loaded) countLayout(node);

const errors = findings.filter((f) => f.severity === 'error');
const warnings = findings.filter((f) => f.severity === 'warn');
for (const f of errors) console.log(`error  ${f.rule}  ${f.where}: ${f.message}`);
if (verbose) for (const f of warnings) console.log(`warn   ${f.rule}  ${f.where}: ${f.message}`);
const counts = new Map();
for (const f of warnings) {
	const key = `${f.rule}  ${f.where.split(':')[0]}`;
	counts.set(key, (counts.get(key) ?? 0) + 1);
}
if (!verbose) for (const [key, count] of [...counts].sort()) console.log(`warn   ${key}: ${count}`);
console.log(
	`upcoming n8n rules (${pkg.n8n.nodes.length} nodes): ${errors.length} errors, ${warnings.length} warnings` +
		(warnings.length && !verbose ? ' (node scripts/lint-descriptions.mjs --verbose lists them)' : ''),
);
process.exitCode = errors.length ? 1 : 0;
