/** Shared bits of the Repository node tests: running an operation, resource-locator values, a load-options context. */
import type { LoadOptionsContext } from 'n8n-core';
import {
	type ICredentialDataDecryptedObject,
	type IDataObject,
	type INode,
	type INodeExecutionData,
} from 'n8n-workflow';

import nock from 'nock';

import { DataflowRepository } from '../../nodes/Repository/DataflowRepository.node';
import { run, SERVER_PASSWORD, serverCredentials, type NodeRunResult } from '../harness';
import { loadOptionsContextFor } from '../harness/loadOptions';
import { useEmulator } from '../helpers/emulator';
import type { ProfileName } from '../../emulator/core/profiles';
import { serverProfile } from '../../emulator/core/profiles';

export const HOST = 'http://bi.test';
export const BASE = `${HOST}/pentaho`;
/** The files endpoints as nock sees them (with the context path). */
export const FILES = '/pentaho/api/repo/files';
export const AUTH = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;

export const node = new DataflowRepository();

/** A resource-locator value in "By Path" mode. */
export function rl(value: string): IDataObject {
	return { __rl: true, mode: 'path', value };
}

export interface ExecOptions {
	input?: INodeExecutionData[];
	continueOnFail?: boolean;
	credentials?: ICredentialDataDecryptedObject;
}

/** Runs one operation of the Repository node through n8n's engine. */
export async function exec(resource: string, operation: string, parameters: IDataObject = {}, options: ExecOptions = {}): Promise<NodeRunResult> {
	return await run(node, {
		parameters: { resource, operation, ...parameters } as INode['parameters'],
		credentials: { dataflowServerApi: options.credentials ?? serverCredentials(BASE) },
		input: options.input,
		continueOnFail: options.continueOnFail,
	});
}

/** An input item carrying a file in memory (n8n's default binary mode). */
export function binaryInput(content: Buffer | string, fileName: string, mimeType: string, property = 'data'): INodeExecutionData {
	const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
	return { json: {}, binary: { [property]: { data: data.toString('base64'), mimeType, fileName } } };
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

/** A load-options context (what n8n gives listSearch methods) for the Repository node. */
export function loadOptionsContext(credentials: ICredentialDataDecryptedObject): LoadOptionsContext {
	return loadOptionsContextFor(node, credentials, { resource: 'file', operation: 'getContent' }, 'parameters.path');
}

export { SERVER_PASSWORD, serverCredentials };

/** The fake server of the nock tests, with the admin's Basic authorization required. */
export function server(headers: Record<string, string> = {}) {
	return nock(HOST, { reqheaders: { authorization: AUTH, ...headers } });
}

export const json = { 'Content-Type': 'application/json' };
export const text = { 'Content-Type': 'text/plain' };

/** A repository file as the server lists it. */
export function fileDto(name: string, path: string, extra: Record<string, unknown> = {}) {
	return { name, path, id: `id-${name}`, folder: false, hidden: false, fileSize: 10, createdDate: '1700000000000', lastModifiedDate: '1700000001000', ...extra };
}

/** An ACL document as the server answers it: suzy (read, write), the Power User role (delete), not inheriting. */
export const ACL_XML =
	'<?xml version="1.0" encoding="UTF-8"?>\n<repositoryFileAclDto>' +
	'<aces><permissions>0</permissions><permissions>1</permissions><recipient>suzy</recipient><recipientType>0</recipientType><modifiable>true</modifiable></aces>' +
	'<aces><permissions>4</permissions><recipient>Power User</recipient><recipientType>1</recipientType><modifiable>true</modifiable></aces>' +
	'<entriesInheriting>false</entriesInheriting><owner>admin</owner><ownerType>0</ownerType></repositoryFileAclDto>';

/** A form body (sent as an object or as url-encoded text) as name/value pairs. */
export function formOf(body: unknown): Record<string, string> {
	if (body !== null && typeof body === 'object') return Object.fromEntries(Object.entries(body as Record<string, string>));
	return Object.fromEntries(new URLSearchParams(String(body)));
}

/**
 * The emulator of one server profile for the Repository node's behaviour tests, and what they use
 * of it: the administrator's and suzy's credentials, the profile's version test, and `ok`, a run
 * as the administrator that must succeed.
 */
export function repositoryEmulator(profile: ProfileName) {
	const fixture = useEmulator({ profile });
	const atLeast = (version: string) => serverProfile(profile).atLeast(version);
	const admin = () => fixture.server();
	const suzy = () => fixture.server({ user: 'suzy' });
	async function ok(resource: string, operation: string, parameters: IDataObject = {}, options: ExecOptions = {}) {
		const result = await exec(resource, operation, parameters, { credentials: admin(), ...options });
		expect(result.error?.message).toBeUndefined();
		return result;
	}
	return { fixture, atLeast, admin, suzy, ok };
}

/** The hooks of a nock test file: no real network, no scope left over from the test before. */
export function useNock(): void {
	beforeAll(() => nock.disableNetConnect());
	afterEach(() => nock.cleanAll());
	afterAll(() => nock.enableNetConnect());
}
