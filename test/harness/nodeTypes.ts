import { DirectoryLoader, RoutingNode } from 'n8n-core';
import {
	NodeConnectionTypes,
	NodeHelpers,
	type IExecuteFunctions,
	type INodeType,
	type INodeTypeDescription,
	type INodeTypes,
	type IVersionedNodeType,
} from 'n8n-workflow';

/** A trigger-like first node that passes the test's input items on. */
export class StartNode implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Start',
		name: 'start',
		group: ['input'],
		version: 1,
		description: 'Passes the test input on',
		defaults: { name: 'Start' },
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		properties: [],
	};

	async execute(this: IExecuteFunctions) {
		return [this.getInputData()];
	}
}

/**
 * The node-type registry WorkflowExecute needs. Like n8n's own loader, it adds the request options
 * that n8n gives declarative nodes and, like the CLI, gives declarative nodes an execute() that
 * runs RoutingNode for operations without a custom implementation.
 */
export class TestNodeTypes implements INodeTypes {
	private readonly types: Record<string, INodeType | IVersionedNodeType> = {};

	constructor(types: Record<string, INodeType | IVersionedNodeType>) {
		for (const [name, type] of Object.entries(types)) {
			if (!('nodeVersions' in type)) {
				const description = (type as INodeType).description;
				if (!description.properties.some((p) => p.name === 'requestOptions')) {
					DirectoryLoader.applyDeclarativeNodeOptionParameters(type as INodeType);
				}
			}
			this.types[name] = type;
		}
	}

	getByName(type: string) {
		const found = this.types[type];
		if (!found) throw new Error(`Unknown node type ${type}`);
		return found;
	}

	getByNameAndVersion(type: string, version?: number): INodeType {
		const nodeType = NodeHelpers.getVersionedNodeType(this.getByName(type), version);
		const declarative = nodeType.description.requestDefaults !== undefined;
		if (
			!nodeType.execute &&
			!nodeType.poll &&
			!nodeType.trigger &&
			!nodeType.supplyData &&
			(!nodeType.webhook || declarative) &&
			(!nodeType.methods || declarative)
		) {
			nodeType.execute = async function (this: IExecuteFunctions) {
				return (await new RoutingNode(this as never, nodeType).runNode()) ?? [];
			};
		}
		return nodeType;
	}

	getKnownTypes() {
		return {};
	}
}
