/**
 * How the scheduler writes its documents: jobs and generated files as JAXB XML (the default) or JSON
 * (Accept: application/json), typed on 11.x and in Jersey 1 "mapped" style on 9.x/10.x.
 */
import type { EmulatorApp } from '../../core/app';
import { jersey1Json } from '../../core/jsonStyle';
import type { RequestContext } from '../../core/types';
import { escapeXml } from '../../core/xml';
import { triggerJson } from './triggers';
import { nextRunOf, serverDate, stateOf, type GeneratedFile, type Json, type SchedulerJob } from './store';

export function jobJson(app: EmulatorApp, job: SchedulerJob): Json {
	const next = nextRunOf(app, job);
	// In the order JAXB writes the elements.
	return {
		groupName: job.userName,
		jobId: job.jobId,
		jobName: job.jobName,
		jobParams: { jobParams: job.jobParams.map((p) => ({ ...p })) },
		jobTrigger: triggerJson(job.trigger, (instant) => serverDate(app, instant)),
		...(job.lastRun !== undefined ? { lastRun: serverDate(app, job.lastRun) } : {}),
		...(next !== undefined ? { nextRun: serverDate(app, next) } : {}),
		state: job.state,
		userName: job.userName,
	};
}

/** Jersey 1 "mapped" JSON (9.x/10.x): every scalar a string, a one-element list bare, empty lists left out. */
export function jersey1(value: unknown): unknown {
	return jersey1Json(value);
}

export function xmlElement(name: string, value: unknown): string {
	if (value === undefined) return '';
	if (Array.isArray(value)) return value.map((v) => xmlElement(name, v)).join('');
	if (value === null || value === '') return `<${name}/>`;
	if (typeof value === 'object') {
		const entries = Object.entries(value as Json);
		const type = (value as Json)['@type'];
		const attributes =
			typeof type === 'string' ? ` xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="${escapeXml(type, 'noApostrophe')}"` : '';
		const children = entries
			.filter(([k]) => !k.startsWith('@'))
			.map(([k, v]) => xmlElement(k, v))
			.join('');
		return children === '' ? `<${name}${attributes}/>` : `<${name}${attributes}>${children}</${name}>`;
	}
	return `<${name}>${escapeXml(String(value), 'noApostrophe')}</${name}>`;
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>';

export function sendJobs(app: EmulatorApp, ctx: RequestContext, jobs: SchedulerJob[]): void {
	const list = jobs.map((job) => jobJson(app, job));
	if (ctx.wantsJson()) {
		const body = { job: list };
		ctx.sendJson(200, stateOf(app).jsonStyle === 'jersey1' ? jersey1(body) : body);
	} else {
		ctx.sendXml(200, `${XML_DECLARATION}<jobs>${list.map((j) => xmlElement('job', j)).join('')}</jobs>`, 'application/xml');
	}
}

export function sendJob(app: EmulatorApp, ctx: RequestContext, job: SchedulerJob): void {
	const json = jobJson(app, job);
	if (ctx.wantsJson()) ctx.sendJson(200, stateOf(app).jsonStyle === 'jersey1' ? jersey1(json) : json);
	else ctx.sendXml(200, `${XML_DECLARATION}${xmlElement('job', json)}`, 'application/xml');
}

export function fileJson(file: GeneratedFile): Json {
	return {
		id: file.id,
		name: file.name,
		path: file.path,
		title: file.name.replace(/\.[^.]+$/, ''),
		description: '',
		folder: 'false',
		hidden: 'false',
		versioned: 'false',
		locked: 'false',
		fileSize: String(file.fileSize),
		ownerType: '0',
		locale: 'en',
		createdDate: String(file.createdDate),
		lastModifiedDate: String(file.createdDate),
		originalParentFolderPath: file.path.replace(/\/[^/]*$/, ''),
	};
}

/** A job in the API's JSON shape (for tests and other areas). */
export function schedulerJobJson(app: EmulatorApp, jobId: string): Json | undefined {
	const job = stateOf(app).jobs.get(jobId);
	return job ? jobJson(app, job) : undefined;
}
