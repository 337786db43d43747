#!/usr/bin/env node
/**
 * npm run cloud-support: runs `n8n-node cloud-support` (the pinned @n8n/node-cli) and fails unless it
 * reports the package "eligible" for n8n Cloud verification. The command itself always exits 0 and only
 * prints its verdict (@n8n/node-cli 0.48.3 dist/commands/cloud-support.js showCloudSupportStatus:
 * eligible = package.json n8n.strict === true and eslint.config.mjs equal to the template, whitespace
 * normalised), so CI reads the text.
 */
import { spawnSync } from 'node:child_process';

const result = spawnSync('npx', ['--no-install', 'n8n-node', 'cloud-support'], { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } });
const text = `${result.stdout ?? ''}${result.stderr ?? ''}`.replace(/\x1b\[[0-9;]*m/g, '');
process.stdout.write(text);
const eligible = /Status:\s+eligible for n8n Cloud verification/.test(text) && !/NOT eligible/.test(text);
console.log(eligible ? 'cloud-support: eligible' : 'cloud-support: NOT eligible (see above)');
process.exit(result.status === 0 && eligible ? 0 : 1);
