/**
 * 3. Large files: a file downloaded (Repository → File → Get Content) and uploaded (File → Upload)
 * through our node with n8n's filesystem binary-data mode, against a plain stream copy over
 * loopback (http GET piped into a file, a file piped into an http PUT) to and from the same
 * emulator routes. Sizes 256 MiB and 1 GiB, so that memory growth can be compared across sizes.
 * Every transfer runs in a fresh process (bench/largeFilesWorker.ts) that samples its own memory.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, promises as fsp } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

import { EmulatorProcess } from './lib/emulator';
import { MiB, runsOf, runWorker, summarize, writeSectionResult, type Summary } from './lib/env';
import type { TransferResult, TransferTask } from './largeFilesWorker';

const SIZES = [256 * MiB, 1024 * MiB];
const AUTHORIZATION = `Basic ${Buffer.from('admin:password').toString('base64')}`;

type Kind = TransferTask['kind'];
const KINDS: Kind[] = ['nodeDownload', 'nodeUpload', 'plainDownload', 'plainUpload'];

function sourcePath(size: number): string {
	return `/public/bench/source-${size / MiB}MiB.bin`;
}

/** Pseudo-random content without holding it: one random MiB, stamped with its block number. */
function content(size: number): Readable {
	const block = randomBytes(MiB);
	return Readable.from(
		(function* () {
			for (let offset = 0, n = 0; offset < size; offset += MiB, n++) {
				const chunk = Buffer.from(block.subarray(0, Math.min(MiB, size - offset)));
				chunk.writeUInt32BE(n, 0);
				yield chunk;
			}
		})(),
	);
}

async function put(url: string, repoPath: string, size: number): Promise<void> {
	const id = `:${repoPath.split('/').filter(Boolean).join(':')}`;
	await new Promise<void>((resolve, reject) => {
		const request = http.request(
			`${url}/api/repo/files/${id}`,
			{ method: 'PUT', headers: { Authorization: AUTHORIZATION, 'Content-Type': 'application/octet-stream', 'Content-Length': String(size) } },
			(response) => {
				response.resume();
				response.on('end', () => (response.statusCode === 200 ? resolve() : reject(new Error(`PUT ${repoPath}: ${response.statusCode}`))));
			},
		);
		request.on('error', reject);
		pipeline(content(size), request).catch(reject);
	});
}

async function storedSize(url: string, repoPath: string): Promise<number> {
	const id = `:${repoPath.split('/').filter(Boolean).join(':')}`;
	return await new Promise<number>((resolve, reject) => {
		http
			.get(`${url}/api/repo/files/${id}/properties`, { headers: { Authorization: AUTHORIZATION, Accept: 'application/json' } }, (response) => {
				let text = '';
				response.setEncoding('utf8');
				response.on('data', (chunk: string) => (text += chunk));
				response.on('end', () => resolve(Number((JSON.parse(text) as { fileSize: number | string }).fileSize)));
			})
			.on('error', reject);
	});
}

async function transfer(task: TransferTask): Promise<TransferResult> {
	return await runWorker<TransferResult>('bench/largeFilesWorker.ts', task);
}

export interface SizeFigures {
	bytes: number;
	runs: number;
	/** Per kind: seconds, MiB/s and memory growth (MiB). */
	seconds: Record<Kind, Summary>;
	throughput: Record<Kind, Summary>;
	rssGrowthMiB: Record<Kind, Summary>;
	heapGrowthMiB: Record<Kind, Summary>;
	externalGrowthMiB: Record<Kind, Summary>;
	/** Node throughput / plain throughput, per run. */
	ratios: { download: Summary; upload: Summary };
}

export interface LargeFilesResult {
	sizes: Record<string, SizeFigures>;
	diskFree: string;
}

