/**
 * How every operation of every action node runs. An operation is a `plan` (read and check one
 * item's parameters, no request) and a `run` (do the work for that item). All items are planned
 * before any request is sent, so bad input fails before the server sees anything. Each input item
 * then yields its output items — or exactly one error item when "Continue On Fail" is on — all
 * paired to it, in input order.
 */
import {
	NodeApiError,
	NodeOperationError,
	sleep,
	type IDataObject,
	type IExecuteFunctions,
	type INodeExecutionData,
	type NodeOutput,
} from 'n8n-workflow';

import { dataflowRequest, type DataflowRequest, type DataflowResponse } from './transport';

import { credentialSecrets, redact } from './errors';
import { optionsOf } from './fields';
import { InputError } from './inputError';
import { simplifyItems, type SimplifiedFields } from './simplify';

/** Work shared by all items of one execution, done at most once (for example a lookup of reserved characters). */
export class ExecutionScope {
	private readonly memo = new Map<string, Promise<unknown>>();

	async once<T>(key: string, compute: () => Promise<T>): Promise<T> {
		let entry = this.memo.get(key) as Promise<T> | undefined;
		if (!entry) {
			entry = compute();
			this.memo.set(key, entry);
			entry.catch(() => this.memo.delete(key));
		}
		return await entry;
	}
}

export interface OperationSpec<P> {
	/** Reads and checks the parameters of one item. Throws on bad input. Sends no request. */
	plan: (this: IExecuteFunctions, itemIndex: number) => P | Promise<P>;
	/** Does the work for one item and returns its output items (without pairing: that is added here). */
	run: (this: IExecuteFunctions, plan: P, itemIndex: number, scope: ExecutionScope) => Promise<INodeExecutionData[]>;
	/** How many items may be in flight at once when the user set no batching (default 8). */
	concurrency?: number;
	/**
	 * The fields an item keeps when the operation's Options have Simplify on (`SIMPLIFY_OPTION`,
	 * nodes/common/simplify.ts), or a function of the plan giving them; applied to every item `run` returns.
	 */
	simplify?: SimplifiedFields | ((plan: P) => SimplifiedFields);
}

/** The fields to keep for one item: none when the operation has no Simplify or it is off. */
function simplifiedFieldsOf<P>(ctx: IExecuteFunctions, spec: { simplify?: OperationSpec<P>['simplify'] }, plan: P, itemIndex: number): SimplifiedFields | undefined {
	if (!spec.simplify || optionsOf(ctx, itemIndex).simplify !== true) return undefined;
	return typeof spec.simplify === 'function' ? spec.simplify(plan) : spec.simplify;
}

export type CustomOperation = (this: IExecuteFunctions) => Promise<NodeOutput>;

/** JSON objects as output items. */
export function toItems(data: IDataObject | IDataObject[]): INodeExecutionData[] {
	return (Array.isArray(data) ? data : [data]).map((json) => ({ json }));
}

/** Any failure as the node error n8n shows, tied to its item. */
export function toNodeError(ctx: IExecuteFunctions, error: unknown, itemIndex: number): NodeApiError | NodeOperationError {
	if (error instanceof NodeApiError || error instanceof NodeOperationError) {
		error.context.itemIndex = itemIndex;
		return error;
	}
	if (error instanceof InputError) {
		const message = error.message;
		const inputError = new NodeOperationError(ctx.getNode(), message, { itemIndex });
		// n8n swaps messages that contain an error code (ENOENT, EEXIST...) for generic text: keep ours.
		inputError.message = message;
		return inputError;
	}
	const cause = error instanceof Error ? error : new Error(String(error));
	return new NodeOperationError(ctx.getNode(), cause, { itemIndex });
}

