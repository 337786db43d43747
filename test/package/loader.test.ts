/**
 * The built package, packed as npm publishes it, loads with n8n-core's PackageDirectoryLoader — the
 * loader n8n uses for community packages — with every node and credential of the "n8n" block, from
 * the unpacked tarball alone (no node_modules of its own: only n8n-workflow, which n8n provides,
 * resolves outside it). The shared layer and the bundled libraries exist once in dist/, and the
 * tarball stays within its size budget.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';

import { PackageDirectoryLoader } from 'n8n-core';

const root = path.resolve(__dirname, '../..');
// Outside the checkout, laid out as n8n installs community packages (<folder>/node_modules/<package>),
// next to n8n-workflow only, so that nothing else from our node_modules can resolve.
const work = mkdtempSync(path.join(tmpdir(), 'dataflow-pack-'));
const modules = path.join(work, 'node_modules');
const unpacked = path.join(modules, 'n8n-nodes-dataflow');
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

/** Packed size budget (issue 22): n8n loads every node file of every community package at start-up. */
// 200 kB until the Report node and Trash Restore (stop 15); what a node adds is measured here, not assumed.
const PACKED_BUDGET = 240_000;

function jsFilesUnder(dir: string): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return jsFilesUnder(full);
		return entry.name.endsWith('.js') ? [full] : [];
	});
}

function requiresOf(file: string): string[] {
	return [...readFileSync(file, 'utf8').matchAll(/require\(\s*["'`]([^"'`]+)["'`]\s*\)/g)].map((m) => m[1]);
}

let loader: PackageDirectoryLoader;
let tarballFiles: string[];
let packedSize: number;

beforeAll(async () => {
	run(process.execPath, [path.join(root, 'node_modules/gulp/bin/gulp.js'), 'build']);
	const tarball = run('npm', ['pack', '--silent', '--pack-destination', work]).trim().split('\n').pop()!;
	packedSize = statSync(path.join(work, tarball)).size;
	mkdirSync(unpacked, { recursive: true });
	run('tar', ['-xzf', path.join(work, tarball), '-C', unpacked, '--strip-components=1']);
	symlinkSync(path.dirname(require.resolve('n8n-workflow/package.json')), path.join(modules, 'n8n-workflow'), 'dir');
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

	it('is self-contained: every require in dist/ is n8n-workflow, a Node built-in or a file inside dist/', () => {
		const files = jsFilesUnder(path.join(unpacked, 'dist'));
		expect(files.length).toBeGreaterThan(pkg.n8n.nodes.length + pkg.n8n.credentials.length);
		expect(existsSync(path.join(unpacked, 'node_modules'))).toBe(false);
		const problems: string[] = [];
		for (const file of files) {
			for (const name of requiresOf(file)) {
				if (name.startsWith('.')) {
					const target = path.resolve(path.dirname(file), name);
					const found = [target, `${target}.js`, `${target}.json`, path.join(target, 'index.js')].some(
						(candidate) => existsSync(candidate) && statSync(candidate).isFile(),
					);
					if (!found || !target.startsWith(path.join(unpacked, 'dist') + path.sep)) problems.push(`${file}: ${name}`);
				} else if (name !== 'n8n-workflow' && !name.startsWith('node:') && !builtinModules.includes(name)) {
					problems.push(`${file}: ${name}`);
				}
			}
		}
		expect(problems).toEqual([]);
	});

	it('holds the shared layer and each bundled library once', () => {
		const files = jsFilesUnder(path.join(unpacked, 'dist'));
		const rel = (file: string) => path.relative(unpacked, file);
		// A string of fast-xml-parser's validator and one of fflate's unzip, each in exactly one file.
		const copiesOf = (marker: RegExp) => files.filter((file) => marker.test(readFileSync(file, 'utf8'))).map(rel);
		expect(copiesOf(/"InvalidTag"/)).toEqual(['dist/vendor/fast-xml-parser.js']);
		expect(copiesOf(/invalid zip data/)).toEqual(['dist/vendor/fflate.js']);
		// The shared request layer is one file that the nodes require, not a copy inside each node file.
		expect(copiesOf(/function serverBaseUrl\(/)).toEqual(['dist/nodes/common/transport.js']);
		for (const file of pkg.n8n.nodes) {
			const code = readFileSync(path.join(unpacked, file), 'utf8');
			expect({ file, size: code.length < 64 * 1024 }).toEqual({ file, size: true });
			expect(code).not.toMatch(/require\(["'](fast-xml-parser|fflate)["']\)/);
		}
		expect(requiresOf(path.join(unpacked, 'dist/nodes/common/xml.js'))).toContain('../../vendor/fast-xml-parser.js');
	});

	it(`packs to at most ${PACKED_BUDGET / 1000} kB`, () => {
		expect(packedSize).toBeLessThanOrEqual(PACKED_BUDGET);
	});
});
