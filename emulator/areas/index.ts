import type { EmulatorApp } from '../core/app';

import * as catalog from './catalog';
import * as cda from './cda';
import * as datasource from './datasource';
import * as hop from './hop';
import * as lineage from './lineage';
import * as reporting from './reporting';
import * as repository from './repository';
import * as scheduler from './scheduler';
import * as userrole from './userrole';
import * as worker from './worker';

/** Every area, registered in this order. */
export const AREAS: Array<{ name: string; register: (app: EmulatorApp) => void | Promise<void> }> = [
	{ name: 'catalog', register: catalog.register },
	{ name: 'worker', register: worker.register },
	{ name: 'lineage', register: lineage.register },
	{ name: 'scheduler', register: scheduler.register },
	{ name: 'datasource', register: datasource.register },
	// Before the repository: the default users it adds get their home folders from the repository's seed.
	{ name: 'userrole', register: userrole.register },
	{ name: 'repository', register: repository.register },
	// After the repository: they put their .prpt and .cda files into it, and reporting's routes go before its generic /api/repos route.
	{ name: 'reporting', register: reporting.register },
	{ name: 'cda', register: cda.register },
	{ name: 'hop', register: hop.register },
];
