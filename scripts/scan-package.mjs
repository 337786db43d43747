#!/usr/bin/env node
/**
 * Runs n8n's community package scanner offline: `@n8n/scan-community-package`'s analyzePackage on
 * the packed tarball (as the scanner lints the published package) and on the source (as it lints
 * the attested GitHub checkout). The online CLI needs a published package with provenance, so it
 * cannot run here; its analyzer and rules are the same. Run after `npm run build`.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
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
	process.exitCode = tarballResult.passed && sourceResult.passed ? 0 : 1;
} finally {
	rmSync(work, { recursive: true, force: true });
}
