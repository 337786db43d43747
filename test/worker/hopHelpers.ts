/**
 * Documents a Hop Server answers, for the nock tests, written as the Hop source writes them
 * (apache/hop engine/src/main/java/org/apache/hop/www/HopServerPipelineStatus.java, HopServerWorkflowStatus.java,
 * HopServerStatus.java, WebResult.java, pipeline/transform/TransformStatus.java, workflow/action/ActionStatus.java,
 * core/Result.java getBasicXml @2.19.0-rc1): XmlHandler.addTagValue writes `<tag>value</tag>` and `<tag/>` for an
 * empty value, a line break after each unless told not to; dates as yyyy/MM/dd HH:mm:ss.SSS; booleans Y/N.
 */
import { gzipSync } from 'node:zlib';

import nock from 'nock';

import { SERVER_PASSWORD, serverCredentials } from '../harness';
import { esc } from './helpers';

export const HOP = 'http://hop.test:8080';
export const HOP_AUTH = `Basic ${Buffer.from(`cluster:${SERVER_PASSWORD}`).toString('base64')}`;
/** The fake Hop Server of the nock tests, with the cluster user's Basic authorization required. */
export const hop = () => nock(HOP, { reqheaders: { authorization: HOP_AUTH } });
export const hopCredentials = { dataflowServerApi: serverCredentials(HOP, { username: 'cluster', serverKind: 'hopServer' }) };

/** The XML the status servlets write: text/xml from 2.18.0, text/html;charset=UTF-8 before (GetStatusServlet@2.9.0-rc1). */
export const XML_2_19 = { 'Content-Type': 'text/xml;charset=UTF-8' };
export const HTML_2_9 = { 'Content-Type': 'text/html;charset=UTF-8' };

const tag = (name: string, value: string | number | undefined, cr = true) =>
	`${value === undefined || value === '' ? `<${name}/>` : `<${name}>${esc(String(value))}</${name}>`}${cr ? '\n' : ''}`;

/** WebResult.getXml, after the XML header the control servlets print first. */
export function hopWebResult(result: 'OK' | 'ERROR', message = '', id = '', header = true): string {
	return `${header ? '<?xml version="1.0" encoding="UTF-8"?>\n' : ''}<webresult>\n  ${tag('result', result)}  ${tag('message', message)}  ${tag('id', id)}</webresult>\n`;
}

/** logging_string: XmlHandler.buildCDATA(base64(gzip(log))) escaped as text (Hop's encoder breaks lines every 76 characters). */
export function hopLoggingString(log: string): string {
	const base64 = gzipSync(Buffer.from(log, 'utf8')).toString('base64').replace(/(.{76})/g, '$1\r\n');
	return esc(`<![CDATA[${base64}]]>`);
}

export const RESULT = {
	lines_input: 0,
	lines_output: 0,
	lines_read: 5,
	lines_written: 5,
	lines_updated: 0,
	lines_rejected: 0,
	lines_deleted: 0,
	nr_errors: 0,
	nr_files_retrieved: 0,
	entry_nr: 0,
	result: 'Y',
	exit_status: 0,
	is_stopped: 'N',
	log_channel_id: 'a1b2',
	log_text: '',
	elapsedTimeMillis: 1200,
	executionId: '',
	containerId: 'pipe-1',
};

export function resultXml(over: Record<string, string | number> = {}): string {
	return `<result>${Object.entries({ ...RESULT, ...over })
		.map(([k, v]) => tag(k, v, false))
		.join('')}</result>`;
}

export interface TransformDoc {
	name: string;
	read?: number;
	written?: number;
	errors?: number;
	status?: string;
	stopped?: boolean;
	paused?: boolean;
	log?: string;
}

/** TransformStatus.getXml. */
export function transformXml(t: TransformDoc): string {
	return (
		`<transform_status>${tag('transformName', t.name, false)}${tag('copy', 0, false)}${tag('linesRead', t.read ?? 0, false)}${tag('linesWritten', t.written ?? 0, false)}` +
		`${tag('linesInput', 0, false)}${tag('linesOutput', 0, false)}${tag('linesUpdated', 0, false)}${tag('linesRejected', 0, false)}${tag('errors', t.errors ?? 0, false)}` +
		`${tag('input_buffer_size', 0, false)}${tag('output_buffer_size', 0, false)}${tag('statusDescription', t.status ?? 'Finished', false)}${tag('seconds', 1.2, false)}` +
		`${tag('speed', ' 4', false)}${tag('priority', '-', false)}${tag('stopped', t.stopped ? 'Y' : 'N', false)}${tag('paused', t.paused ? 'Y' : 'N', false)}` +
		`${tag('log_text', `<![CDATA[${t.log ?? ''}]]>`)}</transform_status>`
	);
}

