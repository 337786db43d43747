/**
 * One runnable sample per operation: parameters (and, where needed, input and emulator state)
 * that make the operation succeed against the emulator. Item-dependent values use `$json.n`
 * (the item number), so that three items of a writing operation do not collide.
 * `bad` lists invalid inputs that must fail before any request.
 */
import { gzipSync } from 'node:zlib';

import { strToU8, zipSync } from 'fflate';
import type { INodeExecutionData } from 'n8n-workflow';

import type { RunningEmulator } from '../../emulator';
import type { DatasourceState } from '../../emulator/areas/datasource';
import type { SchedulerState } from '../../emulator/areas/scheduler';
import { addGeneratedContent, deleteRepositoryPath, putRepositoryFile } from '../../emulator/areas/repository';

export interface BadInput {
	label: string;
	parameters: Record<string, unknown>;
	message: RegExp;
}

export type PreparedItems = Array<Record<string, unknown>>;

export interface Sample {
	parameters: Record<string, unknown>;
	/** Input item number n (default `{ json: { n } }`). */
	input?: (n: number) => INodeExecutionData;
	/**
	 * Emulator state the operation needs, prepared before the run; may return values for each item
	 * (merged into that item's json, for parameters such as `={{ $json.jobId }}`).
	 */
	prepare?: (emulator: RunningEmulator, items: number) => Promise<PreparedItems | void> | PreparedItems | void;
	bad?: BadInput[];
	/** 'hop': runs against the emulator's Apache Hop Server flavour with a Hop Server credential (runner.ts). */
	server?: 'hop';
}

export const rl = (value: string) => ({ __rl: true, mode: 'list', value });

const JOB_XML = `<?xml version="1.0" encoding="UTF-8"?>
<job><name>reliability_job</name><description>Loads &amp; checks "quotes" — ünïcode</description>
<entries><entry><name>START</name></entry></entries></job>`;

const SCHEMA = '<?xml version="1.0"?><Schema name="Reliability"><Cube name="Sales &amp; Costs"/></Schema>';

function binaryInput(content: string, fileName: string, mimeType: string) {
	return (n: number): INodeExecutionData => ({
		json: { n },
		binary: { data: { data: Buffer.from(content).toString('base64'), mimeType, fileName } },
	});
}

async function adminFetch(emulator: RunningEmulator, path: string, init: RequestInit = {}) {
	const admin = emulator.app.users.find((u) => u.admin)!;
	const response = await fetch(`${emulator.url}${path}`, {
		...init,
		headers: { Authorization: `Basic ${Buffer.from(`${admin.name}:${admin.password}`).toString('base64')}`, ...(init.headers ?? {}) },
	});
	if (!response.ok) throw new Error(`prepare: ${path} answered ${response.status}`);
	return response;
}

/** Starts the sample job once per item and hands each item its job id. */
async function startedJobs(emulator: RunningEmulator, items: number): Promise<PreparedItems> {
	const out: PreparedItems = [];
	for (let n = 0; n < items; n++) {
		const xml = await (await adminFetch(emulator, '/dataflow/runJob?job=%2Fpublic%2Fetl%2Fdaily_load&level=Basic')).text();
		out.push({ jobId: /<id>([^<]+)<\/id>/.exec(xml)?.[1] ?? '' });
	}
	return out;
}

/** Starts the sample transformation once per item (running for `durationMs`), optionally paused, and hands each item its id. */
function startedTransformations(durationMs: number, then: 'pause' | 'end' | 'none' = 'none') {
	return async (emulator: RunningEmulator, items: number): Promise<PreparedItems> => {
		const out: PreparedItems = [];
		for (let n = 0; n < items; n++) {
			const xml = await (await adminFetch(emulator, `/dataflow/runTrans?trans=%2Fpublic%2Fetl%2Fload_sales&level=Basic&DURATION_MS=${durationMs}`)).text();
			const transId = /<id>([^<]+)<\/id>/.exec(xml)?.[1] ?? '';
			if (then === 'pause') await adminFetch(emulator, `/dataflow/pauseTrans?name=load_sales&id=${transId}&xml=Y`);
			out.push({ transId });
		}
		if (then === 'end') emulator.app.advanceClock(durationMs + 1000);
		return out;
	};
}

/** startedJobs, then the clock moved past their end. */
let addedRuns = 0;

/**
 * Adds one job per item with a name of its own (addJob only registers it: it waits for startJob). Start
 * refuses an ended run that shares its name with an earlier run, so its sample must not restart runs of one name.
 */
async function addedJobs(emulator: RunningEmulator, items: number): Promise<PreparedItems> {
	const out: PreparedItems = [];
	for (let n = 0; n < items; n++) {
		const jobName = `added_${++addedRuns}_${n}`;
		const body = `<job_configuration><job><name>${jobName}</name></job><job_execution_configuration/></job_configuration>`;
		const xml = await (await adminFetch(emulator, '/dataflow/addJob?xml=Y', { method: 'POST', headers: { 'Content-Type': 'application/xml' }, body })).text();
		out.push({ jobName, jobId: /<id>([^<]+)<\/id>/.exec(xml)?.[1] ?? '' });
	}
	return out;
}

async function endedJobs(emulator: RunningEmulator, items: number): Promise<PreparedItems> {
	const out = await startedJobs(emulator, items);
	emulator.app.advanceClock(5000);
	return out;
}

const datasource = (emulator: RunningEmulator) => emulator.app.state.datasource as DatasourceState;

const WEEKLY = { scheduleMode: 'fields', triggerType: 'weekly', daysOfWeek: [1, 3], options: { startTime: '2030-01-07T08:30:00', timeZone: 'Europe/Berlin' } };

