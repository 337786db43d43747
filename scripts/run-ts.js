#!/usr/bin/env node
/**
 * Runs a TypeScript entry (emulator, demo, benchmarks, end-to-end tests) with Node: esbuild bundles
 * the entry and its local imports into .build/run/, packages stay in node_modules.
 *   node scripts/run-ts.js emulator/cli.ts --port 8080
 */
const path = require('node:path');
const esbuild = require('esbuild');

const [entry, ...args] = process.argv.slice(2);
if (!entry) {
	console.error('usage: node scripts/run-ts.js <file.ts> [args...]');
	process.exit(2);
}
const root = path.resolve(__dirname, '..');
const outfile = path.join(root, '.build', 'run', `${entry.replace(/[\\/]/g, '__').replace(/\.ts$/, '')}.js`);
esbuild.buildSync({
	entryPoints: [path.resolve(entry)],
	outfile,
	bundle: true,
	platform: 'node',
	target: 'node20',
	format: 'cjs',
	packages: 'external',
	sourcemap: 'inline',
	logLevel: 'warning',
});
process.argv = [process.argv[0], outfile, ...args];
require(outfile);
