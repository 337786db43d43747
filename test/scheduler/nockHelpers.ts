/**
 * Shared set-up of the Scheduler nock tests (one file per resource): the fake server's constants,
 * its version and time-zone answers, and the per-scheduler-path credential and request helpers.
 */
import type { INodeParameters } from 'n8n-workflow';
import nock from 'nock';

import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { run, SERVER_PASSWORD, serverCredentials } from '../harness';
export const HOST = 'http://bi.test';
export const BASE = `${HOST}/pentaho`;
export const node = new DataflowScheduler();
export const BASIC = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;
export const JOB_ID = 'admin\tDaily sales\t1712345678901';
export const JOB_ID_QUERY = 'admin%09Daily%20sales%091712345678901';

export const TEXT = { 'Content-Type': 'text/plain' };
export const JSON_TYPE = { 'Content-Type': 'application/json' };

export const SERVER_JOB = {
	jobId: JOB_ID,
	jobName: 'Daily sales',
	userName: 'admin',
	groupName: 'admin',
	state: 'NORMAL',
	nextRun: '2026-01-15T09:30:00.000+01:00',
	jobParams: {
		jobParams: [
			{ name: 'uiPassParam', value: 'DAILY' },
			{ name: 'ActionAdapterQuartzJob-StreamProvider-InputFile', value: '/home/admin/sales.ktr' },
		],
	},
	jobTrigger: { '@type': 'complexJobTrigger', uiPassParam: 'DAILY', startHour: '9', startMin: '30', duration: '-1' },
};

/** Get and Get Many: what the job is in words, nothing that carries no information (the server's answer under raw only with Include Raw Response). */
export const NORMALISED_JOB = {
	jobId: JOB_ID,
	jobName: 'Daily sales',
	state: 'NORMAL',
	userName: 'admin',
	groupName: 'admin',
	nextRun: '2026-01-15T08:30:00.000Z',
	inputFile: '/home/admin/sales.ktr',
	jobTrigger: { type: 'complex', uiPassParam: 'DAILY', timeOfDay: '09:30' },
	jobParams: { uiPassParam: 'DAILY', 'ActionAdapterQuartzJob-StreamProvider-InputFile': '/home/admin/sales.ktr' },
};

export const rl = (value: string, mode = 'id') => ({ __rl: true, mode, value });

/** The server's version and zone, which the schedule builder asks before it sends a schedule. */
let platformAnswer = { version: '11.0.0.0-237', serverTzId: 'UTC' };
export function platform(version: string, serverTzId: string): void {
	platformAnswer = { version, serverTzId };
}
export function mockPlatform(): void {
	nock(HOST)
		.persist()
		.get('/pentaho/api/version/show')
		.reply(200, () => platformAnswer.version, TEXT)
		.get('/pentaho/api/system/timezones')
		.reply(200, () => ({ serverTzId: platformAnswer.serverTzId, timeZones: { entry: [] } }), JSON_TYPE);
}

/** The hooks every Scheduler nock file registers: no real network, the platform answers, clean scopes. */
export function useSchedulerNock(): void {
	beforeEach(() => {
		platformAnswer = { version: '11.0.0.0-237', serverTzId: 'UTC' };
		mockPlatform();
	});

	beforeAll(() => nock.disableNetConnect());
	afterEach(() => nock.cleanAll());
	afterAll(() => nock.enableNetConnect());
}

export const SCHEDULER_PATHS = ['api/scheduler', 'plugin/scheduler-plugin/api/scheduler'];

/** Credentials and request helpers for one scheduler path. */
export function pathSetup(schedulerPath: string) {
	const credentials = { dataflowServerApi: serverCredentials(BASE, { schedulerPath }) };
	const prefix = `/pentaho/${schedulerPath}`;
	const exec = (parameters: INodeParameters, extra: { continueOnFail?: boolean } = {}) =>
		run(node, { parameters, credentials, ...extra });
	/** A server that takes JSON and answers text (ids, states, yes/no). */
	const textServer = () => nock(HOST, { reqheaders: { authorization: BASIC, accept: /text\/plain/ } });
	const jsonServer = () => nock(HOST, { reqheaders: { authorization: BASIC, accept: 'application/json' } });
	return { credentials, prefix, exec, textServer, jsonServer };
}