/** Creates schedules (or blockouts) over HTTP as an administrator and hands their ids to the items. */
function withJobs(kind: 'job' | 'blockout/add') {
	return async (emulator: RunningEmulator, items: number): Promise<PreparedItems> => {
		const out: PreparedItems = [];
		for (let n = 0; n < items; n++) {
			const request =
				kind === 'job'
					? { jobName: `reliability ${n}`, inputFile: '/home/admin/sales.ktr', simpleJobTrigger: { uiPassParam: 'HOURS', repeatInterval: 3600, repeatCount: -1, startTime: '2030-01-01T00:00:00.000+00:00' }, timeZone: 'UTC' }
					: { duration: 3_600_000, simpleJobTrigger: { uiPassParam: 'RUN_ONCE', repeatInterval: 0, repeatCount: 0, startTime: '2030-01-01T00:00:00.000+00:00', duration: 3_600_000 }, timeZone: 'UTC' };
			const response = await adminFetch(emulator, `/api/scheduler/${kind}`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Accept: 'text/plain' },
				body: JSON.stringify(request),
			});
			out.push({ jobId: await response.text() });
		}
		return out;
	};
}

const jobLocator = { __rl: true, mode: 'id', value: '={{ $json.jobId }}' };

const SCHEDULER_SAMPLES: Record<string, Sample> = {
	'dataflowScheduler.schedule.create': {
		parameters: { ...WEEKLY, jobName: '={{ "Weekly report " + $json.n }}', inputFile: '/home/admin/sales.ktr', options: { ...WEEKLY.options, outputFolder: '/home/admin' } },
		bad: [
			{ label: 'no days for a weekly trigger', parameters: { daysOfWeek: '={{ [] }}' }, message: /day/i },
			{ label: 'an invalid cron expression', parameters: { triggerType: 'cron', cronExpression: '0 0 25 * * ?' }, message: /cron|hour/i },
			{ label: 'an end before the start', parameters: { options: { ...WEEKLY.options, endTime: '2029-01-01T00:00:00' } }, message: /end/i },
		],
	},
	'dataflowScheduler.schedule.get': { parameters: { jobId: jobLocator }, prepare: withJobs('job') },
	'dataflowScheduler.schedule.getContentCleaner': { parameters: {} },
	'dataflowScheduler.schedule.getGeneratedContent': {
		parameters: { jobId: jobLocator },
		// The seeded "Daily sales load" has run and has a generated file in /home/admin/workspace, so the sample lists one.
		prepare: (emulator, items) => {
			const daily = [...(emulator.app.state.scheduler as SchedulerState).jobs.values()].find((job) => job.jobName === 'Daily sales load');
			return Array.from({ length: items }, () => ({ jobId: daily?.jobId ?? '' }));
		},
	},
	'dataflowScheduler.schedule.getMany': { parameters: { returnAll: true } },
	'dataflowScheduler.schedule.getState': { parameters: { jobId: jobLocator }, prepare: withJobs('job') },
	'dataflowScheduler.schedule.isAllowed': {
		parameters: { fileId: '={{ $json.fileId }}' },
		prepare: async (emulator, items) => {
			const index = emulator.app.state.repositoryIndex as { byPath(p: string): { id: string } | undefined };
			return Array.from({ length: items }, () => ({ fileId: index.byPath('/home/admin/sales.ktr')!.id }));
		},
	},
	'dataflowScheduler.schedule.pause': { parameters: { jobId: jobLocator }, prepare: withJobs('job') },
	'dataflowScheduler.schedule.remove': { parameters: { jobId: jobLocator }, prepare: withJobs('job') },
	'dataflowScheduler.schedule.resume': { parameters: { jobId: jobLocator }, prepare: withJobs('job') },
	'dataflowScheduler.blockout.create': { parameters: { ...WEEKLY, durationAmount: 2, durationUnit: 'hours' } },
	'dataflowScheduler.blockout.getBlockStatus': { parameters: { ...WEEKLY } },
	'dataflowScheduler.blockout.getMany': { parameters: { returnAll: true } },
	'dataflowScheduler.blockout.hasBlockouts': { parameters: {} },
	'dataflowScheduler.blockout.shouldFireNow': { parameters: {} },
	'dataflowScheduler.blockout.update': { parameters: { ...WEEKLY, jobId: jobLocator, replaceBlockout: true, durationAmount: 1, durationUnit: 'hours' }, prepare: withJobs('blockout/add') },
	'dataflowScheduler.blockout.willFire': { parameters: { ...WEEKLY } },
	'dataflowScheduler.scheduler.canSchedule': { parameters: {} },
	'dataflowScheduler.scheduler.getStatus': { parameters: {} },
	'dataflowScheduler.scheduler.pause': { parameters: {} },
	'dataflowScheduler.scheduler.resume': { parameters: {} },
};

const path = (value: string) => ({ __rl: true, mode: 'path', value });

/** Files only these samples touch, created fresh before each run. */
function withFiles(prefix: string) {
	return async (emulator: RunningEmulator, items: number) => {
		for (let n = 0; n < items; n++) {
			await putRepositoryFile(emulator.app, `/home/admin/reliability/${prefix}_${n}.ktr`, `<transformation><name>${prefix} ${n}</name></transformation>`);
		}
	};
}

/** Deletes users (unknown ones are skipped by the server). */
async function dropUsers(emulator: RunningEmulator, names: string[]): Promise<void> {
	await adminFetch(emulator, `/api/userroledao/deleteUsers?userNames=${encodeURIComponent(names.join('\t'))}`, { method: 'PUT' });
}

async function dropRoles(emulator: RunningEmulator, names: string[]): Promise<void> {
	await adminFetch(emulator, `/api/userroledao/deleteRoles?roleNames=${encodeURIComponent(names.join('\t'))}`, { method: 'PUT' });
}

/** Users `<prefix>_<n>` created afresh (password Reliab1lity-pw). */
async function makeUsers(emulator: RunningEmulator, prefix: string, items: number): Promise<void> {
	const names = Array.from({ length: items }, (_, n) => `${prefix}_${n}`);
	await dropUsers(emulator, names);
	for (const userName of names) {
		await adminFetch(emulator, '/api/userroledao/createUser', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userName, password: 'Reliab1lity-pw' }) });
	}
}

let backupZip: Buffer | undefined;
let restoreRuns = 0;

