/**
 * The example workflows (examples/*.json) follow the nodes' parameter layout: every parameter an
 * example sets exists where the example puts it (top level, inside a collection or a fixedCollection)
 * and is shown for that resource and operation, and n8n's own parameter check
 * (NodeHelpers.getNodeParametersIssues, the editor's red marks) finds no missing required parameter.
 * A parameter moved into a collection without the examples following fails here, before the real-n8n runs.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { NodeHelpers, type INode, type INodeParameters, type INodeProperties, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

const root = path.resolve(__dirname, '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { name: string; n8n: { nodes: string[] } };

/** The package's node descriptions by node name (`dataflowWorker`), loaded from the sources. */
const descriptions = new Map<string, INodeTypeDescription>();
for (const built of pkg.n8n.nodes) {
	// eslint-disable-next-line @typescript-eslint/no-require-imports
	const module = require(path.join(root, built.replace(/^dist\//, '').replace(/\.js$/, '.ts'))) as Record<string, new () => INodeType>;
	for (const Class of Object.values(module)) {
		if (typeof Class !== 'function') continue;
		const description = new Class().description;
		descriptions.set(description.name, description);
	}
}

/** What n8n adds to a node used as an AI tool (the `…Tool` variant of a usableAsTool node). */
const TOOL_PARAMETERS = new Set(['toolDescription', 'descriptionType']);
/** What n8n adds to a polling trigger (`polling: true`): the Poll Times fixedCollection. */
const POLL_PARAMETERS = new Set(['pollTimes']);

function checkLevel(
	properties: INodeProperties[],
	values: INodeParameters,
	rootValues: INodeParameters,
	node: INode,
	description: INodeTypeDescription,
	trail: string,
	problems: string[],
): void {
	for (const [key, value] of Object.entries(values)) {
		const where = `${trail}${key}`;
		const candidates = properties.filter((property) => property.name === key);
		if (candidates.length === 0) {
			problems.push(`${where}: no such parameter here`);
			continue;
		}
		const shown = candidates.filter((property) => NodeHelpers.displayParameter(values, property, node, description, rootValues));
		if (shown.length === 0) {
			problems.push(`${where}: not shown for these settings`);
			continue;
		}
		const property = shown[0];
		if (property.type === 'collection' && value && typeof value === 'object' && !Array.isArray(value)) {
			checkLevel((property.options ?? []) as INodeProperties[], value as INodeParameters, rootValues, node, description, `${where}.`, problems);
		}
		if (property.type === 'fixedCollection' && value && typeof value === 'object' && !Array.isArray(value)) {
			for (const [group, entries] of Object.entries(value as INodeParameters)) {
				const option = (property.options ?? []).find((o) => o.name === group) as { values?: INodeProperties[] } | undefined;
				if (!option?.values) {
					problems.push(`${where}.${group}: no such group`);
					continue;
				}
				for (const [index, entry] of (Array.isArray(entries) ? entries : [entries]).entries()) {
					checkLevel(option.values, entry as INodeParameters, rootValues, node, description, `${where}.${group}[${index}].`, problems);
				}
			}
		}
	}
}

const exampleFiles = readdirSync(path.join(root, 'examples')).filter((file) => file.endsWith('.json'));

describe('example workflows follow the parameter layout', () => {
	it('has examples using every node of the package', () => {
		const used = new Set<string>();
		for (const file of exampleFiles) {
			const workflow = JSON.parse(readFileSync(path.join(root, 'examples', file), 'utf8')) as { nodes: INode[] };
			for (const node of workflow.nodes) {
				if (node.type.startsWith(`${pkg.name}.`)) used.add(node.type.slice(pkg.name.length + 1).replace(/Tool$/, ''));
			}
		}
		expect([...used].filter((name) => !descriptions.has(name))).toEqual([]);
		expect(used.size).toBeGreaterThanOrEqual(8);
	});

	it.each(exampleFiles)('%s', (file) => {
		const workflow = JSON.parse(readFileSync(path.join(root, 'examples', file), 'utf8')) as { nodes: INode[] };
		const problems: string[] = [];
		for (const node of workflow.nodes.filter((n) => n.type.startsWith(`${pkg.name}.`))) {
			const typeName = node.type.slice(pkg.name.length + 1);
			const isTool = typeName.endsWith('Tool');
			const description = descriptions.get(typeName.replace(/Tool$/, ''));
			if (!description) {
				problems.push(`${node.name}: unknown node type ${node.type}`);
				continue;
			}
			const parameters = Object.fromEntries(Object.entries(node.parameters).filter(
				([key]) => !(isTool && TOOL_PARAMETERS.has(key)) && !(description.polling && POLL_PARAMETERS.has(key)),
			));
			const found: string[] = [];
			checkLevel(description.properties, parameters, parameters, node, description, '', found);
			const issues = NodeHelpers.getNodeParametersIssues(description.properties, { ...node, parameters }, description);
			for (const [name, messages] of Object.entries(issues?.parameters ?? {})) found.push(`${name}: ${messages.join('; ')}`);
			problems.push(...found.map((problem) => `${node.name} › ${problem}`));
		}
		expect(problems).toEqual([]);
	});
});
