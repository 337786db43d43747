import { NodeOperationError, sleep, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { INCLUDE_RAW_OPTION, optionalInteger, optionsOf } from '../../shared/fields';
import { failureOf, fetchJobStatus, isTerminal, type JobStatus } from '../../shared/jobStatus';
import { LogCollector } from '../../shared/logCollector';
import { readRunJob, runJobFields, startJob, type RunJobPlan } from '../../shared/runJob';

const show = { resource: ['job'], operation: ['runAndWait'] };

export const description: INodeProperties[] = [
	...runJobFields(show),
	{
		displayName: 'Poll Interval (Seconds)',
		name: 'pollInterval',
		type: 'number',
		typeOptions: { minValue: 0.01, numberPrecision: 2 },
		default: 5,
		description: 'How long to wait between two status requests',
		displayOptions: { show },
	},
	{
		displayName: 'Timeout (Seconds)',
		name: 'timeout',
		type: 'number',
		typeOptions: { minValue: 0, numberPrecision: 2 },
		default: 3600,
		description:
			'How long to wait for the job to finish before failing with its last status; 0 waits without a limit. The job keeps running on the server after a timeout.',
		displayOptions: { show },
	},
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Error on Job Errors',
				name: 'errorOnJobErrors',
				type: 'boolean',
				default: true,
				description:
					'Whether a job that ends "Finished (with errors)", with errors counted, with result N or with an error description fails the node. When off, it is returned as an item with "success": false and the reason.',
			},
			{
				displayName: 'Error When Stopped',
				name: 'errorWhenStopped',
				type: 'boolean',
				default: true,
				description:
					'Whether a job that ends "Stopped" fails the node. When off, it is returned as an item with "success": false and the reason.',
			},
			INCLUDE_RAW_OPTION,
			{
				displayName: 'Log Lines to Keep',
				name: 'logLines',
				type: 'number',
				typeOptions: { minValue: 0 },
				default: 0,
				description: 'Return only the last this many lines of the log; 0 returns the whole log',
			},
		],
	},
];

interface Plan extends RunJobPlan {
	intervalMs: number;
	timeoutMs: number;
	errorOnJobErrors: boolean;
	errorWhenStopped: boolean;
	logLines: number;
	includeRaw: boolean;
}

function seconds(value: number): string {
	return `${Number.isInteger(value) ? value : value.toFixed(2).replace(/0+$/, '')} s`;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const node = this.getNode();
		const run = readRunJob(this, itemIndex);
		const interval = Number(this.getNodeParameter('pollInterval', itemIndex, 5));
		if (!Number.isFinite(interval) || interval <= 0) {
			throw new NodeOperationError(node, `Poll Interval must be a number of seconds above 0, got "${String(interval)}"`, { itemIndex });
		}
		const timeout = Number(this.getNodeParameter('timeout', itemIndex, 3600));
		if (!Number.isFinite(timeout) || timeout < 0) {
			throw new NodeOperationError(node, `Timeout must be a number of seconds (0 for no limit), got "${String(timeout)}"`, { itemIndex });
		}
		const options = optionsOf(this, itemIndex);
		return {
			...run,
			intervalMs: Math.round(interval * 1000),
			timeoutMs: Math.round(timeout * 1000),
			errorOnJobErrors: options.errorOnJobErrors !== false,
			errorWhenStopped: options.errorWhenStopped !== false,
			logLines: optionalInteger(this, options.logLines, itemIndex, 'Log Lines to Keep', 0) ?? 0,
			includeRaw: options.includeRaw === true,
		};
	},
	async run(plan, itemIndex) {
		const node = this.getNode();
		const signal = this.getExecutionCancelSignal();
		const startedAt = Date.now();
		const deadline = plan.timeoutMs > 0 ? startedAt + plan.timeoutMs : Infinity;

		const started = await startJob(this, plan, itemIndex);
		const ref = { name: plan.jobName, id: started.id };
		const log = new LogCollector(plan.logLines);
		let from = 0;
		let statusRequests = 0;
		let status: JobStatus | undefined;
		let raw: string | undefined;

		for (;;) {
			const wait = Math.min(plan.intervalMs, Math.max(0, deadline - Date.now()));
			if (wait > 0) await sleep(wait, signal);
			const answer = await fetchJobStatus(this, ref, from, itemIndex);
			statusRequests++;
			status = answer.status;
			raw = answer.raw;
			log.add(status.log, from, status.first_log_line_nr);
			if (status.last_log_line_nr !== undefined && status.last_log_line_nr > from) from = status.last_log_line_nr;
			if (isTerminal(status.status_desc)) break;
			if (Date.now() >= deadline) {
				throw new NodeOperationError(
					node,
					`The job "${plan.jobName}" (id ${started.id}) did not finish within ${seconds(plan.timeoutMs / 1000)}: last status "${status.status_desc || 'unknown'}"`,
					{
						itemIndex,
						description: `Started from ${plan.jobPath}; ${statusRequests} status request${statusRequests === 1 ? '' : 's'}. The job may still be running on the server.`,
					},
				);
			}
		}

		const finishedAt = Date.now();
		const failure = failureOf(status);
		if (failure && (failure.kind === 'stopped' ? plan.errorWhenStopped : plan.errorOnJobErrors)) {
			const tail = log.tail(10);
			throw new NodeOperationError(node, `The job "${plan.jobName}" (id ${started.id}) failed: ${failure.reason}`, {
				itemIndex,
				description: `Final status "${status.status_desc}"${status.error_desc ? `, error: ${status.error_desc}` : ''}.${
					tail.length ? ` Last log lines:\n${tail.join('\n')}` : ''
				}`,
			});
		}

		const json: IDataObject = {
			id: started.id,
			jobName: status.jobname || plan.jobName,
			jobPath: plan.jobPath,
			success: failure === undefined,
			status_desc: status.status_desc,
			error_desc: status.error_desc,
		};
		if (failure) json.failureReason = failure.reason;
		if (status.result) json.result = status.result;
		if (status.log_date !== undefined) json.log_date = status.log_date;
		json.startedAt = new Date(startedAt).toISOString();
		json.finishedAt = new Date(finishedAt).toISOString();
		json.durationMs = finishedAt - startedAt;
		json.statusRequests = statusRequests;
		json.logLineCount = log.total;
		json.log = log.text();
		if (plan.includeRaw) json.raw = raw;
		return toItems(json);
	},
});