const REPOSITORY_SAMPLES: Record<string, Sample> = {
	'dataflowRepository.file.upload': {
		parameters: { folder: path('/home/admin/uploads'), binaryPropertyName: 'data', options: { fileName: '={{ "upload_" + $json.n + ".ktr" }}' } },
		input: binaryInput('<transformation><name>Ünïcode & <stuff></name></transformation>', 'upload.ktr', 'application/xml'),
		bad: [{ label: 'a reserved character in the name', parameters: { options: { fileName: 'bad\\name.ktr' } }, message: /which the repository reserves/ }],
	},
	'dataflowRepository.file.import': {
		// Each item imports its own zip (a manifest-less export of a folder etl_<n>) into a folder of its own.
		parameters: { folder: path('={{ "/home/admin/reliability/import_" + $json.n }}'), binaryPropertyName: 'data' },
		input: (n) => ({
			json: { n },
			binary: {
				data: {
					data: Buffer.from(zipSync({ [`etl_${n}/load.ktr`]: strToU8(`<transformation><name>import ${n}</name></transformation>`), [`etl_${n}/run.kjb`]: strToU8('<job><name>run</name></job>') })).toString('base64'),
					mimeType: 'application/zip',
					fileName: 'etl.zip',
				},
			},
		}),
		bad: [{ label: 'a file name with a path', parameters: { options: { fileName: '../etl.zip' } }, message: /may not contain "\/"/ }],
	},
	'dataflowRepository.file.getContent': { parameters: { path: path('/home/admin/sales.ktr'), binaryPropertyName: 'data' } },
	'dataflowRepository.file.download': { parameters: { path: path('/public/etl'), binaryPropertyName: 'data', options: { withManifest: true } } },
	'dataflowRepository.file.getInline': { parameters: { path: path('/home/admin/sales.ktr'), binaryPropertyName: 'data' } },
	'dataflowRepository.file.exists': {
		parameters: { path: path('/home/admin/sales.ktr') },
		bad: [
			{ label: 'a ".." path segment', parameters: { path: path('/home/../etc/passwd') }, message: /"\.\." segments/ },
			{ label: 'an empty path segment', parameters: { path: path('/home//admin') }, message: /empty segment/ },
		],
	},
	'dataflowRepository.file.rename': {
		parameters: { path: path('={{ "/home/admin/reliability/rename_" + $json.n + ".ktr" }}'), newName: '={{ "renamed_" + $json.n + ".ktr" }}' },
		prepare: async (emulator, items) => {
			for (let n = 0; n < items; n++) await deleteRepositoryPath(emulator.app, `/home/admin/reliability/renamed_${n}.ktr`);
			await withFiles('rename')(emulator, items);
		},
	},
	'dataflowRepository.file.getProperties': { parameters: { path: path('/home/admin/sales.ktr') } },
	'dataflowRepository.file.getGeneratedContent': {
		parameters: { path: path('/public/Sample Reports/Sales Summary.prpt'), returnAll: true },
		prepare: async (emulator) => void (await addGeneratedContent(emulator.app, '/public/Sample Reports/Sales Summary.prpt', 'admin', 'summary-reliability.html', '<html/>', 'text/html')),
	},
	'dataflowRepository.file.getGeneratedContentForUser': { parameters: { path: path('/public/Sample Reports/Sales Summary.prpt'), user: 'admin', returnAll: true } },
	'dataflowRepository.folder.create': {
		parameters: { path: path('={{ "/home/admin/reliability/folder_" + $json.n }}') },
		prepare: async (emulator, items) => {
			for (let n = 0; n < items; n++) await deleteRepositoryPath(emulator.app, `/home/admin/reliability/folder_${n}`);
		},
	},
	'dataflowRepository.folder.getChildren': {
		parameters: { path: path('/public'), returnAll: true },
		bad: [{ label: 'both member filters', parameters: { filter: { includeMembers: 'name,path', excludeMembers: 'id' } }, message: /both|include.*exclude|exclude.*include/i }],
	},
	'dataflowRepository.folder.getTree': {
		parameters: { path: path('/public'), output: 'nested', options: { depth: 2 } },
		bad: [{ label: 'a depth below 1', parameters: { options: { depth: 0 } }, message: /[Dd]epth/ }],
	},
	'dataflowRepository.folder.isVisible': { parameters: { path: path('/public') } },
	'dataflowRepository.folder.getDefaultLocation': { parameters: { path: path('/home/admin') } },
	'dataflowRepository.trash.moveToTrash': {
		parameters: { filesBy: 'path', paths: ['={{ "/home/admin/reliability/trash_" + $json.n + ".ktr" }}'] },
		prepare: withFiles('trash'),
	},
	'dataflowRepository.trash.deletePermanently': {
		parameters: { filesBy: 'path', paths: ['={{ "/home/admin/reliability/gone_" + $json.n + ".ktr" }}'] },
		prepare: withFiles('gone'),
	},
	'dataflowRepository.trash.getMany': {
		parameters: { returnAll: true },
		// A file in the trash, so that the sample lists one.
		prepare: async (emulator: RunningEmulator) => {
			const file = await putRepositoryFile(emulator.app, `/home/admin/reliability/listed_${++restoreRuns}.ktr`, '<transformation><name>listed</name></transformation>');
			await adminFetch(emulator, '/api/repo/files/delete', { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: file.id });
		},
	},
	'dataflowRepository.trash.restore': {
		parameters: { filesBy: 'path', paths: ['={{ $json.path }}'] },
		// Each run trashes files of its own names: two trashed files from one path would be ambiguous (refused by design).
		prepare: async (emulator: RunningEmulator, items: number): Promise<PreparedItems> => {
			const out: PreparedItems = [];
			for (let n = 0; n < items; n++) {
				const path = `/home/admin/reliability/restore_${++restoreRuns}_${n}.ktr`;
				const file = await putRepositoryFile(emulator.app, path, `<transformation><name>restore ${n}</name></transformation>`);
				await adminFetch(emulator, '/api/repo/files/delete', { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: file.id });
				out.push({ path });
			}
			return out;
		},
	},
	'dataflowRepository.access.getAcl': { parameters: { path: path('/home/admin/sales.ktr') } },
	'dataflowRepository.access.updateAcl': {
		parameters: { path: path('={{ "/home/admin/reliability/acl_" + $json.n + ".ktr" }}'), aclSource: 'fields', options: { owner: 'admin', ownerType: 0 }, aclMode: 'inherit' },
		prepare: withFiles('acl'),
		bad: [{ label: 'an owner XML cannot carry', parameters: { options: { owner: 'ad\u0000min' } }, message: /The owner contains the character U\+0000/ }],
	},
	'dataflowRepository.access.canAccess': { parameters: { path: path('/home/admin/sales.ktr'), permissions: ['read', 'write'] } },
	'dataflowRepository.access.getAccessMap': { parameters: { path: path('/home/admin/sales.ktr'), permissions: ['read', 'write', 'delete'] } },
	'dataflowRepository.access.canAdminister': { parameters: {} },
	'dataflowRepository.access.canCreate': { parameters: {} },
	'dataflowRepository.access.canEdit': { parameters: {} },
	'dataflowRepository.access.canDownload': { parameters: {} },
	'dataflowRepository.access.canUpload': { parameters: {} },
	'dataflowRepository.access.getAccessForPaths': { parameters: { paths: ['/public', '/home/admin/sales.ktr'] } },
	'dataflowRepository.localeMetadata.getLocales': { parameters: { path: path('/home/admin/sales.ktr') } },
	'dataflowRepository.localeMetadata.getLocaleProperties': { parameters: { path: path('/home/admin/sales.ktr'), locale: 'default' } },
	'dataflowRepository.localeMetadata.updateLocaleProperties': {
		parameters: { path: path('={{ "/home/admin/reliability/locale_" + $json.n + ".ktr" }}'), locale: 'fr', properties: { entry: [{ key: 'file.title', value: 'Ventes & <marges> ]]> "q" — é' }] } },
		prepare: withFiles('locale'),
		bad: [{ label: 'a value XML cannot carry', parameters: { properties: { entry: [{ key: 'file.title', value: 'bell \u0007' }] } }, message: /U\+0007/ }],
	},
	'dataflowRepository.localeMetadata.deleteLocale': {
		parameters: { path: path('={{ "/home/admin/reliability/unlocale_" + $json.n + ".ktr" }}'), locale: 'de' },
		prepare: withFiles('unlocale'),
	},
	'dataflowRepository.localeMetadata.getMetadata': { parameters: { path: path('/home/admin/sales.ktr') } },
	'dataflowRepository.localeMetadata.updateMetadata': {
		parameters: { path: path('={{ "/home/admin/reliability/meta_" + $json.n + ".ktr" }}'), metadata: { entry: [{ key: 'team', value: 'finance & <ops>' }] } },
		prepare: withFiles('meta'),
	},
	'dataflowRepository.system.backUp': { parameters: { binaryPropertyName: 'data' } },
	'dataflowRepository.system.restore': {
		parameters: { binaryPropertyName: 'data', options: { overwriteFile: false } },
		prepare: async (emulator) => {
			backupZip ??= Buffer.from(await (await adminFetch(emulator, '/api/repo/files/backup', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'logFile=backup.log&logLevel=INFO&outputFile=backup.zip' })).arrayBuffer());
		},
		input: (n) => ({ json: { n }, binary: { data: { data: (backupZip ?? Buffer.alloc(0)).toString('base64'), mimeType: 'application/zip', fileName: 'backup.zip' } } }),
	},
	'dataflowRepository.system.getReservedCharacters': { parameters: {} },
	'dataflowRepository.system.getReservedCharactersForDisplay': { parameters: {} },
	'dataflowRepository.resource.get': { parameters: { contextType: 'file', path: path('/public/Sample Reports/Sales Summary.prpt'), resourceId: 'viewer', binaryPropertyName: 'data' } },
	'dataflowRepository.resource.post': { parameters: { contextType: 'file', path: path('/public/Sample Reports/Sales Summary.prpt'), resourceId: 'viewer', formProperties: { parameter: [{ name: 'theme', value: 'dark & light' }] } } },
	'dataflowRepository.resource.getDefaultUrl': { parameters: { path: path('/public/Sample Reports/Sales Summary.prpt') } },
	'dataflowRepository.ldap.getSettings': { parameters: {} },
	'dataflowRepository.ldap.updateSettings': { parameters: { attributes: { securityProvider: 'ldap' }, options: { onlyChanged: true } } },
	'dataflowRepository.session.isAdministrator': { parameters: {} },
	'dataflowRepository.session.isAuthenticated': { parameters: {} },
	'dataflowRepository.user.getMany': { parameters: { returnAll: true } },
	'dataflowRepository.user.getRoles': { parameters: { user: rl('suzy') } },
	'dataflowRepository.user.create': {
		parameters: { userName: '={{ "reliability_user_" + $json.n }}', password: 'Reliab1lity-pw' },
		prepare: async (emulator, items) => void (await dropUsers(emulator, Array.from({ length: items }, (_, n) => `reliability_user_${n}`))),
		bad: [{ label: 'a name with a blank at its end', parameters: { userName: 'trailing ' }, message: /begins or ends with a blank/ }],
	},
	'dataflowRepository.user.delete': {
		parameters: { user: { __rl: true, mode: 'name', value: '={{ "reliability_gone_" + $json.n }}' } },
		prepare: async (emulator, items) => void (await makeUsers(emulator, 'reliability_gone', items)),
		bad: [{ label: 'the user the credential logs in as', parameters: { user: { __rl: true, mode: 'name', value: 'admin' } }, message: /it is the user this credential logs in as/ }],
	},
	'dataflowRepository.user.changePassword': {
		parameters: { user: { __rl: true, mode: 'name', value: '={{ "reliability_pw_" + $json.n }}' }, newPassword: 'Changed-pw1' },
		prepare: async (emulator, items) => void (await makeUsers(emulator, 'reliability_pw', items)),
	},
	'dataflowRepository.user.addRoles': { parameters: { user: rl('pat'), roles: ['Report Author'] } },
	'dataflowRepository.user.removeRoles': {
		parameters: { user: rl('tiffany'), roles: ['Report Author'] },
		prepare: async (emulator) => void (await adminFetch(emulator, `/api/userroledao/assignRoleToUser?userName=tiffany&roleNames=${encodeURIComponent('Report Author')}`, { method: 'PUT' })),
	},
	'dataflowRepository.role.getMany': { parameters: { returnAll: true } },
	'dataflowRepository.role.create': {
		parameters: { roleName: '={{ "Reliability Role " + $json.n }}' },
		prepare: async (emulator, items) => void (await dropRoles(emulator, Array.from({ length: items }, (_, n) => `Reliability Role ${n}`))),
		bad: [{ label: 'a name with a tab', parameters: { roleName: 'a\tb' }, message: /tab or line break/ }],
	},
	'dataflowRepository.role.delete': {
		parameters: { role: { __rl: true, mode: 'name', value: '={{ "Reliability Gone " + $json.n }}' } },
		prepare: async (emulator, items) => {
			for (let n = 0; n < items; n++) await adminFetch(emulator, `/api/userroledao/createRole?roleName=${encodeURIComponent(`Reliability Gone ${n}`)}`, { method: 'PUT' }).catch(() => undefined);
		},
	},
	'dataflowRepository.role.getMembers': { parameters: { role: rl('Power User') } },
};

