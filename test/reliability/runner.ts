/**
 * Running samples for the reliability suite: an emulator with distinctive passwords, fresh
 * credentials per run, the emulator's request log around each run, and checks shared by the tests.
 */
import type { INodeExecutionData } from 'n8n-workflow';

import type { LoggedRequest } from '../../emulator';
import { credentialTypes, run, TestCredentialsHelper, type NodeRunResult } from '../harness';
import { useEmulator, type EmulatorFixture } from '../helpers/emulator';
import type { OperationRef } from './catalogue';
import { SAMPLES, type Sample } from './samples';

export const SECRETS = {
	admin: 'Adm1n-Zq7#Pw!lkQ',
	suzy: 'Suzy-Xk9$Qw&rT2',
	analyst: 'Anal-Yt5%Mv^pL8',
	// The Hop Server's user (Hop's default name, cluster).
	cluster: 'Clus-Wd3&Hq!eN6',
};

/** The emulators of a test file: the BI server (with the worker and the catalog) and, as `hop`, an Apache Hop Server. */
export interface ReliabilityFixture extends EmulatorFixture {
	/** The emulator's Hop Server flavour, for the samples with `server: 'hop'` (the Worker's Pipeline and Workflow). */
	readonly hop: EmulatorFixture;
}

/** The emulators for a test file, with passwords no message could contain by accident. */
export function reliabilityEmulator(): ReliabilityFixture {
	const main = useEmulator({
		allowStop: true,
		jobDurationMs: 120,
		users: [
			{ name: 'admin', password: SECRETS.admin, admin: true, catalogRole: 'Administrator' },
			{ name: 'suzy', password: SECRETS.suzy, admin: false, catalogRole: 'Data Steward' },
			{ name: 'analyst', password: SECRETS.analyst, admin: false, catalogRole: 'Analyst' },
		],
	});
	const hop = useEmulator({ server: 'hop', jobDurationMs: 120, users: [{ name: 'cluster', password: SECRETS.cluster, admin: true }] });
	return Object.defineProperty(main, 'hop', { value: hop, enumerable: true }) as ReliabilityFixture;
}

/** Whether a sample runs against the Hop Server emulator (whose answers the fault injection does not reach). */
export function onHop(ref: OperationRef): boolean {
	return sampleOf(ref).server === 'hop';
}

export function sampleOf(ref: OperationRef): Sample {
	const sample = SAMPLES[ref.key];
	if (!sample) throw new Error(`No sample for ${ref.key}: add one to test/reliability/samples.ts`);
	return sample;
}

/** The Options (parameter `options`) the operation's sample sets, to add one to. */
export function sampleOptions(ref: OperationRef): Record<string, unknown> {
	return (sampleOf(ref).parameters?.options as Record<string, unknown> | undefined) ?? {};
}

export interface SampleRun {
	result: NodeRunResult;
	/** Requests the run sent, as full paths (prepare() requests excluded). */
	paths: string[];
	/** The same requests as the emulator logged them (status, answer size). */
	requests: LoggedRequest[];
}

export interface SampleRunOptions {
	/** Item numbers to feed (default [0]). */
	items?: number[];
	parameters?: Record<string, unknown>;
	continueOnFail?: boolean;
	/** Items one after another (needed to fail exactly one of them). */
	sequential?: boolean;
	timeoutMs?: number;
	/** Called after prepare() and after the request log is cleared, before the run. */
	beforeRun?: () => void;
}

export async function runSample(fixture: ReliabilityFixture, ref: OperationRef, options: SampleRunOptions = {}): Promise<SampleRun> {
	const sample = sampleOf(ref);
	const items = options.items ?? [0];
	const target = sample.server === 'hop' ? fixture.hop : fixture;
	const emulator = target.emulator;
	emulator.app.faults.clear();
	const prepared = (await sample.prepare?.(emulator, Math.max(...items) + 1)) ?? [];
	const input: INodeExecutionData[] = items.map((n) => {
		const item = sample.input ? sample.input(n) : { json: { n } };
		return { ...item, json: { ...item.json, ...(prepared[n] ?? {}) } } as INodeExecutionData;
	});
	const requestOptions: Record<string, unknown> = {};
	if (options.sequential) requestOptions.batching = { batch: { batchSize: 1, batchInterval: 0 } };
	if (options.timeoutMs) requestOptions.timeout = options.timeoutMs;
	const credentialData =
		ref.credential === 'dataflowCatalogApi' ? fixture.catalog() : sample.server === 'hop' ? fixture.hop.server({ user: 'cluster', serverKind: 'hopServer' }) : fixture.server();
	const helper = new TestCredentialsHelper(credentialTypes, { [ref.credential]: credentialData });
	target.resetRequests();
	options.beforeRun?.();
	const result = await run(ref.nodeType, {
		parameters: {
			resource: ref.resource,
			operation: ref.operation,
			...sample.parameters,
			...(options.parameters ?? {}),
			...(Object.keys(requestOptions).length ? { requestOptions } : {}),
		} as never,
		credentials: {},
		credentialsHelper: helper,
		input,
		continueOnFail: options.continueOnFail,
	});
	const requests = [...emulator.app.requests];
	emulator.app.faults.clear();
	return { result, paths: requests.map((r) => r.path), requests };
}

export const CATALOG_LOGIN = /\/catalog\/api\/public\/v1\/auth$/;

/**
 * Look-ups a node makes once per execution before its own request (server version, server time
 * zone, security provider, reserved characters, CSRF token, a CDA query's declared parameters): a fault meant for "the operation's request"
 * goes to the operation's own path.
 */
export const SHARED_LOOKUP = /\/api\/(version\/show|system\/timezones|system\/authentication-provider|repo\/files\/reservedCharacters|csrf\/token|listParameters)$/;

/** Whether an error message reads as a sentence a user can act on. */
export function isClearMessage(message: unknown): boolean {
	return typeof message === 'string' && message.trim().length > 3 && !/\bundefined\b|\[object Object\]|^null$/.test(message);
}

/** Whether a run's output carries binary data (the answer body is the file). */
export function hasBinary(items: INodeExecutionData[]): boolean {
	return items.some((i) => i.binary && Object.keys(i.binary).length > 0);
}

export function escapeRegExp(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
