/**
 * Build: type-check and compile with tsc into dist/ (one .js file per source file, as `n8n-node
 * build` does, so the shared layer exists once; comments and indentation are left out of dist/ —
 * they stay in the attested GitHub source — because the package must stay under 200 kB packed), bundle each third-party library the nodes import
 * (fast-xml-parser, fflate) once into dist/vendor/ with esbuild, point the compiled requires of those
 * libraries at dist/vendor/, then copy icons and codex files into dist/.
 *
 * The result has no runtime dependencies: every require in dist/ is n8n-workflow (n8n provides it),
 * a Node built-in, or a relative path that exists inside dist/. The build fails otherwise.
 */
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const { builtinModules } = require('node:module');
const path = require('node:path');
const { series, src, dest } = require('gulp');

const root = __dirname;
const dist = path.join(root, 'dist');
const vendorDir = path.join(dist, 'vendor');
const pkg = require('./package.json');

/**
 * The libraries bundled into dist/vendor/<file>.js. `from` is what esbuild bundles: fflate's Node
 * build loads worker_threads through require('module'), which n8n's scanner refuses; its browser
 * build is the same code without that (its worker parts are not used).
 */
const VENDORED = {
	'fast-xml-parser': { from: 'fast-xml-parser', file: 'fast-xml-parser.js' },
	fflate: { from: 'fflate/browser', file: 'fflate.js' },
};
/** Bare module names the built code may require: provided by n8n at runtime. */
const PROVIDED = new Set(['n8n-workflow']);

function walk(dir, filter) {
	return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const full = path.join(dir, entry.name);
		if (entry.isDirectory()) return walk(full, filter);
		return filter(full) ? [full] : [];
	});
}

function clean(done) {
	fs.rmSync(dist, { recursive: true, force: true });
	fs.rmSync(path.join(root, '.build'), { recursive: true, force: true });
	done();
}

function checkEntries(done) {
	for (const built of [...pkg.n8n.nodes, ...pkg.n8n.credentials]) {
		const source = built.replace(/^dist\//, '').replace(/\.js$/, '.ts');
		if (!fs.existsSync(path.join(root, source))) {
			throw new Error(`package.json lists ${built}, but ${source} does not exist`);
		}
	}
	done();
}

function compile(done) {
	execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', 'tsconfig.json', '--outDir', dist, '--removeComments'], {
		cwd: root,
		stdio: 'inherit',
	});
	done();
}

/** The names each vendored library is imported with in nodes/ and credentials/ (value imports only). */
function importedNames() {
	const names = Object.fromEntries(Object.keys(VENDORED).map((lib) => [lib, new Set()]));
	const sources = ['nodes', 'credentials'].flatMap((dir) => walk(path.join(root, dir), (f) => f.endsWith('.ts')));
	for (const file of sources) {
		const code = fs.readFileSync(file, 'utf8');
		for (const match of code.matchAll(/import\s+(type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) {
			if (match[1] || !(match[3] in names)) continue;
			for (const part of match[2].split(',')) {
				const name = part.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
				if (name && !part.trim().startsWith('type ')) names[match[3]].add(name);
			}
		}
		for (const match of code.matchAll(/import\s+(?!type\b)(\*\s+as\s+\w+|\w+)\s+from\s*['"]([^'"]+)['"]/g)) {
			if (match[2] in names) throw new Error(`${path.relative(root, file)}: import named exports of ${match[2]}, not a namespace or default`);
		}
	}
	return names;
}

async function vendor() {
	const esbuild = require('esbuild');
	const names = importedNames();
	fs.mkdirSync(vendorDir, { recursive: true });
	for (const [lib, { from, file }] of Object.entries(VENDORED)) {
		const used = [...names[lib]].sort();
		if (used.length === 0) continue;
		const outfile = path.join(vendorDir, file);
		const meta = JSON.parse(fs.readFileSync(path.join(root, 'node_modules', lib, 'package.json'), 'utf8'));
		await esbuild.build({
			stdin: { contents: `export { ${used.join(', ')} } from '${from}';`, resolveDir: root, loader: 'js' },
			outfile,
			bundle: true,
			platform: 'node',
			target: 'node20',
			format: 'cjs',
			mainFields: ['module', 'main'],
			conditions: ['import'],
			minify: true,
			legalComments: 'inline',
			banner: { js: `// ${lib} ${meta.version} (${meta.license} license), bundled by gulpfile.js for n8n-nodes-dataflow. Exports: ${used.join(', ')}.` },
			logLevel: 'warning',
		});
		const exported = Object.keys(require(outfile));
		const missing = used.filter((name) => !exported.includes(name));
		if (missing.length) throw new Error(`dist/vendor/${file} does not export ${missing.join(', ')}`);
	}
}

/** Points `require("<vendored library>")` at dist/vendor/ and refuses any other bare require. */
function link(done) {
	const problems = [];
	for (const file of walk(dist, (f) => f.endsWith('.js'))) {
		const inVendor = path.dirname(file) === vendorDir;
		const code = fs.readFileSync(file, 'utf8');
		const linked = code.replace(/require\("([^"]+)"\)/g, (whole, name) => {
			if (inVendor) return whole;
			if (name in VENDORED) {
				let relative = path.relative(path.dirname(file), path.join(vendorDir, VENDORED[name].file)).split(path.sep).join('/');
				if (!relative.startsWith('.')) relative = `./${relative}`;
				return `require("${relative}")`;
			}
			return whole;
		});
		for (const match of linked.matchAll(/require\(\s*(["'`])([^"'`]+)\1\s*\)/g)) {
			const name = match[2];
			if (name.startsWith('.')) {
				const target = path.resolve(path.dirname(file), name);
				if (![target, `${target}.js`, `${target}.json`, path.join(target, 'index.js')].some((t) => fs.existsSync(t) && fs.statSync(t).isFile())) {
					problems.push(`${path.relative(root, file)} requires ${name}, which is not in dist/`);
				}
			} else if (!PROVIDED.has(name) && !name.startsWith('node:') && !builtinModules.includes(name)) {
				problems.push(`${path.relative(root, file)} requires ${name}, which is neither bundled nor provided by n8n`);
			}
		}
		if (linked !== code) fs.writeFileSync(file, linked);
	}
	if (problems.length) throw new Error(`dist/ is not self-contained:\n  ${problems.join('\n  ')}`);
	done();
}

/**
 * Drops the whitespace of the compiled files (names and syntax stay as tsc wrote them, so the code
 * reads the same once re-indented). About 10 kB less in the tarball.
 */
function compact(done) {
	const esbuild = require('esbuild');
	for (const file of walk(dist, (f) => f.endsWith('.js') && path.dirname(f) !== vendorDir)) {
		const { code } = esbuild.transformSync(fs.readFileSync(file, 'utf8'), {
			loader: 'js',
			minifyWhitespace: true,
			charset: 'utf8',
			target: 'node20',
		});
		fs.writeFileSync(file, code);
	}
	done();
}

function icons() {
	return src('icons/*.svg', { encoding: false }).pipe(dest('dist/icons'));
}

function codex() {
	return src(['nodes/**/*.node.json'], { base: '.' }).pipe(dest('dist'));
}

exports.clean = clean;
exports.build = series(clean, checkEntries, compile, vendor, link, compact, icons, codex);
exports.default = exports.build;
