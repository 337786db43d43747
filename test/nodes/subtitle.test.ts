/**
 * The canvas subtitle of every action node names the chosen operation's action ("Run job and
 * wait for it to finish"), evaluated the way n8n's editor does it (the node type's `subtitle` expression,
 * through n8n's own expression engine), for every resource and operation of the node.
 */
import { Workflow, type INode, type INodeProperties, type INodeType } from 'n8n-workflow';

import { DataflowCatalog } from '../../nodes/Catalog/DataflowCatalog.node';
import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { DataflowLineage } from '../../nodes/Lineage/DataflowLineage.node';
import { DataflowReport } from '../../nodes/Report/DataflowReport.node';
import { DataflowRepository } from '../../nodes/Repository/DataflowRepository.node';
import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { TestNodeTypes } from '../harness';

/**
 * The node's subtitle on the canvas: the chosen operation's action ("Run job and wait for it to finish") rather
 * than the raw values ("runAndWait: job"). n8n's own fallback only reads the first `operation`
 * field, so a node with several resources names its operations itself: the map is built from the
 * operation pickers (each shown for one resource) and looked up in the subtitle expression. The
 * node files hold it as a string literal (n8n's scanner wants one); this is the expected literal.
 */
function operationSubtitle(properties: INodeProperties[]): string {
	const names: Record<string, string> = {};
	for (const property of properties) {
		if (property.name !== 'operation' || !property.options) continue;
		const resources = (property.displayOptions?.show?.resource as string[] | undefined) ?? [''];
		for (const option of property.options) {
			if (!('value' in option)) continue;
			const label = ('action' in option && option.action) || option.name;
			for (const resource of resources) names[`${resource}:${String(option.value)}`] = String(label);
		}
	}
	return `={{ ${JSON.stringify(names)}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}`;
}

const NODES: INodeType[] = [new DataflowCatalog(), new DataflowDataSource(), new DataflowLineage(), new DataflowReport(), new DataflowRepository(), new DataflowScheduler(), new DataflowWorker()];

function pairs(properties: INodeProperties[]): Array<{ resource: string; operation: string; label: string }> {
	const out: Array<{ resource: string; operation: string; label: string }> = [];
	for (const property of properties) {
		if (property.name !== 'operation') continue;
		for (const resource of (property.displayOptions?.show?.resource as string[]) ?? []) {
			for (const option of property.options ?? []) {
				if ('value' in option) out.push({ resource, operation: String(option.value), label: String(('action' in option && option.action) || option.name) });
			}
		}
	}
	return out;
}

describe.each(NODES.map((node) => [node.description.displayName, node] as const))('%s', (_name, nodeType) => {
	const all = pairs(nodeType.description.properties);

	it('has an operation picker for every resource', () => expect(all.length).toBeGreaterThan(0));

	it('holds the subtitle built from its pickers (on failure, paste the expected string into the node file)', () => {
		expect(nodeType.description.subtitle).toBe(operationSubtitle(nodeType.description.properties));
	});

	it('shows the action of each operation as the subtitle', () => {
		const nodeTypes = new TestNodeTypes({ [nodeType.description.name]: nodeType });
		for (const { resource, operation, label } of all) {
			const node: INode = {
				id: 'n',
				name: 'Node',
				type: nodeType.description.name,
				typeVersion: 1,
				position: [0, 0],
				parameters: { resource, operation },
			};
			const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes });
			const subtitle = workflow.expression.getSimpleParameterValue(node, nodeType.description.subtitle!, 'internal', {}, undefined, '');
			expect({ resource, operation, subtitle }).toEqual({ resource, operation, subtitle: label });
			expect(String(subtitle)).not.toContain(':');
		}
	});
});
