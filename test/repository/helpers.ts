/** Shared bits of the Repository node tests: running an operation, resource-locator values, a load-options context. */
import type { LoadOptionsContext } from 'n8n-core';
import type { ICredentialDataDecryptedObject, IDataObject, INodeExecutionData } from 'n8n-workflow';

import { DataflowRepository } from '../../nodes/Repository/DataflowRepository.node';
import { SERVER_PASSWORD, serverCredentials } from '../harness';
import { loadOptionsContextFor } from '../harness/loadOptions';
import { execFor, type ExecOptions } from '../helpers/nodeTests';

export { AUTH, BASE, binaryBytes, HOST, rl, server, useNock, type ExecOptions } from '../helpers/nodeTests';
import { useEmulator } from '../helpers/emulator';
import type { ProfileName } from '../../emulator/core/profiles';
import { serverProfile } from '../../emulator/core/profiles';

/** The files endpoints as nock sees them (with the context path). */
export const FILES = '/pentaho/api/repo/files';

export const node = new DataflowRepository();
/** Runs one operation of the Repository node through n8n's engine. */
export const exec = execFor(node);

/** An input item carrying a file in memory (n8n's default binary mode). */
export function binaryInput(content: Buffer | string, fileName: string, mimeType: string, property = 'data'): INodeExecutionData {
	const data = Buffer.isBuffer(content) ? content : Buffer.from(content, 'utf8');
	return { json: {}, binary: { [property]: { data: data.toString('base64'), mimeType, fileName } } };
}

/** A load-options context (what n8n gives listSearch methods) for the Repository node. */
export function loadOptionsContext(credentials: ICredentialDataDecryptedObject): LoadOptionsContext {
	return loadOptionsContextFor(node, credentials, { resource: 'file', operation: 'getContent' }, 'parameters.path');
}

export { SERVER_PASSWORD, serverCredentials };

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