// ---------------------------------------------------------------- Worker on an Apache Hop Server (server: 'hop')

/** base64(gzip("{}")): the empty metadata store of a register body (PipelineConfiguration's metastore_json). */
const EMPTY_METADATA = gzipSync(Buffer.from('{}')).toString('base64');

const HOP_PIPELINE_HPL = `<?xml version="1.0" encoding="UTF-8"?>
<pipeline><info><name>reliability-pipeline</name><description>Rows &amp; "quotes" — ünïcode</description></info>
<order><hop><from>Generate rows</from><to>result</to><enabled>Y</enabled></hop></order>
<transform><name>Generate rows</name><type>RowGenerator</type><copies>1</copies><limit>3</limit>
<fields><field><name>v</name><type>String</type><nullif>x</nullif></field></fields><GUI><xloc>100</xloc><yloc>100</yloc></GUI></transform>
<transform><name>result</name><type>Dummy</type><copies>1</copies><GUI><xloc>300</xloc><yloc>100</yloc></GUI></transform></pipeline>`;

/** A pipeline that runs until it is stopped (a never-ending row generator). */
const HOP_TICKER_HPL = HOP_PIPELINE_HPL.replace('reliability-pipeline', 'reliability-ticker').replace('<limit>3</limit>', '<limit>3</limit><never_ending>Y</never_ending><interval_in_ms>1000</interval_in_ms>');

