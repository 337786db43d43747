import type { EmulatorApp } from '../core/app';

import * as catalog from './catalog';
import * as datasource from './datasource';
import * as hop from './hop';
import * as lineage from './lineage';
import * as repository from './repository';
import * as scheduler from './scheduler';
import * as worker from './worker';

/** Every area, registered in this order. */
export const AREAS: Array<{ name: string; register: (app: EmulatorApp) => void | Promise<void> }> = [
	{ name: 'catalog', register: catalog.register },
	{ name: 'worker', register: worker.register },
	{ name: 'lineage', register: lineage.register },
	{ name: 'scheduler', register: scheduler.register },
	{ name: 'datasource', register: datasource.register },
	{ name: 'repository', register: repository.register },
	{ name: 'hop', register: hop.register },
];
