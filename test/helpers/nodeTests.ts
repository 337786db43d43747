/**
 * What the node test files of several areas share: the nock server at http://bi.test with the
 * administrator's Basic authorization, a runner of one operation of a node through n8n's engine,
 * resource-locator values, the bytes of an output binary field, and the nock hooks.
 */
import type { ICredentialDataDecryptedObject, IDataObject, INode, INodeExecutionData, INodeType } from 'n8n-workflow';

import nock from 'nock';

import { run, SERVER_PASSWORD, serverCredentials, type NodeRunResult } from '../harness';

export const HOST = 'http://bi.test';
export const BASE = `${HOST}/pentaho`;
export const AUTH = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;

/** A resource-locator value in "By Path" mode. */
export function rl(value: string): IDataObject {
	return { __rl: true, mode: 'path', value };
}

export interface ExecOptions {
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
	credentials?: ICredentialDataDecryptedObject;
}

/** `exec(resource, operation, parameters, options)` for one node: runs one operation through n8n's engine (credentials default to the nock server's). */
export function execFor(node: INodeType) {
	return async function exec(resource: string, operation: string, parameters: IDataObject = {}, options: ExecOptions = {}): Promise<NodeRunResult> {
		return await run(node, {
			parameters: { resource, operation, ...parameters } as INode['parameters'],
			credentials: { dataflowServerApi: options.credentials ?? serverCredentials(BASE) },
			input: options.input,
			continueOnFail: options.continueOnFail,
		});
	};
}

/** The bytes of an output binary field (memory or filesystem mode). */
export async function binaryBytes(item: INodeExecutionData, property = 'data'): Promise<Buffer> {
	const binary = item.binary?.[property];
	if (!binary) throw new Error(`No binary field ${property}`);
	if (binary.id) {
		const { Container } = await import('@n8n/di');
		const { BinaryDataService } = await import('n8n-core');
		return await Container.get(BinaryDataService).getAsBuffer(binary);
	}
	return Buffer.from(binary.data, 'base64');
}

/** The fake server of the nock tests, with the admin's Basic authorization required. */
export function server(headers: Record<string, string> = {}) {
	return nock(HOST, { reqheaders: { authorization: AUTH, ...headers } });
}

/** The hooks of a nock test file: no real network, no scope left over from the test before. */
export function useNock(): void {
	beforeAll(() => nock.disableNetConnect());
	afterEach(() => nock.cleanAll());
	afterAll(() => nock.enableNetConnect());
}