const HOP_WORKFLOW_HWF = `<?xml version="1.0" encoding="UTF-8"?>
<workflow><name>reliability-workflow</name>
<actions><action><name>Start</name><type>SPECIAL</type><xloc>50</xloc><yloc>100</yloc></action>
<action><name>Wait</name><type>DELAY</type><maximumTimeout>1</maximumTimeout><scaletime>3</scaletime><xloc>150</xloc><yloc>100</yloc></action>
<action><name>Success</name><type>SUCCESS</type><xloc>300</xloc><yloc>100</yloc></action></actions>
<hops><hop><from>Start</from><to>Wait</to><enabled>Y</enabled><evaluation>Y</evaluation><unconditional>Y</unconditional></hop>
<hop><from>Wait</from><to>Success</to><enabled>Y</enabled><evaluation>Y</evaluation><unconditional>N</unconditional></hop></hops></workflow>`;

/** Registers a pipeline or workflow on the Hop emulator once per item (and starts, pauses it), handing each item its id. */
function hopRuns(kind: 'pipeline' | 'workflow', definition: string, then: 'none' | 'start' | 'pause' = 'none') {
	return async (emulator: RunningEmulator, items: number): Promise<PreparedItems> => {
		const out: PreparedItems = [];
		const body = `<${kind}_configuration>${definition.replace(/^<\?xml[^>]*>\s*/, '')}<${kind}_execution_configuration><log_level>Basic</log_level><run_configuration>local</run_configuration></${kind}_execution_configuration><metastore_json>${EMPTY_METADATA}</metastore_json></${kind}_configuration>`;
		const name = /<name>([^<]+)<\/name>/.exec(definition)![1];
		for (let n = 0; n < items; n++) {
			const registered = await (await adminFetch(emulator, `/hop/register${kind === 'pipeline' ? 'Pipeline' : 'Workflow'}/?xml=Y`, { method: 'POST', headers: { 'Content-Type': 'text/xml;charset=UTF-8' }, body })).text();
			const id = /<id>([^<]+)<\/id>/.exec(registered)?.[1] ?? '';
			const qs = `name=${encodeURIComponent(name)}&id=${id}&xml=Y`;
			if (then !== 'none' && kind === 'pipeline') {
				await adminFetch(emulator, `/hop/prepareExec/?${qs}`);
				await adminFetch(emulator, `/hop/startExec/?${qs}`);
				if (then === 'pause') await adminFetch(emulator, `/hop/pausePipeline/?${qs}`);
			}
			if (then !== 'none' && kind === 'workflow') await adminFetch(emulator, `/hop/startWorkflow/?${qs}`);
			out.push({ [`${kind}Id`]: id });
		}
		return out;
	};
}

const HOP_WAIT = { pollInterval: 0.05, timeout: 20 };
const pipelineRef = (name: string) => ({ pipelineName: name, options: { pipelineId: '={{ $json.pipelineId }}' } });
const workflowRef = { workflowName: 'reliability-workflow', options: { workflowId: '={{ $json.workflowId }}' } };