async function main() {
	const runs = runsOf(3);
	const binaryDir = mkdtempSync(path.join(os.tmpdir(), 'bench-n8n-binary-'));
	const plainDir = mkdtempSync(path.join(os.tmpdir(), 'bench-plain-'));
	const emu = await EmulatorProcess.start();
	const result: LargeFilesResult = { sizes: {}, diskFree: '' };
	try {
		const stat = await fsp.statfs(os.tmpdir());
		result.diskFree = `${((stat.bavail * stat.bsize) / 2 ** 30).toFixed(0)} GiB free in ${os.tmpdir()}`;
		if (stat.bavail * stat.bsize < 8 * 1024 * MiB) throw new Error(`Not enough disk space for the large-file benchmark: ${result.diskFree}`);
		for (const size of SIZES) await put(emu.url, sourcePath(size), size);

		const raw: Record<number, Record<Kind, TransferResult[]>> = {};
		for (const size of SIZES) raw[size] = { nodeDownload: [], nodeUpload: [], plainDownload: [], plainUpload: [] };
		for (let r = 0; r < runs; r++) {
			for (const size of SIZES) {
				const label = `${size / MiB}MiB`;
				const plainFile = path.join(plainDir, `download-${label}.bin`);
				const ours = async () => {
					const down = await transfer({ kind: 'nodeDownload', url: emu.url, path: sourcePath(size), binaryDir });
					const up = await transfer({ kind: 'nodeUpload', url: emu.url, path: `/public/bench/out/node-${label}.bin`, binaryDir, item: down.item });
					return [down, up];
				};
				const plain = async () => {
					const down = await transfer({ kind: 'plainDownload', url: emu.url, path: sourcePath(size), file: plainFile });
					const up = await transfer({ kind: 'plainUpload', url: emu.url, path: `/public/bench/out/plain-${label}.bin`, file: plainFile });
					return [down, up];
				};
				// Alternate which goes first, so that neither always meets a busier disk cache.
				let node: TransferResult[];
				let bare: TransferResult[];
				if (r % 2 === 0) {
					node = await ours();
					bare = await plain();
				} else {
					bare = await plain();
					node = await ours();
				}
				const results: Record<Kind, TransferResult> = { nodeDownload: node[0], nodeUpload: node[1], plainDownload: bare[0], plainUpload: bare[1] };
				for (const kind of KINDS) {
					if (results[kind].bytes !== size) throw new Error(`${kind} ${label} moved ${results[kind].bytes} bytes`);
					delete results[kind].item;
					raw[size][kind].push(results[kind]);
				}
				for (const who of ['node', 'plain']) {
					const stored = await storedSize(emu.url, `/public/bench/out/${who}-${label}.bin`);
					if (stored !== size) throw new Error(`The ${who} upload of ${label} stored ${stored} bytes`);
				}
				await fsp.rm(plainFile, { force: true });
				for (const entry of await fsp.readdir(binaryDir)) await fsp.rm(path.join(binaryDir, entry), { recursive: true, force: true });
				console.log(
					`  ${label} run ${r + 1}/${runs}: ${KINDS.map((k) => `${k} ${(results[k].ms / 1000).toFixed(2)} s, +${(results[k].memory.rss / MiB).toFixed(0)} MiB RSS`).join('; ')}`,
				);
			}
		}
		for (const size of SIZES) {
			const of = (pick: (t: TransferResult) => number) =>
				Object.fromEntries(KINDS.map((k) => [k, summarize(raw[size][k].map(pick))])) as Record<Kind, Summary>;
			const mibPerS = (t: TransferResult) => size / MiB / (t.ms / 1000);
			result.sizes[`${size / MiB}MiB`] = {
				bytes: size,
				runs,
				seconds: of((t) => t.ms / 1000),
				throughput: of(mibPerS),
				rssGrowthMiB: of((t) => t.memory.rss / MiB),
				heapGrowthMiB: of((t) => t.memory.heapUsed / MiB),
				externalGrowthMiB: of((t) => t.memory.external / MiB),
				ratios: {
					download: summarize(raw[size].nodeDownload.map((t, i) => mibPerS(t) / mibPerS(raw[size].plainDownload[i]))),
					upload: summarize(raw[size].nodeUpload.map((t, i) => mibPerS(t) / mibPerS(raw[size].plainUpload[i]))),
				},
			};
		}
		console.log(`  results: ${writeSectionResult('largeFiles', result)}`);
	} finally {
		await emu.stop();
		await fsp.rm(binaryDir, { recursive: true, force: true });
		await fsp.rm(plainDir, { recursive: true, force: true });
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
