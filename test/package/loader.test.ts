/**
 * The built package, packed as npm publishes it, loads with n8n-core's PackageDirectoryLoader — the
 * loader n8n uses for community packages — with every node and credential of the "n8n" block.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';

const root = path.resolve(__dirname, '../..');
const work = path.join(root, 'test/.tmp/pack');
const unpacked = path.join(work, 'package');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
	name: string;
	version: string;
	dependencies?: Record<string, string>;
	n8n: { nodes: string[]; credentials: string[] };
};

function run(command: string, args: string[], cwd = root): string {
	return execFileSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
}

/** The class name n8n expects in a file: the file name without its suffix. */
function typeNameOf(file: string, suffix: string): string {
	const base = path.basename(file, suffix);
	return base.charAt(0).toLowerCase() + base.slice(1);
}

let loader: PackageDirectoryLoader;
let tarballFiles: string[];

beforeAll(async () => {
	run(process.execPath, [path.join(root, 'node_modules/gulp/bin/gulp.js'), 'build']);
	rmSync(work, { recursive: true, force: true });
	mkdirSync(work, { recursive: true });
	const tarball = run('npm', ['pack', '--silent', '--pack-destination', work]).trim().split('\n').pop()!;
	run('tar', ['-xzf', path.join(work, tarball), '-C', work]);
	tarballFiles = run('tar', ['-tzf', path.join(work, tarball)]).trim().split('\n');
	loader = new PackageDirectoryLoader(unpacked);
	await loader.loadAll();
}, 600_000);

afterAll(() => rmSync(work, { recursive: true, force: true }));

describe('the packed package', () => {
	it('has no runtime dependencies and only dist/ besides package.json, README and LICENSE', () => {
		expect(pkg.dependencies).toBeUndefined();
		const outside = tarballFiles.filter((f) => !/^package\/(dist\/|package\.json$|README\.md$|LICENSE(\.md)?$)/.test(f));
		expect(outside).toEqual([]);
	});

	it('loads every node of the n8n block under its name', () => {
		expect(loader.packageName).toBe('n8n-nodes-dataflow');
		const expected = pkg.n8n.nodes.map((file) => typeNameOf(file, '.node.js')).sort();
		expect(Object.keys(loader.nodeTypes).sort()).toEqual(expected);
		for (const name of expected) {
			const description = (loader.nodeTypes[name].type as { description: { name: string; iconUrl?: unknown } }).description;
			expect(description.name).toBe(name);
			expect(description.iconUrl).toEqual({
				light: expect.stringMatching(/^icons\/n8n-nodes-dataflow\/dist\/icons\/.+\.svg$/),
				dark: expect.stringMatching(/^icons\/n8n-nodes-dataflow\/dist\/icons\/.+\.dark\.svg$/),
			});
		}
	});

	it('loads every credential of the n8n block', () => {
		const expected = pkg.n8n.credentials.map((file) => typeNameOf(file, '.credentials.js')).sort();
		expect(Object.keys(loader.credentialTypes).sort()).toEqual(expected);
	});

	it('ships the icons and codex files the nodes point at', () => {
		for (const file of pkg.n8n.nodes) {
			expect(existsSync(path.join(unpacked, file.replace(/\.js$/, '.json')))).toBe(true);
		}
		const icons = readdirSync(path.join(unpacked, 'dist/icons'));
		expect(icons.filter((f) => f.endsWith('.dark.svg')).length).toBeGreaterThan(0);
	});

	it('bundles its libraries: the built files require only n8n-workflow and Node built-ins', () => {
		for (const file of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
			const code = readFileSync(path.join(unpacked, file), 'utf8');
			const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
			const foreign = required.filter((name) => name !== 'n8n-workflow' && !name.startsWith('node:') && !/^[a-z_]+$/.test(name));
			expect({ file, foreign }).toEqual({ file, foreign: [] });
			expect(code).not.toMatch(/require\(["'](fast-xml-parser|fflate)["']\)/);
		}
	});
});