/** The secrets of every credential the node uses, as they are now (a token may have been renewed). */
async function nodeSecrets(ctx: IExecuteFunctions): Promise<string[]> {
	const out: string[] = [];
	for (const type of Object.keys(ctx.getNode().credentials ?? {})) {
		try {
			out.push(...credentialSecrets((await ctx.getCredentials(type)) as Record<string, unknown>));
		} catch {
			// A credential that cannot be read holds nothing to hide here.
		}
	}
	return out;
}

function redactDeep(value: unknown, secrets: string[]): unknown {
	if (typeof value === 'string') return redact(value, secrets);
	if (Array.isArray(value)) return value.map((v) => redactDeep(v, secrets));
	if (value && typeof value === 'object') {
		return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, redactDeep(v, secrets)]));
	}
	return value;
}

/** The last line of defence: no error leaves the node carrying a password, a Basic header or a token. */
function scrub<E extends NodeApiError | NodeOperationError>(error: E, secrets: string[]): E {
	error.message = redact(error.message, secrets);
	if (error.description) error.description = redact(error.description, secrets);
	if (error.stack) error.stack = redact(error.stack, secrets);
	if (Array.isArray(error.messages)) error.messages = error.messages.map((m) => redact(String(m), secrets));
	if (error.errorResponse) error.errorResponse = redactDeep(error.errorResponse, secrets) as typeof error.errorResponse;
	return error;
}

function errorItem(error: NodeApiError | NodeOperationError, itemIndex: number): INodeExecutionData {
	const json: IDataObject = { error: error.message };
	if (error.description) json.details = error.description;
	return { json, pairedItem: { item: itemIndex } };
}

interface Batching {
	size: number;
	interval: number;
}

function batchingOf(ctx: IExecuteFunctions, fallback: number): Batching {
	let options: IDataObject = {};
	try {
		options = (ctx.getNodeParameter('requestOptions', 0, {}) as IDataObject) ?? {};
	} catch {
		options = {};
	}
	const batch = ((options.batching as IDataObject | undefined)?.batch ?? {}) as IDataObject;
	const size = typeof batch.batchSize === 'number' && batch.batchSize > 0 ? batch.batchSize : fallback;
	const interval = typeof batch.batchInterval === 'number' && batch.batchInterval > 0 ? batch.batchInterval : 0;
	return { size, interval };
}

/** Builds the function n8n calls for one resource/operation pair. */
export function defineOperation<P>(spec: OperationSpec<P>): CustomOperation {
	return async function (this: IExecuteFunctions): Promise<NodeOutput> {
		const items = this.getInputData();
		const continueOnFail = this.continueOnFail();
		const results: INodeExecutionData[][] = new Array(items.length);
		let secretList: Promise<string[]> | undefined;
		const secrets = async () => await (secretList ??= nodeSecrets(this));
		const plans: Array<{ index: number; plan: P; fields?: SimplifiedFields }> = [];

		for (let index = 0; index < items.length; index++) {
			try {
				const plan = await spec.plan.call(this, index);
				plans.push({ index, plan, fields: simplifiedFieldsOf(this, spec, plan, index) });
			} catch (error) {
				const nodeError = scrub(toNodeError(this, error, index), await secrets());
				if (!continueOnFail) throw nodeError;
				results[index] = [errorItem(nodeError, index)];
			}
		}

		const scope = new ExecutionScope();
		const { size, interval } = batchingOf(this, spec.concurrency ?? 8);
		const signal = this.getExecutionCancelSignal();
		let failure: NodeApiError | NodeOperationError | undefined;

		const runOne = async ({ index, plan, fields }: { index: number; plan: P; fields?: SimplifiedFields }) => {
			try {
				const output = await spec.run.call(this, plan, index, scope);
				results[index] = (fields ? simplifyItems(output, fields) : output).map((item) => ({ ...item, pairedItem: { item: index } }));
			} catch (error) {
				const nodeError = scrub(toNodeError(this, error, index), await secrets());
				if (!continueOnFail) {
					failure ??= nodeError;
					return;
				}
				results[index] = [errorItem(nodeError, index)];
			}
		};

		if (interval > 0) {
			for (let start = 0; start < plans.length && !failure; start += size) {
				if (start > 0) await sleep(interval, signal);
				await Promise.all(plans.slice(start, start + size).map(runOne));
			}
		} else {
			// The first item runs alone: when a token credential must log in, it logs in once and
			// the other items reuse the stored token instead of each logging in.
			let next = 0;
			if (plans.length > 1 && size > 1) await runOne(plans[next++]);
			const worker = async () => {
				while (next < plans.length && !failure && !signal?.aborted) {
					await runOne(plans[next++]);
				}
			};
			await Promise.all(Array.from({ length: Math.min(size, plans.length) }, worker));
		}
		if (failure) throw failure;

		const output: INodeExecutionData[] = [];
		for (const itemResults of results) output.push(...(itemResults ?? []));
		return [output];
	};
}

