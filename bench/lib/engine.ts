/**
 * The execution engine for the benchmarks: the test harness (n8n-core's WorkflowExecute with the
 * package's credential classes), n8n's own HTTP Request node loaded from the end-to-end toolchain
 * into that same engine, and n8n-core's filesystem binary-data mode.
 *
 * The HTTP Request node comes from the toolchain's n8n-nodes-base (the package n8n ships). Its
 * imports of n8n-workflow, n8n-core and @n8n/di are pointed at this project's copies (the same
 * versions as in the toolchain: n8n-core 2.41.1, n8n-workflow 2.41.0, @n8n/di 0.17.0), so both
 * nodes run on one engine instance, one DI container and one HTTP stack, in this Node process.
 */
import { mkdtempSync, promises as fsp } from 'node:fs';
import Module, { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';

import { Container } from '@n8n/di';
import { BinaryDataService } from 'n8n-core';
import type { ICredentialType, IVersionedNodeType } from 'n8n-workflow';

import { ensureToolchain, toolchainDir } from '../../test/e2e/lib/toolchain';
import { packageVersion, ROOT } from './env';

export { credentialTypes, run, runWorkflow } from '../../test/harness';

/** Packages the toolchain's code must share with the harness (one engine, one container). */
const SHARED = ['n8n-workflow', 'n8n-core', '@n8n/di'];

export interface HttpRequestNode {
	nodeType: IVersionedNodeType;
	basicAuth: ICredentialType;
	toolchain: string;
	nodesBaseVersion: string;
	defaultVersion: number;
	/** Versions found in the toolchain (must equal ours for the redirection to be sound). */
	toolchainVersions: Record<string, string>;
}

let loaded: HttpRequestNode | undefined;

type Resolve = (request: string, parent: { filename?: string } | undefined, ...rest: unknown[]) => string;

/** Loads n8n-nodes-base's HTTP Request node (and the HTTP Basic Auth credential) from the toolchain. */
export async function loadHttpRequestNode(say: (line: string) => void = () => {}): Promise<HttpRequestNode> {
	if (loaded) return loaded;
	let dir = toolchainDir();
	try {
		await fsp.access(path.join(dir, '.dataflow-toolchain-complete.json'));
	} catch {
		say('The end-to-end toolchain is missing: installing it (about 5 minutes, once)…');
		dir = (await ensureToolchain(say)).dir;
	}
	const modules = path.join(dir, 'node_modules');
	const toolchainVersions: Record<string, string> = {};
	for (const name of [...SHARED, 'n8n-nodes-base', 'n8n']) toolchainVersions[name] = packageVersion(name, dir);
	for (const name of SHARED) {
		if (toolchainVersions[name] !== packageVersion(name)) {
			throw new Error(`The toolchain has ${name} ${toolchainVersions[name]}, this project ${packageVersion(name)}: they must be equal`);
		}
	}
	const ours = createRequire(path.join(ROOT, 'package.json'));
	const moduleInternals = Module as unknown as { _resolveFilename: Resolve };
	const original = moduleInternals._resolveFilename;
	moduleInternals._resolveFilename = function (this: unknown, request, parent, ...rest) {
		if (parent?.filename?.startsWith(modules) && SHARED.some((name) => request === name || request.startsWith(`${name}/`))) {
			return ours.resolve(request);
		}
		return original.call(this, request, parent, ...rest);
	};
	const base = path.join(modules, 'n8n-nodes-base', 'dist');
	const load = createRequire(path.join(base, 'index.js'));
	const { HttpRequest } = load(path.join(base, 'nodes', 'HttpRequest', 'HttpRequest.node.js')) as { HttpRequest: new () => IVersionedNodeType };
	const { HttpBasicAuth } = load(path.join(base, 'credentials', 'HttpBasicAuth.credentials.js')) as { HttpBasicAuth: new () => ICredentialType };
	const nodeType = new HttpRequest();
	loaded = {
		nodeType,
		basicAuth: new HttpBasicAuth(),
		toolchain: dir,
		nodesBaseVersion: toolchainVersions['n8n-nodes-base'],
		defaultVersion: nodeType.description.defaultVersion ?? 1,
		toolchainVersions,
	};
	return loaded;
}

const silentLogger = {
	debug() {},
	info() {},
	warn() {},
	error() {},
	scoped() {
		return silentLogger;
	},
};

export interface FilesystemBinaryData {
	dir: string;
	/** Removes every stored file (between runs). */
	clear(): Promise<void>;
	close(): Promise<void>;
}

type ServiceArguments = ConstructorParameters<typeof BinaryDataService>;

/**
 * n8n-core's BinaryDataService in filesystem mode on a temporary folder (as an n8n instance with
 * N8N_DEFAULT_BINARY_DATA_MODE=filesystem), the same set-up as test/helpers/binaryData.ts.
 */
export async function useFilesystemBinaryData(existingDir?: string): Promise<FilesystemBinaryData> {
	const dir = existingDir ?? mkdtempSync(path.join(os.tmpdir(), 'bench-binary-data-'));
	const config = { mode: 'filesystem', localStoragePath: dir, availableModes: ['filesystem'], signingSecret: 'bench', dbMaxFileSize: 512 };
	const errorReporter = { error() {}, warn() {}, info() {} };
	const service = new BinaryDataService(...([config, errorReporter, silentLogger] as unknown as ServiceArguments));
	await service.init();
	Container.set(BinaryDataService, service);
	const clear = async () => {
		for (const entry of await fsp.readdir(dir)) await fsp.rm(path.join(dir, entry), { recursive: true, force: true });
	};
	return { dir, clear, close: async () => await fsp.rm(dir, { recursive: true, force: true }) };
}
