/**
 * Wiring between a node's resource folders and n8n: each resource folder exports `operations`, a
 * map of operation value → module with an `execute` built by `defineOperation`.
 */
import { NodeOperationError, type IExecuteFunctions, type INodeType, type NodeOutput } from 'n8n-workflow';

import type { CustomOperation } from './executor';

export interface OperationModule {
	execute: CustomOperation;
}

export function customOperationsOf(
	resources: Record<string, Record<string, OperationModule>>,
): NonNullable<INodeType['customOperations']> {
	const out: NonNullable<INodeType['customOperations']> = {};
	for (const [resource, operations] of Object.entries(resources)) {
		out[resource] = {};
		for (const [operation, module] of Object.entries(operations)) {
			out[resource][operation] = module.execute;
		}
	}
	return out;
}

/**
 * The node's `execute`: runs the custom operation of the item's resource and operation. n8n's
 * workflow engine calls `customOperations` itself (n8n-core
 * dist/execution-engine/workflow-execute.js `getCustomOperation`, which wins over `execute`), but
 * not when the node runs as an AI agent or MCP tool: there n8n-core
 * dist/execution-engine/node-execution-context/utils/get-input-connection-data.js
 * `makeHandleToolInvocation` calls `nodeType.execute`, and a node with `requestDefaults` and no
 * `execute` gets the declarative RoutingNode from n8n (dist/node-types.js
 * `shouldAssignExecuteMethod`), which would send a bare request to the base URL instead of the
 * operation. So every action node sets `execute = executeOperation(this.customOperations)`.
 */
export function executeOperation(
	customOperations: NonNullable<INodeType['customOperations']>,
): (this: IExecuteFunctions) => Promise<NodeOutput> {
	return async function (this: IExecuteFunctions) {
		const resource = String(this.getNodeParameter('resource', 0));
		const operation = String(this.getNodeParameter('operation', 0));
		const run = customOperations[resource]?.[operation];
		if (!run) {
			throw new NodeOperationError(this.getNode(), `The node has no operation "${operation}" for the resource "${resource}"`);
		}
		return await run.call(this);
	};
}
