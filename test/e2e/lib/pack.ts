/**
 * The package as users get it: `npm run build`, `npm pack`, and the tarball installed into
 * `$N8N_USER_FOLDER/.n8n/nodes/node_modules/<name>` the way n8n's community-package service does it
 * (extract, strip dev/peer/optional dependencies, `npm install --install-strategy=shallow
 * --ignore-scripts --package-lock=false` in the package folder, record it in `nodes/package.json`).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { ROOT, readManifest } from './paths';
import { tail } from './processes';

function npmEnv(): NodeJS.ProcessEnv {
	const env: NodeJS.ProcessEnv = {};
	for (const [key, value] of Object.entries(process.env)) if (!/^npm_/i.test(key)) env[key] = value;
	return { ...env, npm_config_update_notifier: 'false', npm_config_fund: 'false', npm_config_audit: 'false' };
}

function run(command: string, args: string[], cwd: string, logFile: string): Promise<string> {
	return new Promise((resolve, reject) => {
		const log = createWriteStream(logFile, { flags: 'a' });
		log.write(`\n$ ${command} ${args.join(' ')}   (in ${cwd})\n`);
		const child = spawn(command, args, { cwd, env: npmEnv(), stdio: ['ignore', 'pipe', 'pipe'] });
		let stdout = '';
		let all = '';
		child.stdout.on('data', (chunk: Buffer) => {
			stdout += chunk.toString('utf8');
			all += chunk.toString('utf8');
			log.write(chunk);
		});
		child.stderr.on('data', (chunk: Buffer) => {
			all += chunk.toString('utf8');
			log.write(chunk);
		});
		child.on('error', reject);
		child.on('close', (code) => {
			log.end();
			if (code === 0) resolve(stdout);
			else reject(new Error(`${command} ${args.join(' ')} failed (exit ${code}); log: ${logFile}\n${tail(all, 15)}`));
		});
	});
}

export interface PackedPackage {
	name: string;
	version: string;
	tarball: string;
	files: number;
}

/** `npm run build` then `npm pack` into `workDir`. */
export async function buildAndPack(workDir: string): Promise<PackedPackage> {
	const log = path.join(workDir, 'build.log');
	await run('npm', ['run', 'build'], ROOT, log);
	const json = await run('npm', ['pack', '--json', '--pack-destination', workDir], ROOT, log);
	const [info] = JSON.parse(json.slice(json.indexOf('['))) as Array<{ name: string; version: string; filename: string; files: unknown[] }>;
	return { name: info.name, version: info.version, tarball: path.join(workDir, info.filename), files: info.files.length };
}

/** Installs the tarball into an n8n user folder exactly as n8n installs a community package. */
export async function installIntoN8n(pkg: PackedPackage, userFolder: string, logFile: string): Promise<string> {
	const nodesDir = path.join(userFolder, '.n8n', 'nodes');
	const packageDir = path.join(nodesDir, 'node_modules', pkg.name);
	rmSync(packageDir, { recursive: true, force: true });
	mkdirSync(packageDir, { recursive: true });
	const manifestPath = path.join(nodesDir, 'package.json');
	if (!existsSync(manifestPath)) writeFileSync(manifestPath, JSON.stringify({ name: 'installed-nodes', private: true, dependencies: {} }, null, 2));
	await run('tar', ['-xzf', pkg.tarball, '-C', packageDir, '--strip-components=1'], nodesDir, logFile);
	const packageJsonPath = path.join(packageDir, 'package.json');
	const { devDependencies: _d, peerDependencies: _p, optionalDependencies: _o, ...packageJson } = JSON.parse(readFileSync(packageJsonPath, 'utf8')) as Record<string, unknown>;
	writeFileSync(packageJsonPath, JSON.stringify(packageJson, null, 2));
	await run(
		'npm',
		['install', '--audit=false', '--fund=false', '--bin-links=false', '--install-strategy=shallow', '--ignore-scripts=true', '--package-lock=false'],
		packageDir,
		logFile,
	);
	const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as { dependencies: Record<string, string> };
	manifest.dependencies = { ...manifest.dependencies, [pkg.name]: pkg.version };
	writeFileSync(manifestPath, JSON.stringify(manifest, null, 2));
	return packageDir;
}

export interface ExpectedTypes {
	/** n8n type names, e.g. `n8n-nodes-dataflow.dataflowCatalog` and `...dataflowCatalogTool`. */
	nodes: string[];
	credentials: string[];
	/** Node name → whether it is usable as a tool. */
	nodeNames: Array<{ name: string; displayName: string; tool: boolean }>;
}

/**
 * What n8n must list for this package, derived from package.json's `n8n` block and the built
 * classes in dist/ (the files the tarball holds): every node as `<package>.<name>` (action nodes
 * with `usableAsTool` also as `<name>Tool`) and every credential by its name.
 */
export function expectedTypes(): ExpectedTypes {
	const manifest = readManifest();
	const load = createRequire(path.join(ROOT, 'package.json'));
	const instances = (file: string) => {
		const exported = load(path.join(ROOT, file)) as Record<string, unknown>;
		return Object.values(exported)
			.filter((value): value is new () => Record<string, any> => typeof value === 'function')
			.map((Class) => new Class());
	};
	const nodeNames: ExpectedTypes['nodeNames'] = [];
	for (const file of manifest.n8n.nodes ?? []) {
		for (const node of instances(file)) {
			const description = (node.description ?? {}) as { name?: string; displayName?: string; usableAsTool?: unknown };
			if (!description.name) continue;
			let tool = Boolean(description.usableAsTool);
			// Versioned nodes: a tool if any version is.
			const versions = (node.nodeVersions ?? {}) as Record<string, { description?: { usableAsTool?: unknown } }>;
			for (const version of Object.values(versions)) tool ||= Boolean(version.description?.usableAsTool);
			nodeNames.push({ name: description.name, displayName: description.displayName ?? description.name, tool });
		}
	}
	const credentials: string[] = [];
	for (const file of manifest.n8n.credentials ?? []) {
		for (const credential of instances(file)) if (typeof credential.name === 'string') credentials.push(credential.name);
	}
	const nodes = nodeNames.flatMap(({ name, tool }) => [`${manifest.name}.${name}`, ...(tool ? [`${manifest.name}.${name}Tool`] : [])]);
	return { nodes, credentials, nodeNames };
}
