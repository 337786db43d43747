/**
 * npm run bench: runs the five benchmarks, each in its own Node process (with --expose-gc), against
 * the emulator on 127.0.0.1, and writes bench/RESULTS.md.
 *
 *   npm run bench                       all five
 *   npm run bench -- overhead largeXml  some of them (overhead, largeXml, largeFiles, runAndWait, reports)
 *   BENCH_RUNS=1 npm run bench          one run per figure (a quick trial; RESULTS.md says so)
 *   npm run bench -- --render           write RESULTS.md again from the last run's saved figures
 *                                       (bench/.work/run.json), e.g. after a change to the wording
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { busyBetween, cpuSnapshot, machineInfo, packageVersion, RESULTS_FILE, ROOT, WORK_DIR } from './lib/env';
import { renderResults, type ReportInput, type SectionName, type SectionOutcome } from './lib/report';

const SECTIONS: SectionName[] = ['overhead', 'largeXml', 'largeFiles', 'runAndWait', 'reports'];

interface Watch {
	loads: number[][];
	busy: Set<string>;
	/** CPU seconds used by other processes, and the seconds watched. */
	otherCpuSeconds: number;
	seconds: number;
}

async function runSection(name: SectionName, watched: Watch): Promise<SectionOutcome> {
	const file = path.join(WORK_DIR, `${name}.json`);
	rmSync(file, { force: true });
	const started = Date.now();
	console.log(`\n${name}`);
	const child = spawn(process.execPath, ['--expose-gc', path.join(ROOT, 'scripts', 'run-ts.js'), `bench/${name}.ts`], {
		cwd: ROOT,
		stdio: ['ignore', 'inherit', 'inherit'],
	});
	// Watch the machine while the section runs: other busy processes make the figures less reliable.
	let previous = cpuSnapshot();
	const watch = setInterval(() => {
		watched.loads.push(os.loadavg());
		const now = cpuSnapshot();
		const others = busyBetween(previous, now);
		for (const line of others.busy) watched.busy.add(line.replace(/ \(\d+ % CPU\)$/, ''));
		watched.otherCpuSeconds += (others.cores * (now.at - previous.at)) / 1000;
		watched.seconds += (now.at - previous.at) / 1000;
		previous = now;
	}, 5000);
	const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
	clearInterval(watch);
	const seconds = (Date.now() - started) / 1000;
	if (code !== 0 || !existsSync(file)) return { name, seconds, error: `exited with ${code}` };
	return { name, seconds, data: JSON.parse(readFileSync(file, 'utf8')) as unknown };
}

const RUN_FILE = path.join(WORK_DIR, 'run.json');

async function main() {
	if (process.argv.includes('--render')) {
		if (!existsSync(RUN_FILE)) throw new Error(`${RUN_FILE} is missing: run the benchmarks first`);
		writeFileSync(RESULTS_FILE, renderResults(JSON.parse(readFileSync(RUN_FILE, 'utf8')) as ReportInput));
		console.log(`Results (from the run saved in ${RUN_FILE}): ${RESULTS_FILE}`);
		return;
	}
	const chosen = process.argv.slice(2).filter((a) => !a.startsWith('-'));
	const unknown = chosen.filter((c) => !SECTIONS.includes(c as SectionName));
	if (unknown.length > 0) throw new Error(`Unknown section ${unknown.join(', ')}; choose from ${SECTIONS.join(', ')}`);
	const sections = chosen.length > 0 ? (chosen as SectionName[]) : SECTIONS;
	const machine = await machineInfo();
	const started = Date.now();
	console.log(`Benchmarks on ${machine.cpu} (${machine.cores} cores), Node ${machine.node}; load average ${machine.loadBefore.join(' ')}`);
	if (machine.otherBusyProcesses.length > 0) console.log(`Busy processes besides this one:\n  ${machine.otherBusyProcesses.join('\n  ')}`);
	const watched: Watch = {
		loads: [],
		busy: new Set<string>(machine.otherBusyProcesses.map((line) => line.replace(/ \(\d+ % CPU\)$/, ''))),
		otherCpuSeconds: 0,
		seconds: 0,
	};
	const outcomes: SectionOutcome[] = [];
	for (const name of sections) outcomes.push(await runSection(name, watched));
	const totalSeconds = (Date.now() - started) / 1000;

	const input: ReportInput = {
		date: new Date().toISOString(),
		totalSeconds,
		machine,
		loadDuring: watched.loads,
		otherBusy: [...watched.busy],
		otherCores: watched.seconds > 0 ? watched.otherCpuSeconds / watched.seconds : 0,
		versions: {
			'n8n-core': packageVersion('n8n-core'),
			'n8n-workflow': packageVersion('n8n-workflow'),
			'@n8n/di': packageVersion('@n8n/di'),
			'fast-xml-parser': packageVersion('fast-xml-parser'),
			axios: packageVersion('axios'),
		},
		runsOverride: process.env.BENCH_RUNS,
		outcomes,
		partial: sections.length !== SECTIONS.length,
	};
	writeFileSync(RUN_FILE, JSON.stringify(input, null, 2));
	writeFileSync(RESULTS_FILE, renderResults(input));
	const failed = outcomes.filter((o) => o.error);
	console.log(`\nTotal ${(totalSeconds / 60).toFixed(1)} min. Results: ${RESULTS_FILE}`);
	if (failed.length > 0) {
		console.error(`Failed: ${failed.map((f) => `${f.name} (${f.error})`).join(', ')}`);
		process.exit(1);
	}
}

main().catch((error) => {
	console.error(error);
	process.exit(1);
});
