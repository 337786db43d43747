/**
 * What Simplify keeps of the Worker's items (nodes/common/simplify.ts): at most 10 fields, the outcome
 * first; the result's error count flattened; logs, step and action lists left out (they are the bulk).
 */
import type { SimplifiedFields } from '../../common/simplify';

/** How a run's name and path are called in its items: jobName, transName, pipelineName, workflowName. */
export type RunNoun = 'job' | 'trans' | 'pipeline' | 'workflow';

const ERRORS = { as: 'errors', from: 'result.nrErrors' } as const;

/**
 * Run and Wait: id, name, success, status, the reason it failed (when it did), the server's error text, the
 * error count, duration, start and end, then the path (or the file name of a run from a binary field).
 */
export function simpleRun(noun: RunNoun): SimplifiedFields {
	return ['id', `${noun}Name`, 'success', 'statusDesc', 'failureReason', 'errorDesc', ERRORS, 'durationMs', 'startedAt', 'finishedAt', `${noun}Path`, 'fileName', 'message', 'removedFromServer'];
}

/** Get Status: name, id, status, error text and count, paused, dates, the log line numbers (to read the log on from). */
export function simpleStatus(noun: RunNoun): SimplifiedFields {
	return [`${noun}Name`, 'id', 'statusDesc', 'errorDesc', ERRORS, 'paused', 'logDate', 'executionStartDate', 'executionEndDate', 'lastLogLineNr', 'firstLogLineNr'];
}

/**
 * Server Get Status: the server item keeps its kind, status, counts, memory, CPU, load, uptime and threads;
 * a job's or transformation's item (6 fields) keeps all it has.
 */
export const SIMPLE_SERVER_STATUS: SimplifiedFields = [
	'kind',
	'statusDesc',
	'jobName',
	'transName',
	'workflowName',
	'pipelineName',
	'id',
	'errorDesc',
	'logDate',
	'jobCount',
	'transformationCount',
	'workflowCount',
	'pipelineCount',
	'memoryFree',
	'memoryTotal',
	'cpuCores',
	'loadAvg',
	'uptime',
	'threadCount',
];

/** Socket List: port, host, transformation, status, allocation, last use, cluster run, the source and target slaves and step. */
export const SIMPLE_SOCKET: SimplifiedFields = ['port', 'host', 'transformation', 'status', 'allocated', 'lastUsed', 'clusterRunId', 'sourceSlave', 'targetSlave', 'sourceStep', 'targetStep'];

/** Slave List: name, host, port, whether active and since when, web app, master, SSL, user. */
export const SIMPLE_SLAVE: SimplifiedFields = ['name', 'hostname', 'port', 'active', 'lastActiveDate', 'lastInactiveDate', 'webAppName', 'master', 'sslMode', 'username'];
