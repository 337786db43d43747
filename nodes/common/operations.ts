/**
 * The node's `execute`: routes each run to the operation of its resource and operation, as n8n's
 * programmatic nodes do (Airtable v2's actions/router.ts). Each resource folder exports
 * `operations`, a map of operation value → module whose `execute` was built by `requestOperation`
 * or `defineOperation` (executor.ts), which handle items, pairing and Continue On Fail.
 *
 * A plain `execute` is what n8n calls everywhere: in a workflow, and when the node runs as an AI
 * agent or MCP tool (n8n-core dist/execution-engine/node-execution-context/utils/
 * get-input-connection-data.js `makeHandleToolInvocation` calls `nodeType.execute`). The nodes once
 * used n8n's declarative `requestDefaults` + `customOperations` instead; the tool path ignores
 * `customOperations`, so that shape gave way to this one (docs/DEVELOPING.md, "Where we differ
 * from n8n's defaults, and why").
 */
import { NodeOperationError, type IExecuteFunctions, type NodeOutput } from 'n8n-workflow';

import type { CustomOperation } from './executor';

export interface OperationModule {
	execute: CustomOperation;
}

export function operationRouter(
	resources: Record<string, Record<string, OperationModule>>,
): (this: IExecuteFunctions) => Promise<NodeOutput> {
	return async function (this: IExecuteFunctions) {
		const resource = String(this.getNodeParameter('resource', 0));
		const operation = String(this.getNodeParameter('operation', 0));
		const module = Object.hasOwn(resources, resource) ? resources[resource][operation] : undefined;
		if (!module || !Object.hasOwn(resources[resource], operation)) {
			throw new NodeOperationError(this.getNode(), `The node has no operation "${operation}" for the resource "${resource}"`);
		}
		return await module.execute.call(this);
	};
}