const HOP_SAMPLES: Record<string, Sample> = {
	'dataflowWorker.pipeline.execute': {
		server: 'hop',
		parameters: { filePath: '${PROJECT_HOME}/pipelines/generate-rows.hpl', hopParameters: { entry: [{ name: 'PRM_NAME', value: '={{ "item " + $json.n }}' }] } },
		bad: [
			{ label: 'a workflow file', parameters: { filePath: '/opt/hop/w.hwf' }, message: /use the Workflow resource/ },
			{ label: 'a parameter named like the servlet\'s own', parameters: { hopParameters: { entry: [{ name: 'runConfig', value: 'x' }] } }, message: /reserved/ },
		],
	},
	'dataflowWorker.pipeline.runAndWait': {
		server: 'hop',
		parameters: { hopSource: 'server', filePath: '${PROJECT_HOME}/pipelines/generate-rows.hpl', options: HOP_WAIT },
		bad: [
			{ label: 'a negative poll interval', parameters: { options: { pollInterval: -1 } }, message: /Poll Interval/ },
			{ label: 'a safe stop (Hop has none)', parameters: { options: { ...HOP_WAIT, onAbort: 'safeStop' } }, message: /On Timeout or Cancel/ },
		],
	},
	'dataflowWorker.pipeline.register': {
		server: 'hop',
		parameters: { hopParameters: { entry: [{ name: 'PRM_NAME', value: '={{ "item " + $json.n }}' }] } },
		input: binaryInput(HOP_PIPELINE_HPL, 'reliability-pipeline.hpl', 'application/xml'),
		bad: [{ label: 'a parameter value XML cannot carry', parameters: { hopParameters: { entry: [{ name: 'P', value: 'x\u0000' }] } }, message: /U\+0000/ }],
	},
	'dataflowWorker.pipeline.start': { server: 'hop', parameters: pipelineRef('reliability-pipeline'), prepare: hopRuns('pipeline', HOP_PIPELINE_HPL) },
	'dataflowWorker.pipeline.getStatus': { server: 'hop', parameters: pipelineRef('reliability-ticker'), prepare: hopRuns('pipeline', HOP_TICKER_HPL, 'start') },
	'dataflowWorker.pipeline.getImage': { server: 'hop', parameters: { pipelineName: 'reliability-ticker', pipelineId: '={{ $json.pipelineId }}', binaryPropertyName: 'data' }, prepare: hopRuns('pipeline', HOP_TICKER_HPL, 'start') },
	'dataflowWorker.pipeline.stop': { server: 'hop', parameters: pipelineRef('reliability-ticker'), prepare: hopRuns('pipeline', HOP_TICKER_HPL, 'start') },
	'dataflowWorker.pipeline.pause': { server: 'hop', parameters: pipelineRef('reliability-ticker'), prepare: hopRuns('pipeline', HOP_TICKER_HPL, 'start') },
	'dataflowWorker.pipeline.resume': { server: 'hop', parameters: pipelineRef('reliability-ticker'), prepare: hopRuns('pipeline', HOP_TICKER_HPL, 'pause') },
	'dataflowWorker.pipeline.remove': { server: 'hop', parameters: pipelineRef('reliability-pipeline'), prepare: hopRuns('pipeline', HOP_PIPELINE_HPL) },
	'dataflowWorker.workflow.execute': {
		server: 'hop',
		parameters: { filePath: '${PROJECT_HOME}/workflows/main.hwf', hopParameters: { entry: [{ name: 'ENV', value: '={{ "item" + $json.n }}' }] } },
		bad: [{ label: 'a pipeline file', parameters: { filePath: '/opt/hop/p.hpl' }, message: /use the Pipeline resource/ }],
	},
	'dataflowWorker.workflow.runAndWait': {
		server: 'hop',
		parameters: { hopSource: 'server', filePath: '${PROJECT_HOME}/workflows/main.hwf', options: HOP_WAIT },
		bad: [{ label: 'a Kettle job', parameters: { filePath: '/opt/etl/load.kjb' }, message: /Kettle file/ }],
	},
	'dataflowWorker.workflow.register': {
		server: 'hop',
		parameters: {},
		input: binaryInput(HOP_WORKFLOW_HWF, 'reliability-workflow.hwf', 'application/xml'),
	},
	'dataflowWorker.workflow.start': { server: 'hop', parameters: workflowRef, prepare: hopRuns('workflow', HOP_WORKFLOW_HWF) },
	'dataflowWorker.workflow.getStatus': { server: 'hop', parameters: workflowRef, prepare: hopRuns('workflow', HOP_WORKFLOW_HWF, 'start') },
	'dataflowWorker.workflow.getImage': { server: 'hop', parameters: { ...workflowRef, binaryPropertyName: 'data' }, prepare: hopRuns('workflow', HOP_WORKFLOW_HWF, 'start') },
	'dataflowWorker.workflow.stop': { server: 'hop', parameters: workflowRef, prepare: hopRuns('workflow', HOP_WORKFLOW_HWF, 'start') },
	'dataflowWorker.workflow.remove': { server: 'hop', parameters: workflowRef, prepare: hopRuns('workflow', HOP_WORKFLOW_HWF) },
};