/** One request as an operation plans it: `dataflowRequest`'s options without the item index. */
export interface RequestPlan extends Omit<DataflowRequest, 'itemIndex'> {
	/** Sent instead when the answer's status is one of `okStatuses` (an older server's form of the request). */
	fallback?: RequestPlan;
}

/** Lets go of an answer's body that will not be read (a stream is closed). */
function discard(body: unknown): void {
	const stream = body as { destroy?: () => void; resume?: () => void } | null;
	if (stream && typeof stream === 'object' && typeof stream.destroy === 'function') stream.destroy();
}

/** Sends a planned request; when its status is one of `okStatuses` and it has a `fallback`, sends that instead. */
export async function sendPlanned<T = unknown>(ctx: IExecuteFunctions, request: RequestPlan, itemIndex: number): Promise<DataflowResponse<T>> {
	const { fallback, ...own } = request;
	const response = await dataflowRequest<T>(ctx, { ...own, itemIndex });
	if (fallback && own.okStatuses?.includes(response.status)) {
		discard(response.body);
		return await sendPlanned<T>(ctx, fallback, itemIndex);
	}
	return response;
}

type Output = IDataObject | IDataObject[] | INodeExecutionData[];

function isExecutionData(value: Output): value is INodeExecutionData[] {
	return Array.isArray(value) && value.length > 0 && typeof value[0] === 'object' && value[0] !== null && 'json' in value[0];
}

export interface RequestOperationSpec<P> {
	plan: (this: IExecuteFunctions, itemIndex: number) => P | Promise<P>;
	/** Work before the request (for example a look-up); its result is passed to `request`. */
	request: (this: IExecuteFunctions, plan: P, itemIndex: number, scope: ExecutionScope) => RequestPlan | Promise<RequestPlan>;
	output: (this: IExecuteFunctions, plan: P, response: DataflowResponse<unknown>, itemIndex: number) => Output | Promise<Output>;
	/** As in `defineOperation`. */
	concurrency?: number;
	/** As in `defineOperation`. */
	simplify?: OperationSpec<P>['simplify'];
}

/**
 * The shape of an operation that sends one request per item and shapes the answer: `plan` reads
 * the item's parameters (no request), `request` says what to send (the endpoint is visible in the
 * operation's own file), `output` turns the answer into items. Operations that send several
 * requests or wait use `defineOperation` directly. `output` returns JSON objects (each becomes an
 * item) or ready items (binary downloads; recognised by their `json` key), so objects taken as
 * they are from a server that might hold a key named `json` are returned as `toItems(...)`.
 */
export function requestOperation<P>(spec: RequestOperationSpec<P>): CustomOperation {
	return defineOperation<P>({
		plan: spec.plan,
		concurrency: spec.concurrency,
		simplify: spec.simplify,
		async run(plan, itemIndex, scope) {
			const request = await spec.request.call(this, plan, itemIndex, scope);
			const response = await sendPlanned(this, request, itemIndex);
			const output = await spec.output.call(this, plan, response, itemIndex);
			if (isExecutionData(output)) return output;
			return toItems(output as IDataObject | IDataObject[]);
		},
	});
}
