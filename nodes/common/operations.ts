/**
 * Wiring between a node's resource folders and n8n: each resource folder exports `operations`, a
 * map of operation value → module with an `execute` built by `defineOperation`.
 */
import type { INodeType } from 'n8n-workflow';

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
