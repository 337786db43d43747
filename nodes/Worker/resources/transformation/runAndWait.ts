import { type IDataObject, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { controlRequest } from '../../shared/control';
import { camelKeys } from '../../shared/outputKeys';
import { simpleRun } from '../../shared/simplify';
import { readRunTrans, runTransFields, runTransLogLevel, startTrans, type RunTransPlan } from '../../shared/runTrans';
import { fetchTransStatus, isTransTerminal, refQuery, transFailureOf, type TransRef, type TransStatus } from '../../shared/transStatus';
import {
	readRunAndWaitOptions,
	removeIfAsked,
	runAndWaitOptionsField,
	waitFields,
	waitForEnd,
	type RunAndWaitOptions,
	type WaitTarget,
} from '../../shared/waitRun';

const show = { resource: ['transformation'], operation: ['runAndWait'] };

export const description = updateDisplayOptions({ show }, [
	...runTransFields(),
	runAndWaitOptionsField(
		'transformation',
		{
			displayName: 'Error on Transformation Errors',
			name: 'errorOnErrors',
			description:
				'Whether a transformation that ends with errors (status "with errors", errors counted in its result or in any step) fails the node. When off, it is returned as an item with "success": false and the reason.',
		},
		'Whether a transformation that was stopped (status "Stopped", or a step stopped) fails the node. When off, it is returned as an item with "success": false and the reason.',
		[runTransLogLevel(), ...waitFields('transformation')],
	),
]);

interface Plan extends RunTransPlan, RunAndWaitOptions {}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { ...readRunTrans(this, itemIndex), ...readRunAndWaitOptions(this, itemIndex, 'transformation', 'errorOnErrors') };
	},
	simplify: simpleRun('trans'),
	async run(plan, itemIndex) {
		const node = this.getNode();
		const startedAt = Date.now();
		const started = await startTrans(this, plan, itemIndex);
		const ref: TransRef = { name: plan.transName, id: started.id };
		const what = `the transformation "${plan.transName}" (id ${started.id})`;
		const target: WaitTarget<TransStatus> = {
			what,
			poll: async (from) => {
				const { status, raw } = await fetchTransStatus(this, ref, from, itemIndex);
				return { status, raw, statusDesc: status.status_desc, log: status.log, firstLineNr: status.first_log_line_nr, lastLineNr: status.last_log_line_nr };
			},
			isTerminal: isTransTerminal,
			stop: async (ctx, safe) => {
				const params = { ...refQuery(ref), xml: 'Y', ...(safe ? { inputOnly: 'Y' } : {}) };
				const { result } = await controlRequest(ctx, { endpoint: 'stopTrans', params, what: `the stop of ${what}`, itemIndex });
				return result.message;
			},
			remove: async () => {
				await controlRequest(this, { endpoint: 'removeTrans', params: { ...refQuery(ref), xml: 'Y' }, what: `the removal of ${what}`, itemIndex });
			},
		};
		const waited = await waitForEnd(this, target, plan.policy, itemIndex, startedAt);
		const status = waited.status;
		const failure = transFailureOf(status);
		const json: IDataObject = {
			id: started.id,
			transName: status.transname || plan.transName,
			transPath: plan.transPath,
			success: failure === undefined,
			statusDesc: status.status_desc,
			errorDesc: status.error_desc,
		};
		if (failure) json.failureReason = failure.reason;
		if (status.result) json.result = camelKeys(status.result);
		json.steps = camelKeys(status.steps);
		if (status.log_date !== undefined) json.logDate = status.log_date;
		json.startedAt = new Date(waited.startedAt).toISOString();
		json.finishedAt = new Date(waited.finishedAt).toISOString();
		json.durationMs = waited.finishedAt - waited.startedAt;
		json.statusRequests = waited.statusRequests;
		json.logLineCount = waited.log.total;
		json.log = waited.log.text();
		if (plan.includeRaw) json.raw = waited.raw;
		// The result has been read: the run can leave the server now, whatever its outcome.
		await removeIfAsked(target, plan.policy, json);
		if (failure && (failure.kind === 'stopped' ? plan.errorWhenStopped : plan.errorOnErrors)) {
			const tail = waited.log.tail(10);
			const failing = status.steps.filter((s) => (typeof s.errors === 'number' && s.errors > 0) || s.stopped === true);
			throw new NodeOperationError(node, `The transformation "${plan.transName}" (id ${started.id}) failed: ${failure.reason}`, {
				itemIndex,
				description: `Final status "${status.status_desc}".${
					failing.length ? ` Steps: ${failing.map((s) => `${String(s.stepname)} (${String(s.statusDescription ?? '')}, ${String(s.errors ?? 0)} errors)`).join('; ')}.` : ''
				}${json.removedFromServer === true ? ' It was removed from the server.' : ''}${tail.length ? ` Last log lines:\n${tail.join('\n')}` : ''}`,
			});
		}
		return toItems(json);
	},
});