export interface PipelineDoc {
	name?: string;
	id?: string;
	status: string;
	error?: string;
	paused?: boolean;
	transforms?: TransformDoc[];
	log?: string;
	first?: number;
	last?: number;
	result?: Record<string, string | number> | null;
	start?: string;
	end?: string;
}

/** The XML header and HopServerPipelineStatus.getXml(false). */
export function pipelineStatusXml(doc: PipelineDoc): string {
	return (
		`<?xml version="1.0" encoding="UTF-8"?>\n<pipeline-status>\n  ${tag('pipeline_name', doc.name ?? 'load-customers')}  ${tag('id', doc.id ?? 'pipe-1')}` +
		`  ${tag('status_desc', doc.status)}  ${tag('error_desc', doc.error)}  ${tag('log_date', '2026/08/12 10:15:31.000')}` +
		`  ${tag('execution_start_date', doc.start ?? '2026/08/12 10:15:30.250')}  ${tag('execution_end_date', doc.end)}  ${tag('paused', doc.paused ? 'Y' : 'N')}` +
		`  <transform_status_list>\n${(doc.transforms ?? []).map((t) => `    ${transformXml(t)}\n`).join('')}  </transform_status_list>\n` +
		`  ${tag('first_log_line_nr', doc.first ?? 0)}  ${tag('last_log_line_nr', doc.last ?? 0)}` +
		`${doc.result === null ? '' : resultXml(doc.result ?? {})}  <logging_string>${hopLoggingString(doc.log ?? '')}</logging_string>\n` +
		`</pipeline-status>`
	);
}

export interface ActionDoc {
	name: string;
	status: 'FINISHED' | 'STOPPED' | 'RUNNING';
	result?: Record<string, string | number>;
}

export interface WorkflowDoc {
	name?: string;
	id?: string;
	status: string;
	error?: string;
	actions?: ActionDoc[];
	log?: string;
	first?: number;
	last?: number;
	result?: Record<string, string | number> | null;
	end?: string;
}

/** The XML header and HopServerWorkflowStatus.getXml (2.15+: action_status_list). */
export function workflowStatusXml(doc: WorkflowDoc): string {
	const actions = (doc.actions ?? [])
		.map((a) => `<action_status>${tag('name', a.name, false)}${tag('status', a.status, false)}${a.result ? resultXml(a.result) : ''}</action_status>\n`)
		.join('');
	return (
		`<?xml version="1.0" encoding="UTF-8"?>\n<workflow-status>\n  ${tag('workflowname', doc.name ?? 'nightly-load')}  ${tag('id', doc.id ?? 'wf-1')}` +
		`  ${tag('status_desc', doc.status)}  ${tag('error_desc', doc.error)}  ${tag('log_date', '2026/08/12 10:15:30.250')}` +
		`  ${tag('execution_start_date', '2026/08/12 10:15:30.250')}  ${tag('execution_end_date', doc.end)}` +
		`  <logging_string>${hopLoggingString(doc.log ?? '')}</logging_string>\n  ${tag('first_log_line_nr', doc.first ?? 0)}  ${tag('last_log_line_nr', doc.last ?? 0)}` +
		`  <action_status_list>\n${actions}  </action_status_list>\n${doc.result === null ? '' : resultXml({ containerId: doc.id ?? 'wf-1', ...(doc.result ?? {}) })}</workflow-status>`
	);
}

export interface ListEntry {
	name: string;
	id: string;
	status: string;
	end?: string;
}

