#!/usr/bin/env node
/**
 * Runs n8n's community package scanner offline: `@n8n/scan-community-package`'s analyzePackage on
 * the packed tarball (as the scanner lints the published package) and on the source (as it lints
 * the attested GitHub checkout). The online CLI needs a published package with provenance, so it
 * cannot run here; its analyzer and rules are the same. Run after `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);

/**
 * The newest scanner source (n8n-io/n8n packages/@n8n/scan-community-package/scanner/yara.mjs, not in 0.32.0)
 * also fails a tarball on any `threat-*` match of GuardDog's YARA rules. Without a YARA engine here, these are
 * our regex versions of the four obfuscation rules that minified or bundled code could trip
 * (threat-runtime-obfuscation, -general, -js-mangling, -hidden-code), with their thresholds.
 */
function obfuscationFindings(dir) {
	const findings = [];
	const count = (text, re) => (text.match(new RegExp(re.source, `${re.flags.replace('g', '')}g`)) ?? []).length;
	const files = (d) =>
		readdirSync(d, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(d, e.name)) : /\.(js|mjs|cjs|ts)$/.test(e.name) ? [path.join(d, e.name)] : []));
	for (const file of files(dir)) {
		const text = readFileSync(file, 'utf8');
		const name = path.relative(dir, file);
		const b64 = count(text, /['"][A-Za-z0-9+/]{150,}={0,2}/);
		const hex = count(text, /\\x[0-9a-fA-F]{2}(\\x[0-9a-fA-F]{2}){20,}/);
		const unicode = count(text, /\\u[0-9a-fA-F]{4}(\\u[0-9a-fA-F]{4}){10,}/);
		const concat = count(text, /['"]\s*\+\s*['"]/);
		const mangled = count(text, /\b[a-zA-Z]_0x[a-f0-9]{4,6}\b/);
		if (b64 >= 3 || hex >= 3 || (mangled >= 10 && concat >= 20) || (unicode >= 2 && (b64 > 0 || concat >= 5 || hex >= 1))) {
			findings.push(`${name}: threat-runtime-obfuscation (base64 ${b64}, hex ${hex}, unicode ${unicode}, concat ${concat})`);
		}
		if (/\[\s*!\s*!\s*\[\s*\]\s*\]/.test(text) || /\beval\s*\(\s*\bfunction\s*\([a-z],\s*[a-z],\s*[a-z],\s*[a-z]/i.test(text) ||
			/\bString\s*\.\s*fromCharCode\s*\(\s*(0x[0-9a-fA-F]+|[0-9]+)(\s*,\s*(0x[0-9a-fA-F]+|[0-9]+)){9,}/i.test(text)) {
			findings.push(`${name}: threat-runtime-obfuscation-general`);
		}
		const hexVars = [/_0x[a-f0-9]{4,6}\b/, /const _0x[a-f0-9]{4,6}\s*=/, /function _0x[a-f0-9]{4,6}\s*\(/, /var _0x[a-f0-9]{4,6}\s*=/];
		if (hexVars.filter((re) => re.test(text)).length >= 3) findings.push(`${name}: threat-runtime-obfuscation-js-mangling`);
		if (/global\s*\[\s*['"][A-Za-z0-9_$]{1,6}['"]\s*\]\s*=\s*require\b/i.test(text) || (/[ ]{400,}\S/.test(text) && /\beval\s*\(|\bnew\s+Function\s*\(/i.test(text))) {
			findings.push(`${name}: threat-runtime-obfuscation-hidden-code`);
		}
	}
	return findings;
}
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const scannerDir = path.dirname(require.resolve('@n8n/scan-community-package/package.json'));
const { analyzePackage, SOURCE_FILE_PATTERNS } = await import(path.join(scannerDir, 'scanner/scanner.mjs'));

const work = mkdtempSync(path.join(tmpdir(), 'dataflow-scan-'));
try {
	const tarball = execFileSync('npm', ['pack', '--silent', '--pack-destination', work], { cwd: root, encoding: 'utf8' })
		.trim()
		.split('\n')
		.pop();
	const unpacked = path.join(work, 'package');
	execFileSync('tar', ['-xzf', path.join(work, tarball), '-C', work]);

	const tarballResult = await analyzePackage(unpacked, ['**/*.js', 'package.json']);
	const sourceResult = await analyzePackage(root, SOURCE_FILE_PATTERNS);
	for (const [leg, result] of [
		['tarball', tarballResult],
		['source', sourceResult],
	]) {
		console.log(`scan ${leg}: ${result.passed ? 'PASS (0 errors)' : `FAIL: ${result.message}`}`);
		if (!result.passed && result.details) console.log(result.details);
	}
	const obfuscation = obfuscationFindings(unpacked);
	console.log(`scan tarball, obfuscation patterns: ${obfuscation.length ? `FAIL\n  ${obfuscation.join('\n  ')}` : 'PASS (0 findings)'}`);
	process.exitCode = tarballResult.passed && sourceResult.passed && obfuscation.length === 0 ? 0 : 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}
