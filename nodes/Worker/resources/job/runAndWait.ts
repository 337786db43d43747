import { type IDataObject, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { controlRequest } from '../../shared/control';
import { failureOf, fetchJobStatus, isTerminal, type JobStatus } from '../../shared/jobStatus';
import { readRunJob, runJobFields, runJobLogLevel, startJob, type RunJobPlan } from '../../shared/runJob';
import { camelKeys } from '../../shared/outputKeys';
import { refQuery } from '../../shared/runRef';
import { simpleRun } from '../../shared/simplify';
import {
	readRunAndWaitOptions,
	removeIfAsked,
	runAndWaitOptionsField,
	waitFields,
	waitForEnd,
	type RunAndWaitOptions,
	type WaitTarget,
} from '../../shared/waitRun';

const show = { resource: ['job'], operation: ['runAndWait'] };

export const description = updateDisplayOptions({ show }, [
	...runJobFields(),
	runAndWaitOptionsField(
		'job',
		{
			displayName: 'Error on Job Errors',
			name: 'errorOnJobErrors',
			description:
				'Whether a job that ends "Finished (with errors)", with errors counted, with result N or with an error description fails the node. When off, it is returned as an item with "success": false and the reason.',
		},
		'Whether a job that ends "Stopped" fails the node. When off, it is returned as an item with "success": false and the reason.',
		[runJobLogLevel(), ...waitFields('job')],
	),
]);

interface Plan extends RunJobPlan, RunAndWaitOptions {}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { ...readRunJob(this, itemIndex), ...readRunAndWaitOptions(this, itemIndex, 'job', 'errorOnJobErrors') };
	},
	simplify: simpleRun('job'),
	async run(plan, itemIndex) {
		const node = this.getNode();
		const startedAt = Date.now();
		const started = await startJob(this, plan, itemIndex);
		const ref = { name: plan.jobName, id: started.id };
		const what = `the job "${plan.jobName}" (id ${started.id})`;
		const target: WaitTarget<JobStatus> = {
			what,
			poll: async (from) => {
				const { status, raw } = await fetchJobStatus(this, ref, from, itemIndex);
				return { status, raw, statusDesc: status.status_desc, log: status.log, firstLineNr: status.first_log_line_nr, lastLineNr: status.last_log_line_nr };
			},
			isTerminal,
			stop: async (ctx) => {
				const { result } = await controlRequest(ctx, { endpoint: 'stopJob', params: { ...refQuery(ref), xml: 'Y' }, what: `the stop of ${what}`, itemIndex });
				return result.message;
			},
			remove: async () => {
				await controlRequest(this, { endpoint: 'removeJob', params: { ...refQuery(ref), xml: 'Y' }, what: `the removal of ${what}`, itemIndex });
			},
		};
		const waited = await waitForEnd(this, target, plan.policy, itemIndex, startedAt);
		const { status, log } = waited;
		const failure = failureOf(status);
		const json: IDataObject = {
			id: started.id,
			jobName: status.jobname || plan.jobName,
			jobPath: plan.jobPath,
			success: failure === undefined,
			statusDesc: status.status_desc,
			errorDesc: status.error_desc,
		};
		if (failure) json.failureReason = failure.reason;
		if (status.result) json.result = camelKeys(status.result);
		if (status.log_date !== undefined) json.logDate = status.log_date;
		json.startedAt = new Date(waited.startedAt).toISOString();
		json.finishedAt = new Date(waited.finishedAt).toISOString();
		json.durationMs = waited.finishedAt - waited.startedAt;
		json.statusRequests = waited.statusRequests;
		json.logLineCount = log.total;
		json.log = log.text();
		if (plan.includeRaw) json.raw = waited.raw;
		// The result has been read: the run can leave the server now, whatever its outcome.
		await removeIfAsked(target, plan.policy, json);
		if (failure && (failure.kind === 'stopped' ? plan.errorWhenStopped : plan.errorOnErrors)) {
			const tail = log.tail(10);
			throw new NodeOperationError(node, `The job "${plan.jobName}" (id ${started.id}) failed: ${failure.reason}`, {
				itemIndex,
				description: `Final status "${status.status_desc}"${status.error_desc ? `, error: ${status.error_desc}` : ''}.${
					json.removedFromServer === true ? ' It was removed from the server.' : ''
				}${tail.length ? ` Last log lines:\n${tail.join('\n')}` : ''}`,
			});
		}
		return toItems(json);
	},
});
