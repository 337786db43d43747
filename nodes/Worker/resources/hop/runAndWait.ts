/**
 * Run and Wait (Hop Server): start a pipeline or workflow — a file on the server (execPipeline /
 * execWorkflow, the run found in the status list) or a file in a binary field (register, then prepareExec
 * + startExec or startWorkflow) — then follow its status and log until it ends (waitRun.ts: incremental
 * log, timeout, cancel, stop, remove when done), and judge it as the Kettle runs are judged (hopStatus.ts).
 */
import { type IDataObject, type INodeProperties, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, type CustomOperation } from '../../../common/executor';
import type { HopKind } from '../../shared/hopDefinition';
import { executionOptions, HOP, readRunPlan, registerRun, removeRun, runFields, startFileRun, startRun, stopRun, type HopRunPlan } from '../../shared/hopRun';
import {
	fetchPipelineStatus,
	fetchWorkflowStatus,
	pipelineFailureOf,
	workflowFailureOf,
	type PipelineStatus,
	type WorkflowStatus,
} from '../../shared/hopStatus';
import { isTerminal } from '../../shared/jobStatus';
import { camelKeys } from '../../shared/outputKeys';
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

interface Plan extends HopRunPlan, RunAndWaitOptions {}

type Status = PipelineStatus | WorkflowStatus;

export function build(kind: HopKind): { description: INodeProperties[]; execute: CustomOperation } {
	const n = HOP[kind];
	const description = updateDisplayOptions({ show: { resource: [kind], operation: ['runAndWait'] } }, [
		...runFields(kind),
		runAndWaitOptionsField(
			kind,
			{
				displayName: `Error on ${n.Noun} Errors`,
				name: 'errorOnErrors',
				description:
					kind === 'pipeline'
						? 'Whether a pipeline that ends with errors (status "with errors", errors counted in its result or in any transform) fails the node. When off, it is returned as an item with "success": false and the reason.'
						: 'Whether a workflow that ends "Finished (with errors)", with errors counted, with result N or with an error description fails the node. When off, it is returned as an item with "success": false and the reason.',
			},
			kind === 'pipeline'
				? 'Whether a pipeline that was stopped (a stopped pipeline ends "Finished" with is_stopped, or a transform stopped) fails the node. When off, it is returned as an item with "success": false and the reason.'
				: 'Whether a workflow that ends "Stopped" (stopped, or an Abort action) fails the node. When off, it is returned as an item with "success": false and the reason.',
			// Optional settings in the Options collection (n8n's layout for verified nodes); Poll Interval and Timeout are read from there too (waitRun.ts).
			[...executionOptions(kind, 'both'), ...waitFields(kind)],
		),
	]);

	const execute = defineOperation<Plan>({
		async plan(itemIndex) {
			return { ...(await readRunPlan(this, itemIndex, kind)), ...readRunAndWaitOptions(this, itemIndex, kind, 'errorOnErrors') };
		},
		simplify: simpleRun(kind),
		async run(plan, itemIndex, scope) {
			const node = this.getNode();
			const startedAt = Date.now();
			let id: string;
			let name = plan.name;
			let discoveryRequests = 0;
			let message = '';
			if (plan.source === 'server') {
				const found = await startFileRun(this, plan, plan.policy, itemIndex, startedAt, scope);
				discoveryRequests = found.statusRequests;
				if (found.id === '' && found.outcome?.ok) {
					// The server answered before the run could be seen in its list (or it runs under another name): its answer is all there is.
					return toItems({
						[`${kind}Name`]: plan.name,
						[`${kind}Path`]: plan.path,
						success: true,
						message: found.outcome.message,
						statusRequests: discoveryRequests,
					});
				}
				id = found.id;
				name = found.name;
			} else {
				const registered = await registerRun(this, plan, itemIndex);
				const started = await startRun(this, kind, { name: plan.name, id: registered.id }, itemIndex);
				id = started.id;
				message = started.message;
			}
			const ref = { name, id };
			const what = `the ${n.noun} "${name}" (id ${id})`;
			const target: WaitTarget<Status> = {
				what,
				poll: async (from) => {
					const { status, raw } = kind === 'pipeline' ? await fetchPipelineStatus(this, ref, from, itemIndex) : await fetchWorkflowStatus(this, ref, from, itemIndex);
					return { status, raw, statusDesc: status.status_desc, log: status.log, firstLineNr: status.first_log_line_nr, lastLineNr: status.last_log_line_nr };
				},
				// The same status texts as Kettle's (Pipeline.getStatus, Workflow.getStatusDescription).
				isTerminal,
				stop: async (ctx) => await stopRun(ctx, kind, ref, itemIndex),
				remove: async () => await removeRun(this, kind, ref, itemIndex),
			};
			const waited = await waitForEnd(this, target, plan.policy, itemIndex, startedAt);
			const status = waited.status;
			const failure = kind === 'pipeline' ? pipelineFailureOf(status as PipelineStatus) : workflowFailureOf(status as WorkflowStatus);
			const json: IDataObject = {
				id,
				[`${kind}Name`]: name,
				...(plan.source === 'server' ? { [`${kind}Path`]: plan.path } : { fileName: plan.fileName }),
				success: failure === undefined,
				statusDesc: status.status_desc,
				errorDesc: status.error_desc,
			};
			if (failure) json.failureReason = failure.reason;
			if (status.result) json.result = camelKeys(status.result);
			if (kind === 'pipeline') json.steps = camelKeys((status as PipelineStatus).steps);
			else json.actions = camelKeys((status as WorkflowStatus).actions);
			if (status.log_date !== undefined) json.logDate = status.log_date;
			if (status.execution_start_date !== undefined) json.executionStartDate = status.execution_start_date;
			if (status.execution_end_date !== undefined) json.executionEndDate = status.execution_end_date;
			if (message) json.message = message;
			json.startedAt = new Date(waited.startedAt).toISOString();
			json.finishedAt = new Date(waited.finishedAt).toISOString();
			json.durationMs = waited.finishedAt - waited.startedAt;
			json.statusRequests = waited.statusRequests + discoveryRequests;
			json.logLineCount = waited.log.total;
			json.log = waited.log.text();
			if (plan.includeRaw) json.raw = waited.raw;
			// The result has been read: the run can leave the server now, whatever its outcome.
			await removeIfAsked(target, plan.policy, json);
			if (failure && (failure.kind === 'stopped' ? plan.errorWhenStopped : plan.errorOnErrors)) {
				const tail = waited.log.tail(10);
				const failing =
					kind === 'pipeline'
						? (status as PipelineStatus).steps
								.filter((s) => (typeof s.errors === 'number' && s.errors > 0) || s.stopped === true)
								.map((s) => `${String(s.stepname)} (${String(s.statusDescription ?? '')}, ${String(s.errors ?? 0)} errors)`)
						: (status as WorkflowStatus).actions.filter((a) => a.status !== 'FINISHED' && a.status !== 'RUNNING').map((a) => `${String(a.name)} (${String(a.status)})`);
				throw new NodeOperationError(node, `The ${n.noun} "${name}" (id ${id}) failed: ${failure.reason}`, {
					itemIndex,
					description: `Final status "${status.status_desc}"${status.error_desc ? `, error: ${status.error_desc}` : ''}.${
						failing.length ? ` ${kind === 'pipeline' ? 'Transforms' : 'Actions'}: ${failing.join('; ')}.` : ''
					}${json.removedFromServer === true ? ' It was removed from the server.' : ''}${tail.length ? ` Last log lines:\n${tail.join('\n')}` : ''}`,
				});
			}
			return toItems(json);
		},
	});
	return { description, execute };
}
