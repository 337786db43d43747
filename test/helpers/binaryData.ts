/**
 * n8n's filesystem binary-data mode for tests: binary data is written to a temporary folder and
 * nodes get it back as streams (`getBinaryStream`), as on an n8n instance with
 * N8N_DEFAULT_BINARY_DATA_MODE=filesystem. Without this, n8n-core keeps binary data in memory
 * (base64 in the item), which hides whether a node streams.
 *
 *   const binaryData = useFilesystemBinaryData();   // beforeAll / afterAll hooks of the test file
 */
import { mkdtempSync, promises as fsp } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';

export interface FilesystemBinaryData {
	/** The storage folder (set in beforeAll). */
	readonly dir: string;
	/** How many bytes are stored under the folder. */
	storedBytes(): Promise<number>;
}

type ServiceArguments = ConstructorParameters<typeof BinaryDataService>;

const silentLogger = {
	debug() {},
	info() {},
	warn() {},
	error() {},
	scoped() {
		return silentLogger;
	},
};

async function sizeOf(path: string): Promise<number> {
	const stat = await fsp.stat(path);
	if (!stat.isDirectory()) return stat.size;
	let total = 0;
	for (const entry of await fsp.readdir(path)) total += await sizeOf(join(path, entry));
	return total;
}

/** Registers hooks that switch n8n-core's BinaryDataService to filesystem mode for this test file. */
export function useFilesystemBinaryData(): FilesystemBinaryData {
	let dir = '';
	let previous: BinaryDataService | undefined;
	beforeAll(async () => {
		dir = mkdtempSync(join(tmpdir(), 'n8n-binary-data-'));
		previous = Container.has(BinaryDataService) ? Container.get(BinaryDataService) : undefined;
		const config = { mode: 'filesystem', localStoragePath: dir, availableModes: ['filesystem'], signingSecret: 'test', dbMaxFileSize: 512 };
		const errorReporter = { error() {}, warn() {}, info() {} };
		const service = new BinaryDataService(...([config, errorReporter, silentLogger] as unknown as ServiceArguments));
		await service.init();
		Container.set(BinaryDataService, service);
	});
	afterAll(async () => {
		if (previous) Container.set(BinaryDataService, previous);
		if (dir) await fsp.rm(dir, { recursive: true, force: true });
	});
	return {
		get dir() {
			return dir;
		},
		storedBytes: async () => (dir ? await sizeOf(dir) : 0),
	};
}
