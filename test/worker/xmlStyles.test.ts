/**
 * The worker's documents as the real serializers write them, in the escaping styles of old and
 * current servers, read by the shared parsers both worker engineers use (nodes/Worker/shared).
 *
 * - Current (OWASP Encode.forXml in XMLHandler.addTagValue): `'` → `&#39;`, `"` → `&#34;`, and the
 *   logging_string's CDATA wrapper escaped as text (`&lt;![CDATA[…]]&gt;`)
 *   (pentaho/pentaho-kettle:core/src/main/java/org/pentaho/di/core/xml/XMLHandler.java, SlaveServerJobStatus.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038).
 * - Old (XMLHandler.appendReplacedChars before the OWASP encoder): `/` → `&#47;`, `"` → `&quot;`, and a
 *   CDATA block left as a real CDATA section.
 * - Lists: `<jobstatuslist>` with whitespace only when empty, one element as a single child.
 * - Missing optional elements: no `<result>` while a job runs (job.getResult() is null), `<error_desc/>`.
 */
import { gzipSync } from 'node:zlib';

import type { INode } from 'n8n-workflow';

import { parseXml } from '../../nodes/common/xml';
import { jobStatusJson, readJobStatus } from '../../nodes/Worker/shared/jobStatus';
import { readServerStatus } from '../../nodes/Worker/shared/serverStatus';
import { decodeHtmlEncoded, readWebResult } from '../../nodes/Worker/shared/webResult';

const node = { name: 'Worker', type: 'dataflowWorker', typeVersion: 1, position: [0, 0], parameters: {} } as unknown as INode;
const LOG = 'line "one" / it\'s <ok>\nline two\n';
const B64 = gzipSync(Buffer.from(LOG, 'utf8')).toString('base64');

describe('job status documents in both escaping styles', () => {
	it('current style: escaped CDATA wrapper, &#39; and &#34;, no <result> while running', () => {
		const xml = `<?xml version="1.0" encoding="UTF-8"?>
<jobstatus>
  <jobname>O&#39;Brien &#34;daily&#34;</jobname>
  <id>4e1c</id>
  <status_desc>Running</status_desc>
  <error_desc/>
  <log_date>2024/01/31 10:00:00.123</log_date>
  <logging_string>&lt;![CDATA[${B64}]]&gt;</logging_string>
  <first_log_line_nr>0</first_log_line_nr>
  <last_log_line_nr>2</last_log_line_nr>
</jobstatus>`;
		const status = readJobStatus(node, parseXml(xml), 0);
		expect(status).toMatchObject({ jobname: 'O\'Brien "daily"', status_desc: 'Running', error_desc: '', log: LOG, first_log_line_nr: 0, last_log_line_nr: 2 });
		expect(status.result).toBeUndefined();
		expect(jobStatusJson(status)).not.toHaveProperty('result');
	});

	it('old style: a real CDATA section, &#47; and &quot;', () => {
		const xml = `<?xml version="1.0" encoding="UTF-8"?>
<jobstatus><jobname>a&#47;b &quot;x&quot;</jobname><id>1</id><status_desc>Finished</status_desc><error_desc></error_desc>
<logging_string><![CDATA[${B64}]]></logging_string><first_log_line_nr>0</first_log_line_nr><last_log_line_nr>2</last_log_line_nr>
<result><lines_read>3</lines_read><nr_errors>0</nr_errors><result>Y</result><is_stopped>N</is_stopped></result></jobstatus>`;
		const status = readJobStatus(node, parseXml(xml), 0);
		expect(status).toMatchObject({ jobname: 'a/b "x"', log: LOG, result: { lines_read: 3, nr_errors: 0, result: true, is_stopped: false } });
	});
});

