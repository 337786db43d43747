/**
 * The action nodes as AI tools. When n8n runs a node as a tool (an AI Agent's or the MCP Server
 * Trigger's), it calls the node type's `execute` and never looks at `customOperations`
 * (n8n-core 2.41.1 dist/execution-engine/node-execution-context/utils/get-input-connection-data.js
 * `makeHandleToolInvocation`); a node with `requestDefaults` and no `execute` gets n8n's
 * declarative RoutingNode instead (n8n 2.41.1 dist/node-types.js `shouldAssignExecuteMethod`,
 * mirrored by test/harness/nodeTypes.ts), which sends a bare GET to the base URL. These tests run
 * the nodes with their custom operations hidden, as the tool path sees them.
 */
import type { INodeType } from 'n8n-workflow';

import { DataflowCatalog } from '../../nodes/Catalog/DataflowCatalog.node';
import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { DataflowLineage } from '../../nodes/Lineage/DataflowLineage.node';
import { DataflowRepository } from '../../nodes/Repository/DataflowRepository.node';
import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const fixture = useEmulator();

/** The node as the tool path sees it: `execute`, no `customOperations`. */
function asTool<T extends INodeType>(node: T): INodeType {
	const tool = Object.create(node) as INodeType;
	Object.defineProperty(tool, 'customOperations', { value: undefined });
	return tool;
}

const rl = (value: string) => ({ __rl: true, mode: 'path', value });

describe('action nodes as AI tools', () => {
	it.each([
		['Catalog', new DataflowCatalog()],
		['DataSource', new DataflowDataSource()],
		['Lineage', new DataflowLineage()],
		['Repository', new DataflowRepository()],
		['Scheduler', new DataflowScheduler()],
		['Worker', new DataflowWorker()],
	])('%s runs its operations through execute (the tool path), marked usableAsTool', (_name, node) => {
		expect(node.description.usableAsTool).toBe(true);
		expect(typeof node.execute).toBe('function');
		expect(node.description.builderHint?.searchHint).toEqual(expect.any(String));
	});

	it('Repository folder listing as a tool: the operation runs, not a request to the base URL', async () => {
		fixture.resetRequests();
		const { items, error } = await run(asTool(new DataflowRepository()), {
			parameters: { resource: 'folder', operation: 'getChildren', path: rl('/public'), returnAll: true },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(error).toBeUndefined();
		expect(items.map((i) => i.json.path)).toEqual(expect.arrayContaining([expect.stringMatching(/^\/public\//)]));
		expect(fixture.requests()[0]).toMatch(/^GET \/pentaho\/api\/repo\/files\/:public\/children/);
	});

	it('an unknown operation as a tool fails with a message naming it', async () => {
		const { error } = await run(asTool(new DataflowScheduler()), {
			parameters: { resource: 'schedule', operation: 'noSuchOperation' },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(error?.message).toBe('The node has no operation "noSuchOperation" for the resource "schedule"');
	});
});
