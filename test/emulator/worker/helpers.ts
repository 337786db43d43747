/**
 * Shared set-up of the plain-HTTP tests of the emulator's worker area (one file per route group):
 * one emulator per test file (jobs last DURATION ms of its clock), fetch and XML helpers.
 */
import { gunzipSync } from 'node:zlib';

import { XMLParser } from 'fast-xml-parser';

import { startEmulator, type RunningEmulator } from '../../../emulator';
import type { WorkerState } from '../../../emulator/areas/worker';

export const AUTH = `Basic ${Buffer.from('admin:password').toString('base64')}`;
export const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true, htmlEntities: true });
export const DURATION = 10_000;

let running: RunningEmulator | undefined;
let lookup: unknown;

/** Starts the test file's emulator before its tests (without the repository's runJob look-up: most tests run made-up paths) and stops it after them. */
export function useWorkerEmulator(): void {
	beforeAll(async () => {
		running = await startEmulator({ jobDurationMs: DURATION });
		// The repository area limits runJob to files it holds; most tests here run made-up paths.
		lookup = running.app.state.repositoryLookup;
		delete running.app.state.repositoryLookup;
	});
	afterAll(async () => {
		await running?.stop();
	});
}

/** The test file's emulator. */
export function emu(): RunningEmulator {
	if (!running) throw new Error('useWorkerEmulator() was not called');
	return running;
}

/** The repository's runJob look-up that useWorkerEmulator took out. */
export function repositoryLookup(): unknown {
	return lookup;
}

export const state = () => emu().app.state.worker as WorkerState;

export async function call(path: string, init: RequestInit = {}) {
	const response = await fetch(`${emu().url}${path}`, { ...init, headers: { Authorization: AUTH, ...(init.headers ?? {}) } });
	const body = Buffer.from(await response.arrayBuffer());
	return { status: response.status, type: response.headers.get('content-type') ?? '', body, text: body.toString('utf8') };
}

export async function xml(path: string, init?: RequestInit) {
	const answer = await call(path, init);
	return { ...answer, doc: parser.parse(answer.text) as Record<string, any> };
}

export function decodeLog(loggingString: string): string {
	const match = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(loggingString);
	expect(match).not.toBeNull();
	return gunzipSync(Buffer.from(match![1], 'base64')).toString('utf8');
}

export function jobConfiguration(name: string, parameters: Record<string, string> = {}, variables: Record<string, string> = {}) {
	const pairs = (list: Record<string, string>, tag: string) =>
		Object.entries(list)
			.map(([n, v]) => `<${tag}><name>${n}</name><value>${v.replace(/&/g, '&amp;').replace(/</g, '&lt;')}</value></${tag}>`)
			.join('');
	return `<?xml version="1.0" encoding="UTF-8"?><job_configuration><job><name>${name}</name><entries><entry><name>START</name></entry><entry><name>Load</name></entry></entries></job><job_execution_configuration><exec_local>Y</exec_local><parameters>${pairs(parameters, 'parameter')}</parameters><variables>${pairs(variables, 'variable')}</variables><log_level>Detailed</log_level></job_execution_configuration></job_configuration>`;
}
