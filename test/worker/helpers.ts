/** Documents a worker server answers, for the nock tests. */
import { gzipSync } from 'node:zlib';

export const WORKER = 'http://worker.test';

export function esc(text: string): string {
	return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

export function webResult(result: 'OK' | 'ERROR', message: string, id = ''): string {
	return `<?xml version="1.0" encoding="UTF-8"?>\n<webresult>\n  <result>${result}</result>\n  <message>${esc(message)}</message>\n  <id>${id}</id>\n</webresult>\n`;
}

/** `logging_string` as the real server writes it: CDATA wrapper around base64(gzip), escaped as text. */
export function loggingString(log: string): string {
	return esc(`<![CDATA[${gzipSync(Buffer.from(log, 'utf8')).toString('base64')}]]>`);
}

export interface StatusDoc {
	name?: string;
	id?: string;
	status: string;
	error?: string;
	log?: string;
	first?: number;
	last?: number;
	result?: Record<string, string | number>;
}

export const FINISHED_RESULT = {
	lines_input: 0,
	lines_output: 10,
	lines_read: 100,
	lines_written: 90,
	lines_updated: 1,
	lines_rejected: 0,
	lines_deleted: 2,
	nr_errors: 0,
	nr_files_retrieved: 3,
	entry_nr: 0,
	result: 'Y',
	exit_status: 0,
	is_stopped: 'N',
	log_channel_id: 'chan-1',
	log_text: '',
	elapsedTimeMillis: 1234,
};

export function statusXml(doc: StatusDoc): string {
	const result = doc.result ?? FINISHED_RESULT;
	const fields = Object.entries(result)
		.map(([k, v]) => (String(v) === '' ? `<${k}/>` : `<${k}>${esc(String(v))}</${k}>`))
		.join('');
	return (
		`<?xml version="1.0" encoding="UTF-8"?>\n<jobstatus>\n` +
		`  <jobname>${esc(doc.name ?? 'load_sales')}</jobname>\n  <id>${doc.id ?? 'job-1'}</id>\n` +
		`  <status_desc>${esc(doc.status)}</status_desc>\n  ${doc.error ? `<error_desc>${esc(doc.error)}</error_desc>` : '<error_desc/>'}\n` +
		`  <log_date>2024/01/31 10:15:30.250</log_date>\n` +
		`  <logging_string>${loggingString(doc.log ?? '')}</logging_string>\n` +
		`  <first_log_line_nr>${doc.first ?? 0}</first_log_line_nr>\n  <last_log_line_nr>${doc.last ?? 0}</last_log_line_nr>\n` +
		`<result>${fields}<result-file></result-file><result-rows></result-rows></result></jobstatus>\n`
	);
}

export const XML = { 'Content-Type': 'text/xml;charset=UTF-8' };
