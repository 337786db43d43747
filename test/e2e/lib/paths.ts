/** Where things are: the repository root (found from the bundle's location or the working directory). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

function findRoot(): string {
	for (const start of [__dirname, process.cwd()]) {
		let dir = path.resolve(start);
		for (;;) {
			const manifest = path.join(dir, 'package.json');
			if (existsSync(manifest)) {
				try {
					if ((JSON.parse(readFileSync(manifest, 'utf8')) as { name?: string }).name === 'n8n-nodes-dataflow') return dir;
				} catch {}
			}
			const parent = path.dirname(dir);
			if (parent === dir) break;
			dir = parent;
		}
	}
	throw new Error('Cannot find the n8n-nodes-dataflow checkout (run this from inside it)');
}

export const ROOT = findRoot();
export const EXAMPLES_DIR = path.join(ROOT, 'examples');
export const SCENARIOS_DIR = path.join(ROOT, 'test', 'e2e', 'scenarios');
export const TOOLCHAIN_SPEC_DIR = path.join(ROOT, 'e2e', 'toolchain');
export const SCREENSHOTS_DIR = path.join(ROOT, 'docs', 'screenshots');

export interface PackageManifest {
	name: string;
	version: string;
	n8n: { credentials?: string[]; nodes?: string[] };
}

/** package.json as it is now (other engineers add nodes while we run). */
export function readManifest(): PackageManifest {
	return JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as PackageManifest;
}
