/**
 * Shared set-up of the Scheduler emulator tests (one file per resource): the node, both scheduler
 * paths, and the per-path credential and run helpers.
 */
import type { LoadOptionsContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, INodeParameters } from 'n8n-workflow';

import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { run } from '../harness';
import { loadOptionsContextFor } from '../harness/loadOptions';
import type { EmulatorFixture } from '../helpers/emulator';

export const node = new DataflowScheduler();
export const HOUR = 3_600_000;
export const PATHS = ['api/scheduler', 'plugin/scheduler-plugin/api/scheduler'] as const;

export const rl = (value: string, mode = 'list') => ({ __rl: true, mode, value });

export function berlinClock(iso: string): string {
	return new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
}

export function loadOptionsContext(credentials: ICredentialDataDecryptedObject): LoadOptionsContext {
	return loadOptionsContextFor(node, credentials, { resource: 'schedule', operation: 'get' }, 'parameters.jobId');
}

/** The credentials of one scheduler path, and a run of the node with them (or as another user). */
export function pathHelpers(fixture: EmulatorFixture, schedulerPath: string) {
	const credentials = () => ({ dataflowServerApi: fixture.server({ schedulerPath }) });
	const exec = (parameters: INodeParameters, user?: string) =>
		run(node, { parameters, credentials: user ? { dataflowServerApi: fixture.server({ schedulerPath, user }) } : credentials() });
	return { credentials, exec };
}