describe('server status lists', () => {
	const frame = (jobs: string, trans: string) =>
		`<?xml version="1.0" encoding="UTF-8"?>\n<serverstatus>\n<statusdesc>Online</statusdesc>\n<memory_free>10</memory_free>\n<load_avg>-1.0</load_avg>\n  <transstatuslist>\n${trans}  </transstatuslist>\n  <jobstatuslist>\n${jobs}  </jobstatuslist>\n</serverstatus>\n`;
	const job = (name: string) =>
		`    <jobstatus>\n  <jobname>${name}</jobname>\n  <id>${name}-id</id>\n  <status_desc>Finished</status_desc>\n  <error_desc/>\n  <log_date>2024/01/31 10:00:00.000</log_date>\n  <logging_string>&lt;![CDATA[]]&gt;</logging_string>\n  <first_log_line_nr>0</first_log_line_nr>\n  <last_log_line_nr>0</last_log_line_nr>\n</jobstatus>\n`;

	it('empty lists (whitespace only) give no entries', () => {
		const status = readServerStatus(node, parseXml(frame('', '')), 0);
		expect(status.jobs).toEqual([]);
		expect(status.transformations).toEqual([]);
		expect(status.server).toMatchObject({ kind: 'server', memory_free: 10, load_avg: -1, jobCount: 0, transformationCount: 0 });
	});

	it('one job is one entry; several are several', () => {
		expect(readServerStatus(node, parseXml(frame(job('a'), '')), 0).jobs.map((j) => j.jobname)).toEqual(['a']);
		expect(readServerStatus(node, parseXml(frame(job('a') + job('b'), '')), 0).jobs.map((j) => j.id)).toEqual(['a-id', 'b-id']);
	});
});

describe('result documents', () => {
	it('an Encode.forHtml\'d message (written XML-escaped again) reads as plain text', () => {
		const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<webresult>\n  <result>OK</result>\n  <message>Job &amp;#39;a &amp;amp; b&amp;#39; was added to the list with id 9</message>\n  <id>9</id>\n</webresult>\n`;
		expect(readWebResult(node, parseXml(xml), 0, 'the job')).toEqual({ result: 'OK', message: "Job 'a & b' was added to the list with id 9", id: '9' });
	});

	it('a plain message of an older server is left as it is', () => {
		expect(decodeHtmlEncoded("Job 'a' was added")).toBe("Job 'a' was added");
		const xml = '<webresult><result>OK</result><message>Job started</message><id>x</id></webresult>';
		expect(readWebResult(node, parseXml(xml), 0, 'the run')).toEqual({ result: 'OK', message: 'Job started', id: 'x' });
	});
});

describe('slave lists', () => {
	it('the hex-entity style of older servers (&#x2f; &#x3a; &#x5b;) and slaves without the newer fields', async () => {
		const { readSlaves } = await import('../../nodes/Worker/shared/slaves');
		// Shape of the example in pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/GetSlavesServlet.java@1c42d65011ad0cd53bb2799650f6ffe2a5a4e5d6.
		const xml = `<?xml version="1.0" encoding="UTF-8"?>
<SlaveServerDetections>
<SlaveServerDetection>
  <slaveserver>
    <name>Dynamic slave &#x5b;localhost&#x3a;909&#x5d;</name><hostname>localhost</hostname><port>909</port>
    <webAppName/><username>cluster</username><password>Encrypted 2be98afc86aa7f2e4cb1aa265cd86aac8</password>
    <proxy_hostname/><proxy_port/><non_proxy_hosts/><master>N</master>
  </slaveserver>
  <active>Y</active>
  <last_active_date>2014&#x2f;11&#x2f;17 06&#x3a;42&#x3a;28.043</last_active_date>
  <last_inactive_date>2014&#x2f;11&#x2f;17 06&#x3a;42&#x3a;27.372</last_inactive_date>
</SlaveServerDetection>

</SlaveServerDetections>
`;
		const slaves = readSlaves(parseXml(xml));
		expect(slaves).toHaveLength(1);
		expect(slaves[0]).toMatchObject({ name: 'Dynamic slave [localhost:909]', hostname: 'localhost', port: 909, master: false, active: true });
		expect(slaves[0].last_active_date).toBe('2014-11-17T06:42:28.043');
		expect(slaves[0]).not.toHaveProperty('password');
		expect(slaves[0]).not.toHaveProperty('sslMode');
		expect(readSlaves(parseXml('<?xml version="1.0" encoding="UTF-8"?>\n<SlaveServerDetections>\n</SlaveServerDetections>\n'))).toEqual([]);
	});
});
