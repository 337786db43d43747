/**
 * The action nodes as AI tools. When n8n runs a node as a tool (an AI Agent's or the MCP Server
 * Trigger's), it calls the node type's `execute` and never looks at `customOperations`
 * (n8n-core 2.41.1 dist/execution-engine/node-execution-context/utils/get-input-connection-data.js
 * `makeHandleToolInvocation`); a node with `requestDefaults` and no `execute` gets n8n's
 * declarative RoutingNode instead (n8n 2.41.1 dist/node-types.js `shouldAssignExecuteMethod`,
 * mirrored by test/harness/nodeTypes.ts), which sends a bare GET to the base URL. The nodes now
 * route through `execute` only (nodes/common/operations.ts); these tests still hide any
 * `customOperations`, so that one coming back could not make them pass.
 */
import { NodeHelpers, type INode, type INodeType } from 'n8n-workflow';

import { DataflowCatalog } from '../../nodes/Catalog/DataflowCatalog.node';
import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { DataflowLineage } from '../../nodes/Lineage/DataflowLineage.node';
import { DataflowReport } from '../../nodes/Report/DataflowReport.node';
import { DataflowRepository } from '../../nodes/Repository/DataflowRepository.node';
import { DataflowRepositoryTrigger } from '../../nodes/Repository/DataflowRepositoryTrigger.node';
import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { DataflowSchedulerTrigger } from '../../nodes/Scheduler/DataflowSchedulerTrigger.node';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { DataflowWorkerTrigger } from '../../nodes/Worker/DataflowWorkerTrigger.node';
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
		['Report', new DataflowReport()],
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

	it('Report render as a tool, values as JSON (what an agent fills): the parameters checked, then the file rendered', async () => {
		fixture.resetRequests();
		const { items, error } = await run(asTool(new DataflowReport()), {
			parameters: {
				resource: 'report',
				operation: 'render',
				report: rl('/public/Steel Wheels/Sales by Region.prpt'),
				format: 'pageable/pdf',
				parameterInput: 'json',
				parametersJson: '{"Region": "EMEA"}',
				binaryPropertyName: 'data',
			},
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(error).toBeUndefined();
		expect(items[0].json).toMatchObject({ fileName: 'Sales by Region.pdf', mimeType: 'application/pdf' });
		expect(fixture.requests().filter((r) => /\/api\/repos\//.test(r))).toEqual([
			'POST /pentaho/api/repos/:public:Steel%20Wheels:Sales%20by%20Region.prpt/parameter',
			'GET /pentaho/api/repos/:public:Steel%20Wheels:Sales%20by%20Region.prpt/report',
		]);
	});

	it('an unknown operation as a tool fails with a message naming it', async () => {
		const { error } = await run(asTool(new DataflowScheduler()), {
			parameters: { resource: 'schedule', operation: 'noSuchOperation' },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(error?.message).toBe('The node has no operation "noSuchOperation" for the resource "schedule"');
	});
});

/**
 * n8n 2.41's workflow builder reads `builderHint.searchHint` of a node type: node search results
 * (@n8n/ai-utilities dist/esm/node-catalog/search.js `@builderHint`) and the type definition it
 * synthesizes for community nodes (n8n dist/node-catalog/node-catalog.service.js
 * getSynthesizedNodeTypeDefinition, @n8n/workflow-sdk generate-types.js).
 */
describe('builder hints', () => {
	it.each([
		['Catalog', new DataflowCatalog()],
		['DataSource', new DataflowDataSource()],
		['Lineage', new DataflowLineage()],
		['Report', new DataflowReport()],
		['Repository', new DataflowRepository()],
		['Scheduler', new DataflowScheduler()],
		['Worker', new DataflowWorker()],
		['WorkerTrigger', new DataflowWorkerTrigger()],
		['SchedulerTrigger', new DataflowSchedulerTrigger()],
		['RepositoryTrigger', new DataflowRepositoryTrigger()],
	])('%s has a search hint in prose (no expression syntax, no connection type names)', (_name, node) => {
		const hint = node.description.builderHint?.searchHint ?? '';
		expect(hint.length).toBeGreaterThan(80);
		expect(hint).not.toMatch(/=\{\{|\bai_[a-z]+/i);
		if (node.description.polling) expect(hint).toMatch(/^Polling trigger: /);
	});

	it.each([
		['Worker', new DataflowWorker(), 'jobPath', /path mode/],
		['Worker', new DataflowWorker(), 'transPath', /path mode/],
		['Repository', new DataflowRepository(), 'path', /path mode/],
		['Scheduler', new DataflowScheduler(), 'jobId', /id mode/],
	])('%s %s: the parameter hint tells the builder which resource locator mode to fill', (_name, node, parameter, mode) => {
		const properties = node.description.properties.filter((p) => p.name === parameter);
		expect(properties.length).toBeGreaterThan(0);
		for (const property of properties) expect(property.builderHint?.propertyHint).toMatch(mode);
	});
});

/**
 * Without a hand-written Tool Description, n8n describes a tool as "<action> in <node>"
 * (n8n-workflow 2.41 node-helpers.js getToolDescriptionForNode / makeDescription): the actions of
 * operations that destroy or stop something must say so.
 */
describe('automatic tool descriptions of operations that destroy or stop', () => {
	const toolNode = (type: string, parameters: INode['parameters']): INode => ({ id: '1', name: 'tool', type, typeVersion: 1, position: [0, 0], parameters });
	it.each([
		{ node: new DataflowRepository(), resource: 'trash', operation: 'deletePermanently', warning: /permanently/ },
		{ node: new DataflowRepository(), resource: 'system', operation: 'restore', warning: /overwriting repository/ },
		{ node: new DataflowRepository(), resource: 'ldap', operation: 'updateSettings', warning: /all users log in with/ },
		{ node: new DataflowWorker(), resource: 'server', operation: 'stop', warning: /shut down worker server/ },
		{ node: new DataflowScheduler(), resource: 'schedule', operation: 'remove', warning: /permanently/ },
		{ node: new DataflowDataSource(), resource: 'jdbcConnection', operation: 'delete', warning: /for all users/ },
		{ node: new DataflowDataSource(), resource: 'analysisSchema', operation: 'delete', warning: /for all users/ },
		{ node: new DataflowDataSource(), resource: 'dswDomain', operation: 'delete', warning: /for all users/ },
	])('$resource > $operation', ({ node, resource, operation, warning }) => {
		const description = NodeHelpers.getToolDescriptionForNode(toolNode(node.description.name, { resource, operation, descriptionType: 'auto' }), node);
		expect(description).toMatch(warning);
		expect(description).toMatch(new RegExp(` in ${node.description.defaults.name}$`));
	});
});
