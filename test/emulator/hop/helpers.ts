/**
 * Shared set-up of the plain-HTTP tests of the emulator's Hop Server area (emulator/areas/hop): one
 * emulator per test file (`server: 'hop'`), fetch and XML helpers, documents to register.
 */
import { deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';

import { XMLParser } from 'fast-xml-parser';

import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator';
import type { HopServerState } from '../../../emulator/areas/hop';

export const AUTH = `Basic ${Buffer.from('cluster:cluster').toString('base64')}`;
export const parser = new XMLParser({ ignoreAttributes: false, parseTagValue: false, trimValues: true, htmlEntities: true });
export const DURATION = 1000;

let running: RunningEmulator | undefined;

/** Starts the test file's Hop emulator before its tests and stops it after them. */
export function useHopEmulator(options: EmulatorOptions = {}, hop: Record<string, unknown> = {}): void {
	beforeAll(async () => {
		running = await startEmulator({ server: 'hop', jobDurationMs: DURATION, ...options, seed: { hop } });
	});
	afterAll(async () => {
		await running?.stop();
	});
}

export function emu(): RunningEmulator {
	if (!running) throw new Error('useHopEmulator() was not called');
	return running;
}

export const state = () => emu().app.state.hop as HopServerState;

/** Moves the emulator clock on (runs progress and end on it). */
export function advance(ms: number): void {
	emu().app.advanceClock(ms);
}

export async function call(path: string, init: RequestInit & { auth?: string | null } = {}) {
	const { auth, ...rest } = init;
	const headers: Record<string, string> = { ...((rest.headers as Record<string, string>) ?? {}) };
	if (auth !== null) headers.Authorization = auth ?? AUTH;
	const response = await fetch(`${emu().url}${path}`, { ...rest, headers, redirect: 'manual' });
	const body = Buffer.from(await response.arrayBuffer());
	return { status: response.status, type: response.headers.get('content-type') ?? '', headers: response.headers, body, text: body.toString('utf8') };
}

export async function xml(path: string, init?: RequestInit) {
	const answer = await call(path, init);
	return { ...answer, doc: parser.parse(answer.text) as Record<string, any> };
}

export async function json(path: string, init?: RequestInit) {
	const answer = await call(path, init);
	return { ...answer, value: JSON.parse(answer.text) as Record<string, any> };
}

/** The log inside a logging_string (`<![CDATA[base64(gzip)]]>` once the XML escaping is read). */
export function decodeLog(loggingString: string): string {
	const match = /^<!\[CDATA\[([\s\S]*)\]\]>$/.exec(loggingString);
	expect(match).not.toBeNull();
	return gunzipSync(Buffer.from(match![1], 'base64')).toString('utf8');
}

/** Base64 gzip of the client's metadata JSON (metastore_json), with a "local" run configuration. */
export function metastoreJson(runConfigurations: Record<string, string[]> = { 'pipeline-run-configuration': ['local'], 'workflow-run-configuration': ['local'] }): string {
	const json: Record<string, unknown> = {};
	for (const [key, names] of Object.entries(runConfigurations)) json[key] = names.map((name) => ({ name, engineRunConfiguration: { Local: {} } }));
	return gzipSync(Buffer.from(JSON.stringify(json))).toString('base64');
}

export interface PipelineBody {
	name: string;
	rows?: number;
	neverEnding?: boolean;
	abort?: boolean;
	runConfiguration?: string | null;
	parameters?: Record<string, string>;
	logLevel?: string;
	metastore?: string | null;
}

/** A pipeline_configuration as Hop's remote engine sends it (generator → dummy, or → Abort). */
export function pipelineConfiguration(body: PipelineBody): string {
	const rows = body.rows ?? 5;
	const last = body.abort ? '<transform><name>Abort</name><type>Abort</type><row_threshold>0</row_threshold><abort_option>ABORT_WITH_ERROR</abort_option><GUI><xloc>300</xloc><yloc>100</yloc></GUI></transform>' : '<transform><name>result</name><type>Dummy</type><GUI><xloc>300</xloc><yloc>100</yloc></GUI></transform>';
	const params = Object.entries(body.parameters ?? {})
		.map(([n, v]) => `<parameter><name>${n}</name><value>${v}</value></parameter>`)
		.join('');
	const run = body.runConfiguration === null ? '' : `<run_configuration>${body.runConfiguration ?? 'local'}</run_configuration>`;
	const metastore = body.metastore === null ? '' : `<metastore_json>${body.metastore ?? metastoreJson()}</metastore_json>`;
	return (
		`<pipeline_configuration><pipeline><info><name>${body.name}</name><parameters><parameter><name>P1</name><default_value>d</default_value><description/></parameter></parameters></info>` +
		`<order><hop><from>Generate rows</from><to>${body.abort ? 'Abort' : 'result'}</to><enabled>Y</enabled></hop></order>` +
		`<transform><name>Generate rows</name><type>RowGenerator</type><fields><field><name>value</name><type>String</type><nullif>test</nullif></field></fields><limit>${rows}</limit><never_ending>${body.neverEnding ? 'Y' : 'N'}</never_ending><interval_in_ms>100</interval_in_ms><GUI><xloc>100</xloc><yloc>100</yloc></GUI></transform>` +
		`${last}</pipeline><pipeline_execution_configuration><parameters>${params}</parameters><variables/><log_level>${body.logLevel ?? 'Basic'}</log_level>${run}</pipeline_execution_configuration>${metastore}</pipeline_configuration>`
	);
}

export interface WorkflowBody {
	name: string;
	delaySeconds?: number;
	abort?: boolean;
	runConfiguration?: string;
}

/** A workflow_configuration: START → Delay (or Abort) → Success. */
export function workflowConfiguration(body: WorkflowBody): string {
	const middle = body.abort
		? '<action><name>Abort</name><type>ABORT</type><message>No</message><xloc>200</xloc><yloc>100</yloc></action>'
		: `<action><name>Wait</name><type>DELAY</type><maximumTimeout>${body.delaySeconds ?? 2}</maximumTimeout><scaletime>1</scaletime><xloc>200</xloc><yloc>100</yloc></action>`;
	const middleName = body.abort ? 'Abort' : 'Wait';
	return (
		`<workflow_configuration><workflow><name>${body.name}</name><parameters/><actions>` +
		`<action><name>Start</name><type>SPECIAL</type><xloc>50</xloc><yloc>100</yloc></action>${middle}<action><name>Success</name><type>SUCCESS</type><xloc>350</xloc><yloc>100</yloc></action></actions>` +
		`<hops><hop><from>Start</from><to>${middleName}</to><enabled>Y</enabled><evaluation>Y</evaluation><unconditional>Y</unconditional></hop><hop><from>${middleName}</from><to>Success</to><enabled>Y</enabled><evaluation>Y</evaluation><unconditional>N</unconditional></hop></hops></workflow>` +
		`<workflow_execution_configuration><parameters/><variables/><log_level>Basic</log_level><run_configuration>${body.runConfiguration ?? 'local'}</run_configuration></workflow_execution_configuration><metastore_json>${metastoreJson()}</metastore_json></workflow_configuration>`
	);
}

export async function registerPipeline(body: PipelineBody): Promise<string> {
	const answer = await xml('/hop/registerPipeline/?xml=Y', { method: 'POST', body: pipelineConfiguration(body), headers: { 'Content-Type': 'text/xml;charset=UTF-8' } });
	expect(answer.doc.webresult.result).toBe('OK');
	return answer.doc.webresult.id as string;
}

export async function registerWorkflow(body: WorkflowBody): Promise<string> {
	const answer = await xml('/hop/registerWorkflow/?xml=Y', { method: 'POST', body: workflowConfiguration(body), headers: { 'Content-Type': 'text/xml;charset=UTF-8' } });
	expect(answer.doc.webresult.result).toBe('OK');
	return answer.doc.webresult.id as string;
}

// ------------------------------------------------------------ zip

function crc32(data: Buffer): number {
	let crc = 0xffffffff;
	for (const byte of data) {
		crc ^= byte;
		for (let k = 0; k < 8; k++) crc = crc & 1 ? (crc >>> 1) ^ 0xedb88320 : crc >>> 1;
	}
	return (crc ^ 0xffffffff) >>> 0;
}

/** A small zip (deflated entries), as a resources export is. */
export function zip(files: Record<string, string>): Buffer {
	const locals: Buffer[] = [];
	const centrals: Buffer[] = [];
	let offset = 0;
	for (const [name, content] of Object.entries(files)) {
		const data = Buffer.from(content, 'utf8');
		const compressed = deflateRawSync(data);
		const nameBytes = Buffer.from(name, 'utf8');
		const crc = crc32(data);
		const local = Buffer.alloc(30);
		local.writeUInt32LE(0x04034b50, 0);
		local.writeUInt16LE(20, 4);
		local.writeUInt16LE(8, 8);
		local.writeUInt32LE(crc, 14);
		local.writeUInt32LE(compressed.length, 18);
		local.writeUInt32LE(data.length, 22);
		local.writeUInt16LE(nameBytes.length, 26);
		const central = Buffer.alloc(46);
		central.writeUInt32LE(0x02014b50, 0);
		central.writeUInt16LE(20, 4);
		central.writeUInt16LE(20, 6);
		central.writeUInt16LE(8, 10);
		central.writeUInt32LE(crc, 16);
		central.writeUInt32LE(compressed.length, 20);
		central.writeUInt32LE(data.length, 24);
		central.writeUInt16LE(nameBytes.length, 28);
		central.writeUInt32LE(offset, 42);
		locals.push(local, nameBytes, compressed);
		centrals.push(central, nameBytes);
		offset += 30 + nameBytes.length + compressed.length;
	}
	const centralDir = Buffer.concat(centrals);
	const end = Buffer.alloc(22);
	end.writeUInt32LE(0x06054b50, 0);
	end.writeUInt16LE(Object.keys(files).length, 8);
	end.writeUInt16LE(Object.keys(files).length, 10);
	end.writeUInt32LE(centralDir.length, 12);
	end.writeUInt32LE(offset, 16);
	return Buffer.concat([...locals, centralDir, end]);
}
