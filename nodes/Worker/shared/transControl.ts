/** Pause and Resume (the server's one toggling pauseTrans) and the checks before Remove. */
import { NodeOperationError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { controlRequest } from './control';
import { fetchTransStatus, isTransTerminal, refQuery, type TransRef, type TransStatus } from './transStatus';

/** `from` that skips the whole log: the worker reads it as a Java int. */
export const NO_LOG_FROM = 2147483647;

async function current(ctx: IExecuteFunctions, ref: TransRef, itemIndex: number): Promise<TransStatus> {
	return (await fetchTransStatus(ctx, ref, NO_LOG_FROM, itemIndex)).status;
}

/**
 * pauseTrans toggles: it pauses a running transformation and resumes a paused one. To pause (or
 * resume) and nothing else, the status is read first, the toggle is sent only when needed, and the
 * status is read again to report what the server did.
 */
export async function setPaused(ctx: IExecuteFunctions, ref: TransRef, pause: boolean, itemIndex: number): Promise<IDataObject> {
	const node = ctx.getNode();
	const before = await current(ctx, ref, itemIndex);
	const id = before.id || ref.id;
	if (isTransTerminal(before.status_desc)) {
		throw new NodeOperationError(
			node,
			`The transformation "${ref.name}" (id ${id}) cannot be ${pause ? 'paused' : 'resumed'}: it has already ended (status "${before.status_desc}")`,
			{ itemIndex },
		);
	}
	if (before.paused === pause) {
		return { transName: ref.name, id, paused: pause, changed: false, statusDesc: before.status_desc, message: `The transformation was already ${pause ? 'paused' : 'running'}` };
	}
	const { result } = await controlRequest(ctx, {
		endpoint: 'pauseTrans',
		params: { ...refQuery({ name: ref.name, id }), xml: 'Y' },
		what: `the ${pause ? 'pause' : 'resume'} of the transformation "${ref.name}"`,
		itemIndex,
	});
	const after = await current(ctx, { name: ref.name, id }, itemIndex);
	if (after.paused !== pause && !isTransTerminal(after.status_desc)) {
		throw new NodeOperationError(
			node,
			`The server did not ${pause ? 'pause' : 'resume'} the transformation "${ref.name}" (id ${id}): its status is "${after.status_desc}"`,
			{ itemIndex, description: result.message ? `The server said: ${result.message}` : undefined },
		);
	}
	return { transName: ref.name, id, paused: after.paused === true, changed: true, statusDesc: after.status_desc, message: result.message };
}

/** Refuses to remove a run that is still going unless asked: the server would drop it from its list while it keeps running. */
export async function checkEnded(
	ctx: IExecuteFunctions,
	status: { status_desc: string },
	what: string,
	ended: (statusDesc: string) => boolean,
	itemIndex: number,
): Promise<void> {
	if (!ended(status.status_desc)) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${what} is still running (status "${status.status_desc}"): stop it first, or turn on "Remove Even if Running"`,
			{ itemIndex, description: 'The server removes a running run from its list without stopping it; it would keep running unseen.' },
		);
	}
}
