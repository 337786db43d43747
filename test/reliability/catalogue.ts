/**
 * The package's operations, read from the node descriptions themselves: every action node listed in
 * package.json's "n8n" block, every resource of its resource picker, every operation of that
 * resource's operation picker. A new node, resource or operation is picked up without editing
 * the suite — and then fails the suite until it has a sample.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import type { INodeProperties, INodePropertyOptions, INodeType } from 'n8n-workflow';

const root = path.resolve(__dirname, '../..');

export interface OperationRef {
	/** `node.resource.operation`, e.g. `dataflowWorker.job.runAndWait`. */
	key: string;
	node: string;
	nodeType: INodeType;
	resource: string;
	operation: string;
	/** The credential type the node uses. */
	credential: string;
}

/** Every action node of the package (triggers are excluded: they have no operations). */
export function actionNodeTypes(): INodeType[] {
	const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { n8n: { nodes: string[] } };
	return pkg.n8n.nodes
		.filter((file) => !/Trigger\.node\.js$/.test(file))
		.map((file) => {
			const source = path.join(root, file.replace(/^dist\//, '').replace(/\.js$/, '.ts'));
			const className = path.basename(file, '.node.js');
			// eslint-disable-next-line @typescript-eslint/no-require-imports
			const module = require(source) as Record<string, new () => INodeType>;
			const NodeClass = module[className];
			if (!NodeClass) throw new Error(`${source} does not export ${className}`);
			return new NodeClass();
		});
}

function optionValues(property: INodeProperties | undefined): string[] {
	return ((property?.options ?? []) as INodePropertyOptions[]).map((o) => String(o.value));
}

export function enumerateOperations(): OperationRef[] {
	const out: OperationRef[] = [];
	for (const nodeType of actionNodeTypes()) {
		const { name, properties, credentials } = nodeType.description;
		const resources = optionValues(properties.find((p) => p.name === 'resource'));
		for (const resource of resources) {
			const picker = properties.find(
				(p) => p.name === 'operation' && (p.displayOptions?.show?.resource as string[] | undefined)?.includes(resource),
			);
			for (const operation of optionValues(picker)) {
				out.push({
					key: `${name}.${resource}.${operation}`,
					node: name,
					nodeType,
					resource,
					operation,
					credential: credentials?.[0]?.name ?? '',
				});
			}
		}
	}
	return out;
}

/** Parameters of an operation that the user must fill (required strings and locators shown for it). */
export function requiredTextParameters(ref: OperationRef, parameters: Record<string, unknown>): string[] {
	const values: Record<string, unknown> = { resource: ref.resource, operation: ref.operation, ...parameters };
	return ref.nodeType.description.properties
		.filter((p) => p.required && (p.type === 'string' || p.type === 'resourceLocator'))
		.filter((p) => {
			const show = p.displayOptions?.show ?? {};
			return Object.entries(show).every(([name, allowed]) => {
				if (name.startsWith('@')) return true;
				const value = name in values ? values[name] : ref.nodeType.description.properties.find((q) => q.name === name)?.default;
				return (allowed as unknown[]).includes(value as never);
			});
		})
		.map((p) => p.name)
		.filter((name, index, all) => all.indexOf(name) === index);
}

/** The options of the operation's Options collection (parameter `options`), in their order. */
export function operationOptions(ref: OperationRef): INodeProperties[] {
	const properties = ref.nodeType.description.properties as INodeProperties[];
	return properties
		.filter((property) => {
			const show = property.displayOptions?.show ?? {};
			const shown = (key: string, value: string) => show[key] === undefined || (show[key] as unknown[]).includes(value);
			return property.name === 'options' && property.type === 'collection' && shown('resource', ref.resource) && shown('operation', ref.operation);
		})
		.flatMap((property) => (property.options ?? []) as INodeProperties[]);
}
