/** What the Data Source nock tests share: the node, credentials, the base URLs and answer builders. */
import busboy from 'busboy';
import nock from 'nock';
import { Readable } from 'node:stream';
import type { INodeExecutionData } from 'n8n-workflow';

import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { SERVER_PASSWORD, serverCredentials } from '../harness';

export const HOST = 'http://bi.test';
export const BASE = `${HOST}/pentaho`;
export const DS = '/pentaho/plugin/data-access/api/datasource';
export const node = new DataflowDataSource();
export const credentials = { dataflowServerApi: serverCredentials(BASE) };
export const basic = `Basic ${Buffer.from(`admin:${SERVER_PASSWORD}`).toString('base64')}`;

export const rl = (value: string) => ({ __rl: true, mode: 'name', value });
export const fromList = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });


export function jersey(names: string[]) {
	return { Item: names.map((name) => ({ '@type': 'xs:string', $: name })) };
}

/** Parses a multipart body as the server would. */
export async function parseMultipart(body: Buffer, contentType: string) {
	return await new Promise<{ fields: Record<string, string>; files: Record<string, { fileName: string; mimeType: string; content: string }>; order: string[] }>(
		(resolve, reject) => {
			const fields: Record<string, string> = {};
			const files: Record<string, { fileName: string; mimeType: string; content: string }> = {};
			const order: string[] = [];
			const parser = busboy({ headers: { 'content-type': contentType } });
			parser.on('field', (name, value) => {
				order.push(name);
				fields[name] = value;
			});
			parser.on('file', (name, stream, info) => {
				order.push(name);
				const chunks: Buffer[] = [];
				stream.on('data', (c: Buffer) => chunks.push(c));
				stream.on('end', () => (files[name] = { fileName: info.filename, mimeType: info.mimeType, content: Buffer.concat(chunks).toString('utf8') }));
			});
			parser.on('close', () => resolve({ fields, files, order }));
			parser.on('error', reject);
			Readable.from([body]).pipe(parser);
		},
	);
}

/** Answers any request to the host and counts them: bad input must leave the count at 0. */
export function countRequests(): { count: () => number } {
	let count = 0;
	const scope = nock(HOST).persist();
	for (const method of ['get', 'put', 'post', 'delete'] as const) {
		scope[method](/.*/).reply(() => {
			count++;
			return [204, ''];
		});
	}
	return { count: () => count };
}

export const JDBC = '/plugin/data-access/api/datasource/jdbc/connection';

/** The reads before a write of a connection the server does not have: GET one answers an empty 500, the list lacks it. */
export function newConnection(encodedName: string, others: string[] = ['SampleData']) {
	return nock(BASE).get(`${JDBC}/${encodedName}`).reply(500, '').get(JDBC).reply(200, jersey(others));
}

/**
 * The PUT that writes a connection (`encodedName` as in the path), answered with `status`; returns a reader of the
 * JSON body the node sent.
 */
export function capturePut(encodedName: string, status: number, reqheaders: Record<string, string> = {}): () => Record<string, unknown> {
	let sent: Record<string, unknown> = {};
	nock(BASE, { reqheaders })
		.put(`${JDBC}/${encodedName}`, (body) => {
			sent = body as Record<string, unknown>;
			return true;
		})
		.reply(status);
	return () => sent;
}

/** The CSRF token service of a server with protection off: 204 without a token. */
export function noCsrfToken(times = 1) {
	return nock(BASE).get('/api/csrf/token').query(true).times(times).reply(204, '');
}

/** Every output key of a connection with Include Password, in order (the same on every server version). */
export const CONNECTION_KEYS_WITH_PASSWORD = [
	'id', 'name', 'databaseType', 'accessType', 'accessTypeValue', 'hostname', 'databaseName', 'databasePort', 'username', 'password',
	'connectSql', 'dataTablespace', 'indexTablespace', 'informixServername', 'SQLServerInstance', 'streamingResults', 'quoteAllFields',
	'changed', 'usingDoubleDecimalAsSchemaTableSeparator', 'forcingIdentifiersToLowerCase', 'forcingIdentifiersToUpperCase',
	'usingConnectionPool', 'partitioned', 'initialPoolSize', 'maximumPoolSize', 'extraOptions', 'extraOptionsOrder', 'attributes',
	'connectionPoolingProperties', 'partitioningInformation',
];

/** Every output key of a connection by default: the password is left out. */
export const CONNECTION_KEYS = CONNECTION_KEYS_WITH_PASSWORD.filter((key) => key !== 'password');

export function schemaItem(content: string, fileName = 'budget.mondrian.xml'): INodeExecutionData {
	return { json: {}, binary: { data: { data: Buffer.from(content).toString('base64'), mimeType: 'text/xml', fileName } } };
}
