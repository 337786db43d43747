/**
 * One transfer of bench/largeFiles.ts, in a fresh process so that its peak memory growth is its
 * own (RSS rarely shrinks once grown, so a second transfer in the same process would hide growth).
 *
 *   node --expose-gc scripts/run-ts.js bench/largeFilesWorker.ts '<json task>'
 *
 * Tasks: nodeDownload (Repository → File → Get Content into n8n's filesystem binary storage),
 * nodeUpload (Repository → File → Upload from that storage), plainDownload (http GET piped into a
 * file), plainUpload (a file piped into an http PUT). Each first does a small transfer of the same
 * kind (not measured) so that code loading and compilation are not counted as growth, then samples
 * memory every 50 ms while it transfers the large file. The result is printed as one JSON line.
 */
import { createReadStream, createWriteStream, promises as fsp } from 'node:fs';
import http from 'node:http';
import { pipeline } from 'node:stream/promises';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { INodeExecutionData } from 'n8n-workflow';

import { DataflowRepository } from '../nodes/Repository/DataflowRepository.node';
import { serverCredentials } from '../test/harness';
import { run, useFilesystemBinaryData } from './lib/engine';
import { MemorySampler, type MemoryGrowth } from './lib/memory';
import { ms } from './lib/env';

export interface TransferTask {
	kind: 'nodeDownload' | 'nodeUpload' | 'plainDownload' | 'plainUpload';
	/** The emulator's base URL (with the context path). */
	url: string;
	/** Repository path of the file to download, or to upload to. */
	path: string;
	/** nodeDownload / nodeUpload: n8n's binary-data folder. */
	binaryDir?: string;
	/** nodeUpload: the item that nodeDownload gave. */
	item?: INodeExecutionData;
	/** plainDownload / plainUpload: the local file. */
	file?: string;
}

export interface TransferResult {
	ms: number;
	bytes: number;
	memory: MemoryGrowth;
	item?: INodeExecutionData;
}

const repository = new DataflowRepository();
const AUTHORIZATION = `Basic ${Buffer.from('admin:password').toString('base64')}`;
const rl = (value: string) => ({ __rl: true, mode: 'path', value });

function pathId(path: string): string {
	return encodeURIComponent(`:${path.split('/').filter(Boolean).join(':')}`).replace(/%3A/g, ':');
}

async function nodeDownload(task: TransferTask, path: string): Promise<{ bytes: number; item: INodeExecutionData }> {
	const result = await run(repository, {
		parameters: { resource: 'file', operation: 'getContent', path: rl(path), binaryPropertyName: 'data' },
		credentials: { dataflowServerApi: serverCredentials(task.url, { password: 'password' }) },
	});
	if (result.error) throw result.error;
	const item = result.items[0];
	const binary = item.binary?.data;
	if (!binary?.id?.startsWith('filesystem')) throw new Error(`The download is not in filesystem storage: ${JSON.stringify(binary)}`);
	const stored = await fsp.stat(Container.get(BinaryDataService).getPath(binary.id));
	return { bytes: stored.size, item };
}

async function nodeUpload(task: TransferTask, item: INodeExecutionData, folder: string, fileName: string): Promise<number> {
	const result = await run(repository, {
		parameters: { resource: 'file', operation: 'upload', folder: rl(folder), binaryPropertyName: 'data', options: { fileName } },
		credentials: { dataflowServerApi: serverCredentials(task.url, { password: 'password' }) },
		input: [item],
	});
	if (result.error) throw result.error;
	return Number(result.items[0].json.fileSize);
}

async function plainDownload(url: string, path: string, file: string): Promise<number> {
	return await new Promise<number>((resolve, reject) => {
		http
			.get(`${url}/api/repo/files/${pathId(path)}`, { agent: new http.Agent(), headers: { Authorization: AUTHORIZATION } }, (response) => {
				if (response.statusCode !== 200) {
					reject(new Error(`GET answered ${response.statusCode}`));
					response.resume();
					return;
				}
				pipeline(response, createWriteStream(file))
					.then(async () => resolve((await fsp.stat(file)).size))
					.catch(reject);
			})
			.on('error', reject);
	});
}

async function plainUpload(url: string, path: string, file: string): Promise<number> {
	const size = (await fsp.stat(file)).size;
	return await new Promise<number>((resolve, reject) => {
		const request = http.request(
			`${url}/api/repo/files/${pathId(path)}`,
			{
				method: 'PUT',
				agent: new http.Agent(),
				headers: { Authorization: AUTHORIZATION, 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) },
			},
			(response) => {
				response.resume();
				response.on('end', () => (response.statusCode === 200 ? resolve(size) : reject(new Error(`PUT answered ${response.statusCode}`))));
			},
		);
		request.on('error', reject);
		pipeline(createReadStream(file), request).catch(reject);
	});
}

async function measure(work: () => Promise<{ bytes: number; item?: INodeExecutionData }>): Promise<TransferResult> {
	const sampler = MemorySampler.start(50);
	const start = process.hrtime.bigint();
	const { bytes, item } = await work();
	const elapsed = ms(start);
	return { ms: elapsed, bytes, memory: sampler.stop(), item };
}

async function main() {
	const task = JSON.parse(process.argv[2]) as TransferTask;
	const folderOf = (path: string) => path.replace(/\/[^/]+$/, '') || '/';
	const nameOf = (path: string) => path.split('/').pop() as string;
	let result: TransferResult;
	switch (task.kind) {
		case 'nodeDownload': {
			await useFilesystemBinaryData(task.binaryDir);
			await nodeDownload(task, '/home/admin/sales.ktr');
			result = await measure(async () => await nodeDownload(task, task.path));
			break;
		}
		case 'nodeUpload': {
			if (!task.item) throw new Error('nodeUpload needs the item');
			await useFilesystemBinaryData(task.binaryDir);
			const small = await nodeDownload(task, '/home/admin/sales.ktr');
			await nodeUpload(task, small.item, folderOf(task.path), 'warm-up.ktr');
			const item = task.item;
			result = await measure(async () => ({ bytes: await nodeUpload(task, item, folderOf(task.path), nameOf(task.path)) }));
			break;
		}
		case 'plainDownload': {
			if (!task.file) throw new Error('plainDownload needs the file');
			await plainDownload(task.url, '/home/admin/sales.ktr', `${task.file}.warm-up`);
			await fsp.rm(`${task.file}.warm-up`, { force: true });
			const file = task.file;
			result = await measure(async () => ({ bytes: await plainDownload(task.url, task.path, file) }));
			break;
		}
		case 'plainUpload': {
			if (!task.file) throw new Error('plainUpload needs the file');
			const file = task.file;
			const warmUp = `${file}.warm-up`;
			await fsp.writeFile(warmUp, 'warm-up');
			await plainUpload(task.url, `${folderOf(task.path)}/warm-up.bin`, warmUp);
			await fsp.rm(warmUp, { force: true });
			result = await measure(async () => ({ bytes: await plainUpload(task.url, task.path, file) }));
			break;
		}
	}
	process.stdout.write(`RESULT ${JSON.stringify(result)}\n`);
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