/** GetStatusServlet with xml=Y: the XML header, HopServerStatus.getXml (2.15+: workflow_status_list; before: job_status_list). */
export function serverStatusXml(pipelines: ListEntry[], workflows: ListEntry[], options: { release?: '2.19' | '2.9' } = {}): string {
	const listed = (root: string, nameTag: string, e: ListEntry, extra: string) =>
		`<${root}>\n  ${tag(nameTag, e.name)}  ${tag('id', e.id)}  ${tag('status_desc', e.status)}  <error_desc/>\n  ${tag('log_date', '2026/08/12 10:20:00.000')}` +
		`  ${tag('execution_start_date', '2026/08/12 10:15:30.250')}  ${tag('execution_end_date', e.end)}${extra}</${root}>`;
	const pipelineEntries = pipelines
		.map((p) => `    ${listed('pipeline-status', 'pipeline_name', p, `  <paused>N</paused>\n  <transform_status_list>\n  </transform_status_list>\n  <first_log_line_nr>0</first_log_line_nr>\n  <last_log_line_nr>0</last_log_line_nr>\n  <logging_string>&lt;![CDATA[]]&gt;</logging_string>\n`)}\n`)
		.join('');
	const workflowEntries = workflows
		.map((w) => `    ${listed('workflow-status', 'workflowname', w, `  <logging_string>&lt;![CDATA[]]&gt;</logging_string>\n  <first_log_line_nr>0</first_log_line_nr>\n  <last_log_line_nr>0</last_log_line_nr>\n  <action_status_list>\n  </action_status_list>\n`)}\n`)
		.join('');
	const list = options.release === '2.9' ? 'job_status_list' : 'workflow_status_list';
	return (
		`<?xml version="1.0" encoding="UTF-8"?>\n<serverstatus>\n${tag('statusdesc', 'Online')}${options.release === '2.9' ? '' : tag('shutting_down', 'N')}` +
		`${tag('memory_free', 123456789)}${tag('memory_total', 987654321)}${tag('cpu_cores', 4)}${tag('cpu_process_time', 5000000000)}${tag('uptime', 360000)}` +
		`${tag('thread_count', 42)}${tag('load_avg', 0.5)}${tag('os_name', 'Linux')}${tag('os_version', '6.1')}${tag('os_arch', 'amd64')}` +
		`  <pipeline_status_list>\n${pipelineEntries}  </pipeline_status_list>\n  <${list}>\n${workflowEntries}  </${list}>\n</serverstatus>\n`
	);
}

/** A small .hpl, as Hop GUI saves one (PipelineMeta.getXml). */
export const PIPELINE_HPL = `<?xml version="1.0" encoding="UTF-8"?>
<pipeline>
  <info>
    <name>load-customers</name>
    <name_sync_with_filename>Y</name_sync_with_filename>
    <description>Loads customers &amp; "prospects"</description>
    <parameters>
      <parameter>
        <name>PRM_NAME</name>
        <default_value>world</default_value>
        <description/>
      </parameter>
    </parameters>
  </info>
  <order>
    <hop><from>Generate rows</from><to>result</to><enabled>Y</enabled></hop>
  </order>
  <transform>
    <name>Generate rows</name>
    <type>RowGenerator</type>
    <copies>1</copies>
    <fields><field><name>greeting</name><type>String</type><nullif>Grüße</nullif></field></fields>
    <limit>5</limit>
    <GUI><xloc>100</xloc><yloc>100</yloc></GUI>
  </transform>
  <transform>
    <name>result</name>
    <type>Dummy</type>
    <copies>1</copies>
    <GUI><xloc>300</xloc><yloc>100</yloc></GUI>
  </transform>
</pipeline>
`;

/** A small .hwf (WorkflowMeta.getXml). */
export const WORKFLOW_HWF = `<?xml version="1.0" encoding="UTF-8"?>
<workflow>
  <name>nightly-load</name>
  <name_sync_with_filename>Y</name_sync_with_filename>
  <parameters>
    <parameter><name>ENV</name><default_value>dev</default_value><description/></parameter>
  </parameters>
  <actions>
    <action><name>Start</name><type>SPECIAL</type><xloc>50</xloc><yloc>100</yloc></action>
    <action><name>Success</name><type>SUCCESS</type><xloc>300</xloc><yloc>100</yloc></action>
  </actions>
  <hops>
    <hop><from>Start</from><to>Success</to><enabled>Y</enabled><evaluation>Y</evaluation><unconditional>Y</unconditional></hop>
  </hops>
</workflow>
`;

/** An input item holding a file in its `data` binary field. */
export function fileItem(content: string, fileName: string) {
	return [{ json: {}, binary: { data: { data: Buffer.from(content, 'utf8').toString('base64'), mimeType: 'application/xml', fileName } } }];
}
