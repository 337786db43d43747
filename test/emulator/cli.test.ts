/**
 * `npm run emulator` (and the emulators `npm run dev` starts) leave nothing behind: the temporary
 * folder for file contents is removed when the process is stopped with Ctrl+C, SIGTERM or SIGHUP.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(__dirname, '..', '..');

it.each(['SIGINT', 'SIGTERM', 'SIGHUP'] as const)('removes its data folder on %s', async (signal) => {
	const base = mkdtempSync(path.join(tmpdir(), 'dataflow-cli-test-'));
	try {
		const child = spawn(process.execPath, [path.join(root, 'scripts', 'run-ts.js'), 'emulator/cli.ts', '--port', '0', '--data-dir', base], {
			cwd: root,
			stdio: ['ignore', 'pipe', 'pipe'],
		});
		let output = '';
		const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
		await new Promise<void>((resolve, reject) => {
			child.stdout.on('data', (chunk: Buffer) => {
				output += chunk.toString();
				if (output.includes('Press Ctrl+C to stop.')) resolve();
			});
			child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
			void exited.then(() => reject(new Error(`the emulator ended before it was ready:\n${output}`)));
		});
		expect(readdirSync(base)).toHaveLength(1);
		child.kill(signal);
		expect(await exited).toBe(0);
		expect(readdirSync(base)).toEqual([]);
	} finally {
		rmSync(base, { recursive: true, force: true });
	}
});

it('--server hop plays an Apache Hop Server (root address, user cluster)', async () => {
	const child = spawn(process.execPath, [path.join(root, 'scripts', 'run-ts.js'), 'emulator/cli.ts', '--port', '0', '--server', 'hop'], {
		cwd: root,
		stdio: ['ignore', 'pipe', 'pipe'],
	});
	try {
		let output = '';
		const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
		const base = await new Promise<string>((resolve, reject) => {
			child.stdout.on('data', (chunk: Buffer) => {
				output += chunk.toString();
				const match = /Base URL[^\n]*?(http:\/\/\S+)/.exec(output);
				if (match && output.includes('Press Ctrl+C to stop.')) resolve(match[1]);
			});
			child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
			void exited.then(() => reject(new Error(`the emulator ended before it was ready:\n${output}`)));
		});
		expect(output).toContain('Dataflow emulator (Hop Server) running');
		const answer = await fetch(`${base}/hop/status/?xml=Y`, { headers: { Authorization: `Basic ${Buffer.from('cluster:cluster').toString('base64')}` } });
		expect(answer.status).toBe(200);
		expect(await answer.text()).toContain('<serverstatus>');
	} finally {
		child.kill('SIGTERM');
	}
});
