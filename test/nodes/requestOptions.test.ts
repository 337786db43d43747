/**
 * Every action node has n8n's Request Options (timeout, batching, proxy, SSL) in its Settings tab.
 * n8n adds them only to declarative nodes without `execute`, and ours have `execute` (to run as AI
 * tools), so they declare them; the defaults shown are the ones the package uses.
 */
import type { INodeProperties, INodeType } from 'n8n-workflow';

import { DataflowCatalog } from '../../nodes/Catalog/DataflowCatalog.node';
import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { DataflowLineage } from '../../nodes/Lineage/DataflowLineage.node';
import { DataflowReport } from '../../nodes/Report/DataflowReport.node';
import { DataflowRepository } from '../../nodes/Repository/DataflowRepository.node';
import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';

const NODES: INodeType[] = [new DataflowCatalog(), new DataflowDataSource(), new DataflowLineage(), new DataflowReport(), new DataflowRepository(), new DataflowScheduler(), new DataflowWorker()];

it.each(NODES.map((n) => [n.description.displayName, n] as const))('%s has Request Options with the real defaults', (_name, node) => {
	expect(typeof node.execute).toBe('function');
	const options = node.description.properties.filter((p) => p.name === 'requestOptions');
	expect(options).toHaveLength(1);
	expect(options[0].isNodeSetting).toBe(true);
	const byName = Object.fromEntries(((options[0].options ?? []) as INodeProperties[]).map((o) => [o.name, o]));
	expect(Object.keys(byName).sort()).toEqual(['allowUnauthorizedCerts', 'batching', 'proxy', 'timeout']);
	expect(byName.timeout.default).toBe(300000);
});