export const SAMPLES: Record<string, Sample> = {
	// Catalog
	'dataflowCatalog.api.call': { parameters: { method: 'GET', path: 'assets' }, bad: [{ label: 'a ".." segment', parameters: { path: '../admin' }, message: /"\.\." segment/ }] },
	'dataflowCatalog.token.getToken': { parameters: {} },

	// Worker
	'dataflowWorker.job.add': {
		parameters: { source: 'text', jobXml: JOB_XML, options: { logLevel: 'Basic' } },
		bad: [
			{ label: 'a job definition that is not XML', parameters: { jobXml: 'not <xml' }, message: /not well-formed XML/ },
			{ label: 'a parameter value XML cannot carry', parameters: { jobParameters: { entry: [{ name: 'P', value: 'x\u0000' }] } }, message: /U\+0000/ },
		],
	},
	'dataflowWorker.job.run': {
		parameters: { jobPath: '/public/etl/daily_load.kjb', options: { logLevel: 'Basic' } },
		bad: [
			{ label: 'a ".." path segment', parameters: { jobPath: '/public/../etc/x.kjb' }, message: /"\.\." segments/ },
			{ label: 'an empty path segment', parameters: { jobPath: '/public//x.kjb' }, message: /empty segment/ },
		],
	},
	'dataflowWorker.job.runAndWait': {
		parameters: { jobPath: '/public/etl/daily_load.kjb', options: { logLevel: 'Basic', pollInterval: 0.05, timeout: 20 } },
		bad: [
			{ label: 'a negative poll interval', parameters: { options: { pollInterval: -1 } }, message: /Poll Interval/ },
			{ label: 'a negative timeout', parameters: { options: { timeout: -5 } }, message: /Timeout/ },
		],
	},
	'dataflowWorker.job.getStatus': { parameters: { jobName: 'daily_load', options: { jobId: '={{ $json.jobId }}' } }, prepare: startedJobs },
	'dataflowWorker.job.getImage': { parameters: { jobName: 'daily_load', binaryPropertyName: 'data', options: { jobId: '={{ $json.jobId }}' } }, prepare: startedJobs },
	'dataflowWorker.job.stop': { parameters: { jobName: 'daily_load', options: { jobId: '={{ $json.jobId }}' } }, prepare: startedJobs },
	'dataflowWorker.job.remove': { parameters: { jobName: 'daily_load', options: { jobId: '={{ $json.jobId }}' } }, prepare: endedJobs },
	'dataflowWorker.job.start': { parameters: { jobName: '={{ $json.jobName }}', options: { jobId: '={{ $json.jobId }}' } }, prepare: addedJobs },
	'dataflowWorker.job.execute': {
		parameters: { executeSource: 'repository', repositoryName: 'dataflow', options: { repositoryPassword: 'password', repositoryUser: 'admin' }, executePath: '/public/etl/daily_load.kjb' },
		bad: [
			{ label: 'a transformation path', parameters: { executePath: '/public/etl/load_sales.ktr' }, message: /is a transformation/ },
			{ label: 'a parameter named like a servlet option', parameters: { executeParameters: { entry: [{ name: 'pass', value: 'x' }] } }, message: /reserved/ },
		],
	},
	'dataflowWorker.transformation.run': {
		parameters: { transPath: '/public/etl/load_sales.ktr', options: { logLevel: 'Basic' } },
		bad: [
			{ label: 'a ".." path segment', parameters: { transPath: '/public/../etc/x.ktr' }, message: /"\.\." segments/ },
			{ label: 'a job path', parameters: { transPath: '/public/etl/daily_load.kjb' }, message: /is a job/ },
		],
	},
	'dataflowWorker.transformation.runAndWait': {
		parameters: { transPath: '/public/etl/load_sales.ktr', options: { logLevel: 'Basic', pollInterval: 0.05, timeout: 20 } },
		bad: [
			{ label: 'a negative poll interval', parameters: { options: { pollInterval: -1 } }, message: /Poll Interval/ },
			{ label: 'an unknown timeout policy', parameters: { options: { pollInterval: 0.05, timeout: 20, onAbort: 'explode' } }, message: /On Timeout or Cancel/ },
		],
	},
	'dataflowWorker.transformation.execute': {
		parameters: { executeSource: 'repository', repositoryName: 'dataflow', options: { repositoryPassword: 'password', repositoryUser: 'admin' }, executePath: '/public/etl/load_sales.ktr' },
		bad: [
			{ label: 'a job path', parameters: { executePath: '/public/etl/daily_load.kjb' }, message: /is a job/ },
			{ label: 'a name given as parameter and variable', parameters: { executeParameters: { entry: [{ name: 'A', value: '1' }] }, executeVariables: { entry: [{ name: 'A', value: '2' }] } }, message: /both as a parameter and as a variable/ },
		],
	},
	'dataflowWorker.transformation.getStatus': { parameters: { transName: 'load_sales', options: { transId: '={{ $json.transId }}' } }, prepare: startedTransformations(600_000) },
	'dataflowWorker.transformation.getImage': { parameters: { transName: 'load_sales', binaryPropertyName: 'data', options: { transId: '={{ $json.transId }}' } }, prepare: startedTransformations(600_000) },
	'dataflowWorker.transformation.stop': { parameters: { transName: 'load_sales', options: { transId: '={{ $json.transId }}', safeStop: true } }, prepare: startedTransformations(600_000) },
	'dataflowWorker.transformation.pause': { parameters: { transName: 'load_sales', options: { transId: '={{ $json.transId }}' } }, prepare: startedTransformations(600_000) },
	'dataflowWorker.transformation.resume': { parameters: { transName: 'load_sales', options: { transId: '={{ $json.transId }}' } }, prepare: startedTransformations(600_000, 'pause') },
	'dataflowWorker.transformation.remove': { parameters: { transName: 'load_sales', options: { transId: '={{ $json.transId }}' } }, prepare: startedTransformations(50, 'end') },
	'dataflowWorker.server.getStatus': { parameters: { output: 'all' } },
	'dataflowWorker.server.stop': { parameters: {} },
	'dataflowWorker.slave.register': {
		parameters: { slaveName: '={{ "slave-" + $json.n }}', hostname: 'worker.example.com', additionalFields: { port: 8081 } },
		bad: [{ label: 'a port that is not a port', parameters: { additionalFields: { port: -3 } }, message: /[Pp]ort/ }],
	},
	'dataflowWorker.slave.list': {
		parameters: {},
		// A registered slave, so that the sample lists one.
		prepare: async (emulator) => {
			const body =
				'<SlaveServerDetection><slaveserver><name>listed</name><hostname>worker.example.com</hostname><port>8081</port><webAppName/><username>cluster</username><password>x</password></slaveserver><active>Y</active></SlaveServerDetection>';
			await adminFetch(emulator, '/dataflow/registerSlave/?xml=Y', { method: 'POST', headers: { 'Content-Type': 'text/xml' }, body });
		},
	},
	'dataflowWorker.socket.allocate': { parameters: { allocationFields: { host: 'worker1', trans: '={{ "trans-" + $json.n }}' } } },
	'dataflowWorker.socket.list': {
		parameters: { host: 'worker1', options: { onlyOpen: false } },
		prepare: async (emulator) => void (await adminFetch(emulator, '/dataflow/allocateSocket?xml=Y&host=worker1&trans=prepared')),
	},
	'dataflowWorker.sequence.reserve': {
		parameters: { sequenceName: 'orders', options: { increment: 1 } },
		bad: [
			{ label: 'a non-numeric increment', parameters: { options: { increment: '={{ "ten" }}' } }, message: /[Ii]ncrement/ },
			{ label: 'a negative increment', parameters: { options: { increment: -10 } }, message: /[Ii]ncrement/ },
		],
	},
	// Worker on an Apache Hop Server (Pipeline, Workflow)
	...HOP_SAMPLES,

	// DataSource
	'dataflowDataSource.jdbcConnection.getAll': { parameters: { returnAll: true } },
	'dataflowDataSource.jdbcConnection.get': { parameters: { connection: rl('SampleData') } },
	'dataflowDataSource.jdbcConnection.createOrUpdate': {
		parameters: {
			connection: rl('={{ "conn_" + $json.n }}'),
			specifyConnection: 'fields',
			databaseType: 'POSTGRESQL',
			accessType: 'NATIVE',
			additionalFields: { hostname: 'db.example.com', databaseName: 'sales', databasePort: '5432', username: 'reporting', password: 'Rep0rting!' },
		},
		// Updates (read, merge, write): the operation's own first request is the read of the connection.
		prepare: (emulator, items) => {
			for (let n = 0; n < items; n++) {
				const name = `conn_${n}`;
				if (!datasource(emulator).connections.some((c) => c.name === name)) {
					datasource(emulator).connections.push({ id: name, name, password: 'old', hostname: 'old.example.com', databaseName: 'old', databasePort: '5432', databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL' } });
				}
			}
		},
		bad: [{ label: 'a port that is not a number', parameters: { additionalFields: { databasePort: 'abc' } }, message: /[Pp]ort/ }],
	},
	'dataflowDataSource.jdbcConnection.delete': {
		parameters: { connection: rl('={{ "doomed_" + $json.n }}') },
		prepare: (emulator, items) => {
			for (let n = 0; n < items; n++) {
				const name = `doomed_${n}`;
				if (!datasource(emulator).connections.some((c) => c.name === name)) {
					datasource(emulator).connections.push({ id: name, name, password: null, databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL' } });
				}
			}
		},
	},
	'dataflowDataSource.analysisSchema.getAll': { parameters: { returnAll: true } },
	'dataflowDataSource.analysisSchema.download': { parameters: { catalog: rl('SampleData'), binaryPropertyName: 'data' } },
	'dataflowDataSource.analysisSchema.upload': {
		parameters: { catalog: rl('={{ "upload_" + $json.n }}'), binaryPropertyName: 'data', options: { overwrite: true, xmlaEnabledFlag: false }, additionalFields: { datasourceName: 'SampleData' } },
		bad: [{ label: 'no data source', parameters: { additionalFields: {} }, message: /Data Source Name is empty/ }],
		// The server names a catalog after <Schema name>: each item's schema carries its catalog's name.
		input: (n) => binaryInput(SCHEMA.replace('name="Reliability"', `name="upload_${n}"`), 'reliability.mondrian.xml', 'text/xml')(n),
	},
	'dataflowDataSource.analysisSchema.delete': {
		parameters: { catalog: rl('={{ "doomed_" + $json.n }}') },
		prepare: (emulator, items) => {
			for (let n = 0; n < items; n++) {
				const id = `doomed_${n}`;
				if (!datasource(emulator).catalogs.some((c) => c.id === id)) {
					datasource(emulator).catalogs.push({ id, content: Buffer.from(SCHEMA), mimeType: 'text/xml', extraFiles: {}, xmlaEnabled: false });
				}
			}
		},
	},
	'dataflowDataSource.dswDomain.getAll': { parameters: { returnAll: true } },
	'dataflowDataSource.dswDomain.download': { parameters: { domain: rl('sales_model.xmi'), binaryPropertyName: 'data' } },
	'dataflowDataSource.dswDomain.delete': {
		parameters: { domain: rl('={{ "doomed_" + $json.n + ".xmi" }}') },
		prepare: (emulator, items) => {
			for (let n = 0; n < items; n++) {
				const id = `doomed_${n}.xmi`;
				if (!datasource(emulator).domains.some((d) => d.id === id)) {
					datasource(emulator).domains.push({ id, files: { [id]: Buffer.from('<xmi/>') } });
				}
			}
		},
	},

	// Lineage
	'dataflowLineage.lineage.getAllArtifacts': {
		parameters: { dateRange: 'between', startDate: '2024-03-01', endDate: '2024-03-05' },
		bad: [
			{ label: 'an impossible date', parameters: { startDate: '2024-02-30' }, message: /does not exist/ },
			{ label: 'a reversed range', parameters: { startDate: '2024-03-09', endDate: '2024-03-01' }, message: /before start date/ },
		],
	},
	'dataflowLineage.lineage.getForFile': {
		parameters: { filePath: '/home/admin/sales.ktr', dateRange: 'all' },
		bad: [{ label: 'a ".." path segment', parameters: { filePath: '/home/../admin/sales.ktr' }, message: /"\.\." segments/ }],
	},

	// Report
	'dataflowReport.report.getParameters': {
		parameters: { report: rl('/public/Steel Wheels/Sales by Region.prpt') },
		bad: [{ label: 'values that are not JSON', parameters: { options: { values: '{"Region": ' } }, message: /Evaluate With Values \(JSON\) is not valid JSON/ }],
	},
	'dataflowReport.report.render': {
		parameters: {
			report: rl('/public/Steel Wheels/Sales by Region.prpt'),
			format: 'pageable/pdf',
			parameterInput: 'json',
			parametersJson: '={{ JSON.stringify({ Region: ["EMEA", "NA", "APAC"][$json.n % 3], Year: 2004 }) }}',
			binaryPropertyName: 'data',
		},
		bad: [
			{ label: 'output-target as a parameter', parameters: { parametersJson: '{"output-target": "pageable/pdf"}' }, message: /"output-target" cannot be given as a parameter/ },
			{ label: 'a path that is not a report', parameters: { report: rl('={{ "/public/Steel Wheels/sales.ktr" }}') }, message: /is not a report: choose a \.prpt file/ },
		],
	},

	'dataflowReport.query.listQueries': { parameters: { cdaFile: rl('/public/Steel Wheels/sales.cda') } },
	'dataflowReport.query.run': {
		parameters: {
			cdaFile: rl('/public/Steel Wheels/sales.cda'),
			query: 'salesByRegion',
			parameterInput: 'json',
			parametersJson: '={{ JSON.stringify({ region: ["EMEA", "NA", "APAC"][$json.n % 3], year: 2004 }) }}',
			returnAll: true,
		},
		bad: [
			{ label: 'a sort column that is not a column index', parameters: { sort: { rules: [{ column: -1, direction: 'A' }] } }, message: /Sort rule 1: Column Index must be a whole number/ },
			{ label: 'parameters that are not an object', parameters: { parametersJson: '["EMEA"]' }, message: /must be an object of parameter names and values/ },
		],
	},

	// Scheduler
	...SCHEDULER_SAMPLES,

	// Repository
	...REPOSITORY_SAMPLES,
};
