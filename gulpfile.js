/**
 * Build: type-check and compile with tsc, bundle every node and credential entry listed in the
 * package.json "n8n" block with esbuild (fast-xml-parser, fflate and our shared code inlined;
 * n8n-workflow stays external, n8n provides it), then copy icons and codex files into dist/.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');
const { series, src, dest } = require('gulp');

const root = __dirname;
const dist = path.join(root, 'dist');
const pkg = require('./package.json');

function entries() {
	return [...pkg.n8n.nodes, ...pkg.n8n.credentials].map((built) => {
		const source = built.replace(/^dist\//, '').replace(/\.js$/, '.ts');
		if (!fs.existsSync(path.join(root, source))) {
			throw new Error(`package.json lists ${built}, but ${source} does not exist`);
		}
		return { source, out: built };
	});
}

function clean(done) {
	fs.rmSync(dist, { recursive: true, force: true });
	fs.rmSync(path.join(root, '.build'), { recursive: true, force: true });
	done();
}

function compile(done) {
	execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json'], {
		cwd: root,
		stdio: 'inherit',
	});
	done();
}

async function bundle() {
	const esbuild = require('esbuild');
	await Promise.all(
		entries().map(({ source, out }) =>
			esbuild.build({
				entryPoints: [path.join(root, source)],
				outfile: path.join(root, out),
				bundle: true,
				platform: 'node',
				target: 'node20',
				format: 'cjs',
				mainFields: ['module', 'main'],
				conditions: ['import'],
				external: ['n8n-workflow'],
				// fflate's Node build loads worker_threads through require('module'), which n8n's
				// scanner refuses; its browser build is the same code without that (and its
				// worker parts are tree-shaken away, as only the synchronous functions are used).
				alias: { fflate: 'fflate/browser' },
				legalComments: 'inline',
				logLevel: 'warning',
			}),
		),
	);
}

function icons() {
	return src('icons/*.svg', { encoding: false }).pipe(dest('dist/icons'));
}

function codex() {
	return src(['nodes/**/*.node.json'], { base: '.' }).pipe(dest('dist'));
}

exports.clean = clean;
exports.build = series(clean, compile, bundle, icons, codex);
exports.default = exports.build;
