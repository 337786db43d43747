/**
 * Scenario 8, examples/08-mcp-tools.json: the server's operations as tools of n8n's MCP Server
 * Trigger, used by a real MCP client (the official TypeScript SDK's Client).
 *
 * The workflow is published in the session's `n8n start`; the client connects to the production
 * URL `/mcp/dataflow-tools` over Streamable HTTP (and once over SSE), lists the tools and calls
 * them. Checked: what the client receives (names, descriptions, an input schema with a type and a
 * description for every parameter the agent fills), each answer against the emulator's own state
 * (the job ran and finished, the folder holds those files, the schedule is paused and resumed on
 * the server ...), the answers are compact JSON (no XML, no secrets, the biggest one measured), and
 * errors come back as readable text with the server's message (wrong path, unknown job, refused
 * access) and without the credential. Long runs the way an agent should do them: start_job /
 * start_transformation answer the run's id at once, then the status tool is polled until the run
 * has ended (the steps of the transformation compared with the worker's). The trigger's
 * Authentication is Bearer Auth (credential mcpBearer01, its token made up per run in
 * lib/credentials.ts): the client sends the token; without it, or with a wrong one, n8n answers 403
 * and nothing starts.
 *
 * How n8n 2.41.1 serves it (read in the toolchain's node_modules): @n8n/n8n-nodes-langchain
 * dist/nodes/mcp/McpTrigger/McpTrigger.node.js (v2: one path for GET = SSE and POST = Streamable
 * HTTP), McpServer.js (tools/list = name, description, inputSchema from the tool's zod schema;
 * tools/call answers `{ content: [{ type: 'text', text }] }`, errors `isError` with
 * "<ErrorName>: <message>"); n8n-core dist/execution-engine/node-execution-context/utils/
 * create-node-as-tool.js (tool name = node name, description = the Tool Description, schema from
 * the `$fromAI()` calls) and get-input-connection-data.js (the answer is JSON.stringify of the
 * output items' json; a thrown error's message gets "Details: <description>").
 */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';

import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { SSEClientTransport } from '@modelcontextprotocol/sdk/client/sse.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

import { MCP_BEARER_TOKEN } from '../lib/credentials';
import { defineScenario, type DriveContext } from '../lib/scenario';

const MCP_PATH = 'dataflow-tools';
const JOB = '/public/etl/daily_load';
const TRANSFORMATION = '/public/etl/load_sales';
const FOLDER = '/public/etl';
const LINEAGE_FILE = '/home/admin/sales.ktr';
const REPORT = '/public/Steel Wheels/Sales by Region.prpt';
const CDA = '/public/Steel Wheels/sales.cda';
/** Secrets of the emulator's seeded JDBC connections and of the credentials (admin / password; the Hop Server's cluster / cluster). */
const SECRETS = ['Rep0rting!', 'homerun', Buffer.from('admin:password').toString('base64'), Buffer.from('cluster:cluster').toString('base64')];
/** A pipeline file of the Hop Server emulator's project (emulator/areas/hop/seed.ts). */
const HOP_PIPELINE = '${PROJECT_HOME}/pipelines/generate-rows.hpl';
const pathId = (path: string) => `:${path.split('/').filter(Boolean).join(':')}`;
/** What the trigger's Bearer Auth expects (n8n-nodes-base Webhook/utils.js validateWebhookAuthentication: `Bearer <token>`). */
const AUTH = { Authorization: `Bearer ${MCP_BEARER_TOKEN}` };
/** The statuses a run ends in (the status tools' descriptions name them). */
const ENDED = /^(Finished|Stopped)( \(with errors\))?$/;

interface ToolAnswer {
	name: string;
	arguments: Record<string, unknown>;
	isError: boolean;
	text: string;
	bytes: number;
}

interface ListedTool {
	name: string;
	description?: string;
	inputSchema: { type?: string; properties?: Record<string, { type?: string; description?: string }>; required?: string[] };
}

/** One MCP session over Streamable HTTP: every call and its answer kept for the checks. */
async function session(context: DriveContext) {
	const url = new URL(`${context.server.url}/mcp/${MCP_PATH}`);
	const client = new Client({ name: 'dataflow-e2e', version: '1.0.0' });
	const transport = new StreamableHTTPClientTransport(url, { requestInit: { headers: AUTH } });
	await client.connect(transport);
	const answers: ToolAnswer[] = [];
	const call = async (name: string, args: Record<string, unknown>): Promise<ToolAnswer> => {
		// Generous hang guard (a job runs inside the call); no assertion on time.
		const result = await client.callTool({ name, arguments: args }, undefined, { timeout: 300_000 });
		const content = (result.content ?? []) as Array<{ type: string; text?: string }>;
		assert.equal(content.length, 1, `${name}: one content block, got ${JSON.stringify(content).slice(0, 300)}`);
		assert.equal(content[0].type, 'text', `${name}: a text answer`);
		const text = String(content[0].text ?? '');
		const answer = { name, arguments: args, isError: result.isError === true, text, bytes: Buffer.byteLength(text) };
		answers.push(answer);
		context.say(`${name}(${JSON.stringify(args)}) → ${answer.isError ? 'error ' : ''}${answer.bytes} bytes`);
		return answer;
	};
	/** A successful call's answer: the JSON array of the node's output items. */
	const json = async (name: string, args: Record<string, unknown>): Promise<Array<Record<string, any>>> => {
		const answer = await call(name, args);
		assert.equal(answer.isError, false, `${name} should succeed, answered: ${answer.text.slice(0, 500)}`);
		const parsed = JSON.parse(answer.text) as unknown;
		assert.ok(Array.isArray(parsed), `${name}: the answer is a JSON array of items: ${answer.text.slice(0, 200)}`);
		return parsed as Array<Record<string, any>>;
	};
	/**
	 * A status tool called until the run has ended, as the tool descriptions tell a model to (every
	 * second here rather than every 5: the emulator's runs are short); each answer's first item kept.
	 */
	const poll = async (name: string, args: Record<string, unknown>): Promise<Array<Record<string, any>>> => {
		const seen: Array<Record<string, any>> = [];
		for (let i = 0; i < 60; i++) {
			const [status] = await json(name, args);
			seen.push(status);
			if (ENDED.test(String(status?.statusDesc))) return seen;
			await new Promise((resolve) => setTimeout(resolve, 1000));
		}
		throw new Error(`${name}: the run had not ended after ${seen.length} polls (${seen.map((s) => s?.statusDesc).join(', ')})`);
	};
	return { client, transport, call, json, poll, answers };
}

/** A JSON-RPC request POSTed to the trigger as a Streamable HTTP client would, with the headers given: the status and body n8n answers. */
async function rawPost(url: string, message: Record<string, unknown>, headers: Record<string, string>): Promise<{ status: number; body: string }> {
	const response = await fetch(url, {
		method: 'POST',
		headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
		body: JSON.stringify({ jsonrpc: '2.0', ...message }),
	});
	return { status: response.status, body: (await response.text()).slice(0, 500) };
}

export default defineScenario({
	title: 'The server as MCP tools: a real MCP client lists and calls the tools of an MCP Server Trigger',
	execution: 'server',
	// Runs of 4 s: long enough that the first status poll after start_job sees the run still going.
	emulators: { main: { jobDurationMs: 4000 } },
	timeoutMs: 900_000,

	async drive(context) {
		const { facts, emulators } = context;
		const main = emulators.main;
		const mcp = await session(context);
		facts.answers = mcp.answers;
		try {
			const listed = (await mcp.client.listTools()).tools as ListedTool[];
			facts.tools = listed;
			facts.serverInfo = mcp.client.getServerVersion();
			facts.instructions = mcp.client.getInstructions();

			// Read-only tools, each compared with the emulator's own answer.
			facts.folder = await mcp.json('list_repository_folder', { folderPath: FOLDER });
			const children = await main.call('GET', `/api/repo/files/${encodeURIComponent(pathId(FOLDER))}/children?showHidden=true`, { headers: { accept: 'application/json' } });
			facts.folderOnServer = children.json();
			facts.properties = await mcp.json('get_file_properties', { filePath: `${JOB}.kjb` });
			const properties = await main.call('GET', `/api/repo/files/${encodeURIComponent(pathId(`${JOB}.kjb`))}/properties`, { headers: { accept: 'application/json' } });
			facts.propertiesOnServer = properties.json();
			facts.schedules = await mcp.json('list_schedules', {});
			facts.connections = await mcp.json('list_jdbc_connections', {});
			const connections = await main.call('GET', '/plugin/data-access/api/datasource/jdbc/connection', { headers: { accept: 'application/json' } });
			facts.connectionsOnServer = connections.json();
			facts.lineage = await mcp.json('get_file_lineage', { filePath: LINEAGE_FILE });
			// Users and roles (read-only tools), each compared with the server's own lists.
			facts.users = await mcp.json('list_users', {});
			facts.usersOnServer = (await main.call('GET', '/api/userroledao/users', { headers: { accept: 'application/json' } })).json();
			facts.roles = await mcp.json('list_roles', {});
			facts.rolesOnServer = (await main.call('GET', '/api/userroledao/roles', { headers: { accept: 'application/json' } })).json();
			facts.members = await mcp.json('list_role_members', { roleName: 'Power User' });
			facts.membersOnServer = (await main.call('GET', `/api/userroledao/roleMembers?roleName=${encodeURIComponent('Power User')}`, { headers: { accept: 'application/json' } })).json();
			facts.userRoles = await mcp.json('get_user_roles', { userName: 'suzy' });
			facts.userRolesOnServer = (await main.call('GET', '/api/userroledao/userRoles?userName=suzy', { headers: { accept: 'application/json' } })).json();
			facts.errNoRole = await mcp.call('list_role_members', { roleName: 'No Such Role' });

			// Content out: a report's parameters first, then the report rendered; a .cda file's queries first, then one run,
			// compared with what the server's CDA answers for the same query.
			facts.reportParameters = await mcp.json('get_report_parameters', { reportPath: REPORT });
			facts.rendered = await mcp.json('render_report', { reportPath: REPORT, parameters: JSON.stringify({ Region: 'EMEA', Year: 2004 }) });
			facts.errRender = await mcp.call('render_report', { reportPath: REPORT, parameters: JSON.stringify({ Region: 'MARS' }) });
			facts.cdaQueries = await mcp.json('list_cda_queries', { cdaPath: CDA });
			facts.cdaRows = await mcp.json('run_cda_query', { cdaPath: CDA, queryId: 'salesByRegion', parameters: JSON.stringify({ region: 'NA', year: 2004 }) });
			const cda = await main.call('GET', `/plugin/cda/api/doQuery?path=${encodeURIComponent(CDA)}&dataAccessId=salesByRegion&paramregion=NA&paramyear=2004&outputType=json`, {
				headers: { accept: 'application/json' },
			});
			facts.cdaOnServer = cda.json();

			// Run a job and wait; read its status by the id it answered; compare with the worker.
			facts.job = await mcp.json('run_job_and_wait', { jobPath: JOB, logLines: 5 });
			const [job] = facts.job as Array<Record<string, any>>;
			facts.status = await mcp.json('get_job_status', { jobName: job?.jobName, jobId: job?.id, fromLine: 0 });
			const onWorker = await main.call('GET', `/dataflow/jobStatus?name=${encodeURIComponent(String(job?.jobName))}&id=${encodeURIComponent(String(job?.id))}&xml=Y`);
			facts.jobOnWorker = onWorker.text();
			facts.transformation = await mcp.call('run_transformation_and_wait', { transformationPath: TRANSFORMATION, logLines: 5 });

			// Long runs: start, then poll the status tool with the name and id the start answered until the run has ended.
			facts.startedJob = await mcp.json('start_job', { jobPath: JOB });
			const [startedJob] = facts.startedJob as Array<Record<string, any>>;
			facts.jobPolls = await mcp.poll('get_job_status', { jobName: startedJob?.jobName, jobId: startedJob?.id, fromLine: 0 });
			facts.startedJobOnWorker = (await main.call('GET', `/dataflow/jobStatus?name=${encodeURIComponent(String(startedJob?.jobName))}&id=${encodeURIComponent(String(startedJob?.id))}&xml=Y`)).text();
			facts.startedTrans = await mcp.json('start_transformation', { transformationPath: TRANSFORMATION });
			const [startedTrans] = facts.startedTrans as Array<Record<string, any>>;
			facts.transPolls = await mcp.poll('get_transformation_status', { transName: startedTrans?.transName, transId: startedTrans?.id, fromLine: 0 });
			facts.startedTransOnWorker = (await main.call('GET', `/dataflow/transStatus?name=${encodeURIComponent(String(startedTrans?.transName))}&id=${encodeURIComponent(String(startedTrans?.id))}&xml=Y`)).text();

			// The trigger's Bearer Auth: a tool call in this very session without the token, and with a wrong one, is
			// refused before anything runs; so is a new connection without it (Streamable HTTP and SSE).
			const runsBefore = (await main.requests()).filter((r) => /\/dataflow\/run(Job|Trans)\/?$/.test(r.path)).length;
			const sessionHeaders = { 'mcp-session-id': String(mcp.transport.sessionId), 'mcp-protocol-version': String(mcp.transport.protocolVersion ?? '2025-06-18') };
			const startCall = { id: 9001, method: 'tools/call', params: { name: 'start_job', arguments: { jobPath: JOB } } };
			const mcpUrl = `${context.server.url}/mcp/${MCP_PATH}`;
			facts.refusedNoToken = await rawPost(mcpUrl, startCall, sessionHeaders);
			facts.refusedWrongToken = await rawPost(mcpUrl, startCall, { ...sessionHeaders, Authorization: `Bearer ${MCP_BEARER_TOKEN}x` });
			facts.refusedInitialize = await rawPost(
				mcpUrl,
				{ id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'no-token', version: '1.0.0' } } },
				{},
			);
			facts.refusedSse = (await fetch(mcpUrl, { headers: { accept: 'text/event-stream' } })).status;
			const intruder = new Client({ name: 'dataflow-e2e-no-token', version: '1.0.0' });
			facts.refusedConnect = await intruder.connect(new StreamableHTTPClientTransport(new URL(mcpUrl))).then(
				() => 'connected',
				(error: Error) => error.message,
			);
			await intruder.close().catch(() => undefined);
			// Anything n8n had started runs at once (runJob answers when the job has been started): give it a moment to show up.
			await new Promise((resolve) => setTimeout(resolve, 1000));
			facts.runsStartedWhileRefused = (await main.requests()).filter((r) => /\/dataflow\/run(Job|Trans)\/?$/.test(r.path)).length - runsBefore;

			// A pipeline run on the Hop Server (execPipeline answers when it has ended), found in the server's list,
			// then read by the tool and compared with the server's own status document.
			const hop = emulators.hop;
			await hop.call('GET', `/hop/execPipeline/?pipeline=${encodeURIComponent(HOP_PIPELINE)}`);
			const list = (await hop.call('GET', '/hop/status/?xml=Y')).text();
			const hopId = /<pipeline_name>generate-rows<\/pipeline_name>\s*<id>([^<]+)<\/id>/.exec(list)?.[1];
			assert.ok(hopId, `the Hop Server lists the generate-rows run: ${list.slice(0, 300)}`);
			facts.hopId = hopId;
			facts.hopStatus = await mcp.json('get_hop_pipeline_status', { pipelineName: 'generate-rows', pipelineId: hopId, fromLine: 0 });
			facts.hopOnServer = (await hop.call('GET', `/hop/pipelineStatus/?name=generate-rows&id=${encodeURIComponent(hopId)}&xml=Y`)).text();
			facts.errHopUnknown = await mcp.call('get_hop_pipeline_status', { pipelineName: 'no-such-pipeline', pipelineId: '00000000-0000-0000-0000-000000000000', fromLine: 0 });

			// Pause and resume a schedule; the server's state after each.
			const target = (facts.schedules as Array<Record<string, any>>).find((s) => s.state === 'NORMAL');
			assert.ok(target, `a NORMAL schedule to pause: ${JSON.stringify(facts.schedules).slice(0, 300)}`);
			facts.target = target.jobId;
			facts.paused = await mcp.json('pause_schedule', { jobId: target.jobId });
			facts.stateAfterPause = (await main.call('GET', '/api/scheduler/getJobs', { headers: { accept: 'application/json' } })).json();
			facts.resumed = await mcp.json('resume_schedule', { jobId: target.jobId });
			facts.stateAfterResume = (await main.call('GET', '/api/scheduler/getJobs', { headers: { accept: 'application/json' } })).json();

			// Errors: a wrong path, an unknown job, an unknown folder, access refused (with the
			// credential echoed by the server: it must not reach the agent).
			facts.errWrongJob = await mcp.call('run_job_and_wait', { jobPath: '/public/etl/no_such_job', logLines: 5 });
			facts.errUnknownJob = await mcp.call('get_job_status', { jobName: 'daily_load', jobId: '00000000-0000-0000-0000-000000000000', fromLine: 0 });
			facts.errNoFolder = await mcp.call('list_repository_folder', { folderPath: '/public/no_such_folder' });
			await main.addFault({ kind: 'unauthorized', path: '*home*suzy*children*', times: 10, message: 'Access denied: user admin may not read /home/suzy (sent {authorization} / {password})' });
			facts.errRefused = await mcp.call('list_repository_folder', { folderPath: '/home/suzy' });
		} finally {
			await mcp.client.close().catch(() => undefined);
		}

		// The same tools over the older SSE transport (GET on the same URL for a v2 trigger).
		const sse = new Client({ name: 'dataflow-e2e-sse', version: '1.0.0' });
		await sse.connect(new SSEClientTransport(new URL(`${context.server.url}/mcp/${MCP_PATH}`), { requestInit: { headers: AUTH } }));
		try {
			facts.sseTools = ((await sse.listTools()).tools as ListedTool[]).map((t) => t.name);
			const result = await sse.callTool({ name: 'get_file_properties', arguments: { filePath: `${JOB}.kjb` } }, undefined, { timeout: 300_000 });
			facts.sseProperties = (result.content as Array<{ text?: string }>)[0]?.text;
		} finally {
			await sse.close().catch(() => undefined);
			// DATAFLOW_MCP_DUMP=<file>: everything the client received, for a closer look.
			if (process.env.DATAFLOW_MCP_DUMP) writeFileSync(process.env.DATAFLOW_MCP_DUMP, JSON.stringify(facts, null, 2));
		}
	},

	check(run) {
		const facts = run.facts;
		const tools = facts.tools as ListedTool[];
		const expected = [
			'run_job_and_wait',
			'run_transformation_and_wait',
			'start_job',
			'start_transformation',
			'get_job_status',
			'get_transformation_status',
			'list_repository_folder',
			'get_file_properties',
			'list_schedules',
			'pause_schedule',
			'resume_schedule',
			'list_jdbc_connections',
			'get_file_lineage',
			'get_report_parameters',
			'render_report',
			'list_cda_queries',
			'run_cda_query',
			'get_hop_pipeline_status',
			'list_users',
			'list_roles',
			'list_role_members',
			'get_user_roles',
		];
		assert.deepEqual(tools.map((t) => t.name).sort(), [...expected].sort(), 'the client sees exactly the tools attached to the trigger');
		assert.equal((facts.serverInfo as { name?: string })?.name, 'MCP_Server_Trigger', 'the server is named after the trigger node');
		assert.match(String(facts.instructions), /Repository paths start with \//, 'the trigger instructions reach the client');

		// What a model needs to choose and call a tool: a description naming the server object, and
		// for every parameter it fills a type and a description; nothing else is asked of it.
		const workflowTools = new Map(run.workflow.nodes.map((n) => [n.name, n]));
		for (const tool of tools) {
			const node = workflowTools.get(tool.name)!;
			assert.equal(tool.description, node.parameters?.toolDescription, `${tool.name}: the description is the node's Tool Description`);
			assert.match(String(tool.description), /BI server|worker server|Hop Server/, `${tool.name}: the description names the server object`);
			const fromAi = [...JSON.stringify(node.parameters).matchAll(/\$fromAI\('([^']+)'/g)].map((m) => m[1]);
			const properties = tool.inputSchema.properties ?? {};
			assert.deepEqual(Object.keys(properties).sort(), [...new Set(fromAi)].sort(), `${tool.name}: the parameters are the $fromAI() keys`);
			for (const [key, schema] of Object.entries(properties)) {
				assert.ok(schema.type === 'string' || schema.type === 'number', `${tool.name}.${key}: has a type (${schema.type})`);
				assert.ok(String(schema.description ?? '').length > 20, `${tool.name}.${key}: has a description`);
			}
			assert.deepEqual([...(tool.inputSchema.required ?? [])].sort(), Object.keys(properties).sort(), `${tool.name}: every parameter is required`);
		}
		for (const name of ['pause_schedule', 'resume_schedule']) {
			assert.match(String(tools.find((t) => t.name === name)?.description), /Changes the server/, `${name} says it changes the server`);
		}

		// The answers: compact JSON, no XML, no secrets.
		const answers = facts.answers as ToolAnswer[];
		for (const answer of answers) {
			assert.ok(!/<\?xml|<webresult|<jobstatus/i.test(answer.text), `${answer.name}: no raw XML in the answer: ${answer.text.slice(0, 200)}`);
			for (const secret of SECRETS) assert.ok(!answer.text.includes(secret), `${answer.name}: the answer carries no secret (${secret.slice(0, 3)}…)`);
		}
		const biggest = Math.max(...answers.filter((a) => !a.isError).map((a) => a.bytes));
		assert.ok(biggest < 64 * 1024, `the biggest answer is ${biggest} bytes`);

		// list_repository_folder: the files the server lists for the folder.
		const listed = (facts.folder as Array<Record<string, any>>).map((f) => f.path).sort();
		const onServer = ((facts.folderOnServer as { repositoryFileDto?: Array<{ path: string; hidden?: boolean | string }> }).repositoryFileDto ?? []).filter((f) => String(f.hidden) !== 'true').map((f) => f.path).sort();
		assert.ok(listed.includes(`${JOB}.kjb`) && listed.includes(`${TRANSFORMATION}.ktr`), `the folder listing has the job and the transformation: ${listed.join(', ')}`);
		assert.deepEqual(listed, onServer, 'the tool lists what the server lists (hidden files aside)');

		// get_file_properties: the file the server describes.
		const [props] = facts.properties as Array<Record<string, any>>;
		const propsOnServer = facts.propertiesOnServer as Record<string, any>;
		assert.equal(props.path, `${JOB}.kjb`);
		assert.equal(props.id, propsOnServer.id, 'the same file id as the server gives');
		assert.equal(props.folder, false);
		assert.equal(String(facts.sseProperties), JSON.stringify(facts.properties), 'the SSE transport answers the same');
		assert.deepEqual([...(facts.sseTools as string[])].sort(), [...expected].sort(), 'the SSE transport lists the same tools');

		// list_users, list_roles, list_role_members, get_user_roles: the server's own lists; read-only by their descriptions.
		const names = (value: unknown, key: string) => {
			const list = (value as Record<string, unknown>)[key];
			return (Array.isArray(list) ? list : list === undefined ? [] : [list]).map(String);
		};
		assert.deepEqual((facts.users as Array<Record<string, any>>).map((u) => u.userName), names(facts.usersOnServer, 'users'), 'list_users: the server\'s users');
		assert.deepEqual((facts.roles as Array<Record<string, any>>).map((r) => r.roleName), names(facts.rolesOnServer, 'roles'), 'list_roles: the server\'s roles');
		assert.deepEqual((facts.members as Array<Record<string, any>>).map((m) => m.userName), names(facts.membersOnServer, 'users'), 'list_role_members: the role\'s members');
		assert.deepEqual((facts.userRoles as Array<Record<string, any>>).map((r) => r.roleName), names(facts.userRolesOnServer, 'roles'), 'get_user_roles: the user\'s roles');
		assert.ok((facts.members as unknown[]).length > 0, 'Power User has members');
		for (const name of ['list_users', 'list_roles', 'list_role_members', 'get_user_roles']) {
			assert.match(String(tools.find((t) => t.name === name)?.description), /Read-only\.$/, `${name} says it is read-only`);
		}
		const noRole = facts.errNoRole as ToolAnswer;
		assert.equal(noRole.isError, true, `list_role_members of an unknown role is an error: ${noRole.text.slice(0, 200)}`);
		// The tool's error text may come JSON-encoded (queue mode hands the error on as JSON), quotes escaped.
		assert.match(noRole.text, /The server has no role \\?"No Such Role\\?"/);
		// list_jdbc_connections: the server's connections, no password.
		const connectionNames = (facts.connections as Array<Record<string, any>>).map((c) => c.name).sort();
		const serverNames = [...((facts.connectionsOnServer as { Item?: string[] }).Item ?? [])].sort();
		assert.deepEqual(connectionNames, serverNames, 'the connections the server has');

		// get_file_lineage: the runs of that file, each a parsed graph.
		const lineage = facts.lineage as Array<Record<string, any>>;
		const graphs = lineage.filter((i) => i.kind === 'graph');
		assert.ok(graphs.length > 0 && graphs.every((g) => g.artifactPath === LINEAGE_FILE && Array.isArray(g.nodes) && g.nodes.length > 0), `lineage graphs of ${LINEAGE_FILE}: ${JSON.stringify(lineage).slice(0, 300)}`);

		// get_report_parameters, then render_report: the parameters a model needs, then a PDF rendered with them.
		for (const name of ['render_report', 'run_cda_query']) {
			assert.match(String(tools.find((t) => t.name === name)?.description), /Call (get_report_parameters|list_cda_queries) first/, `${name} tells the model what to call first`);
		}
		const region = (facts.reportParameters as Array<Record<string, any>>).find((p) => p.name === 'Region');
		assert.ok(region?.mandatory === true && region.values.some((v: { value: string }) => v.value === 'EMEA'), `the Region parameter with its values: ${JSON.stringify(region).slice(0, 300)}`);
		const [rendered] = facts.rendered as Array<Record<string, any>>;
		assert.deepEqual([rendered.fileName, rendered.mimeType, rendered.parameters], ['Sales by Region.pdf', 'application/pdf', { Region: 'EMEA', Year: 2004 }]);
		assert.ok(rendered.fileSize > 500, `a PDF of ${rendered.fileSize} bytes`);
		const renders = run.requestsTo('GET', '/pentaho/api/repos/:public:Steel%20Wheels:Sales%20by%20Region.prpt/report');
		assert.deepEqual(
			renders.map((r) => [r.query.Region, r.query['output-target'], r.status]),
			[['EMEA', 'pageable/pdf', 200]],
			'one render, of the region the agent gave (the refused one never reached the plugin)',
		);

		// list_cda_queries, then run_cda_query: the rows CDA answers for the same query, typed.
		const queries = facts.cdaQueries as Array<Record<string, any>>;
		assert.ok(queries.some((q) => q.id === 'salesByRegion' && q.parameters.some((p: { name: string }) => p.name === 'region')), 'the queries with their parameters');
		const rows = facts.cdaRows as Array<Record<string, any>>;
		const cdaRows = (facts.cdaOnServer as { resultset: unknown[][] }).resultset;
		assert.equal(rows.length, cdaRows.length, 'as many rows as CDA answers');
		assert.ok(rows.every((r) => r.REGION === 'NA' && r.YEAR_ID === 2004 && typeof r.SALES === 'number'), 'the rows of the region asked, typed');

		// run_job_and_wait: the worker ran the job from that path, to the end; get_job_status reads it by its id.
		const [job] = facts.job as Array<Record<string, any>>;
		assert.equal(job.success, true);
		assert.equal(job.statusDesc, 'Finished');
		assert.equal(job.jobName, 'daily_load');
		const kept = String(job.log).trimEnd().split('\n');
		assert.equal(kept.length, Math.min(5, job.logLineCount), `the agent asked for the last 5 of ${job.logLineCount} log lines`);
		const runs = run.requestsTo('GET', '/pentaho/dataflow/runJob');
		assert.deepEqual(
			runs.map((r) => r.query.job),
			[JOB, JOB, '/public/etl/no_such_job'],
			'runJob three times: run_job_and_wait, start_job, then the wrong path (the refused calls none)',
		);
		assert.match(String(facts.jobOnWorker), new RegExp(`<id>${job.id}</id>`), 'the worker knows the job by the id the tool answered');
		assert.match(String(facts.jobOnWorker), /<status_desc>Finished<\/status_desc>/, 'the worker says the job finished');
		const [status] = facts.status as Array<Record<string, any>>;
		assert.equal(status.id, job.id);
		assert.equal(status.statusDesc, 'Finished');

		// run_transformation_and_wait: the worker ran it from that path, to the end.
		const trans = facts.transformation as ToolAnswer;
		assert.equal(trans.isError, false, `run_transformation_and_wait should succeed: ${trans.text.slice(0, 400)}`);
		const [transformation] = JSON.parse(trans.text) as Array<Record<string, any>>;
		assert.equal(transformation.success, true);
		assert.match(String(transformation.statusDesc), /^Finished/);
		assert.deepEqual(
			run.requestsTo('GET', /^\/pentaho\/dataflow\/runTrans\/?$/).map((r) => r.query.trans),
			[TRANSFORMATION, TRANSFORMATION],
			'the worker ran the transformation from the path the agent gave: run_transformation_and_wait, then start_transformation',
		);

		// start_job answers at once with the run's id; get_job_status polled with it follows that run to its end.
		const [startedJob] = facts.startedJob as Array<Record<string, any>>;
		assert.equal(startedJob.jobName, 'daily_load');
		assert.equal(startedJob.jobPath, JOB);
		assert.match(String(startedJob.id), /\S/, 'start_job answers the run\'s id');
		assert.notEqual(startedJob.id, job.id, 'a new run, not the one run_job_and_wait followed');
		const jobPolls = facts.jobPolls as Array<Record<string, any>>;
		assert.ok(jobPolls.every((s) => s.id === startedJob.id && s.jobName === 'daily_load'), `every status is of the started run: ${jobPolls.map((s) => s.id).join(', ')}`);
		assert.ok(jobPolls.length >= 2 && !ENDED.test(String(jobPolls[0].statusDesc)), `the first poll saw the job still going (${jobPolls.map((s) => s.statusDesc).join(' → ')})`);
		assert.equal(jobPolls[jobPolls.length - 1].statusDesc, 'Finished', 'polled until it finished');
		assert.match(String(facts.startedJobOnWorker), /<status_desc>Finished<\/status_desc>/, 'the worker says the started job finished');
		const jobStatusRequests = run.requestsTo('GET', '/pentaho/dataflow/jobStatus').filter((r) => r.query.id === startedJob.id && r.query.name === 'daily_load');
		// One per poll, plus the scenario's own read of the worker's status (startedJobOnWorker), which is in the log too.
		assert.equal(jobStatusRequests.length, jobPolls.length + 1, 'one jobStatus request per poll, each by the name and id start_job answered');
		const startDescription = String(tools.find((t) => t.name === 'start_job')?.description);
		assert.match(startDescription, /answers at once/);
		assert.match(startDescription, /get_job_status/);
		assert.match(startDescription, /every 5 seconds until statusDesc is Finished/, 'start_job tells the model to poll get_job_status until the job has ended');

		// start_transformation, then get_transformation_status with the steps, to its end.
		const [startedTrans] = facts.startedTrans as Array<Record<string, any>>;
		assert.equal(startedTrans.transName, 'load_sales');
		assert.equal(startedTrans.transPath, TRANSFORMATION);
		assert.notEqual(startedTrans.id, transformation.id, 'a new run, not the one run_transformation_and_wait followed');
		const transPolls = facts.transPolls as Array<Record<string, any>>;
		assert.ok(transPolls.every((s) => s.id === startedTrans.id && s.transName === 'load_sales'), `every status is of the started run: ${transPolls.map((s) => s.id).join(', ')}`);
		assert.ok(transPolls.length >= 2 && !ENDED.test(String(transPolls[0].statusDesc)), `the first poll saw the transformation still going (${transPolls.map((s) => s.statusDesc).join(' → ')})`);
		const lastTrans = transPolls[transPolls.length - 1];
		assert.equal(lastTrans.statusDesc, 'Finished', 'polled until it finished');
		const onWorker = String(facts.startedTransOnWorker);
		const workerSteps = [...onWorker.matchAll(/<stepname>([^<]+)<\/stepname>/g)].map((m) => m[1]);
		const workerWritten = [...onWorker.matchAll(/<linesWritten>(\d+)<\/linesWritten>/g)].map((m) => Number(m[1]));
		const steps = lastTrans.steps as Array<Record<string, any>>;
		assert.ok(workerSteps.length > 0, `the worker lists the steps: ${onWorker.slice(0, 300)}`);
		assert.deepEqual(steps.map((s) => s.stepName), workerSteps, 'the last status has the steps the worker lists');
		assert.deepEqual(steps.map((s) => s.linesWritten), workerWritten, 'with the rows each step wrote, as the worker counts them');
		const transStatusRequests = run.requestsTo('GET', /^\/pentaho\/dataflow\/transStatus\/?$/).filter((r) => r.query.id === startedTrans.id);
		assert.equal(transStatusRequests.length, transPolls.length + 1, 'one transStatus request per poll (and the scenario\'s own read), by the id start_transformation answered');
		assert.match(String(tools.find((t) => t.name === 'start_transformation')?.description), /get_transformation_status[^.]*every 5 seconds until statusDesc is Finished/);
		assert.match(String(tools.find((t) => t.name === 'get_transformation_status')?.description), /steps/);

		// The Run and Wait tools say how long they block and what a client with a shorter timeout should use.
		for (const [name, start, status] of [
			['run_job_and_wait', 'start_job', 'get_job_status'],
			['run_transformation_and_wait', 'start_transformation', 'get_transformation_status'],
		]) {
			const description = String(tools.find((t) => t.name === name)?.description);
			const node = workflowTools.get(name)!;
			const timeout = (node.parameters?.options as Record<string, unknown> | undefined)?.timeout;
			assert.ok(typeof timeout === 'number' && timeout > 0, `${name} has a Timeout: ${String(timeout)}`);
			assert.match(description, new RegExp(`blocks until the \\w+ ends, at most ${timeout} seconds`), `${name} says how long it may block`);
			assert.match(description, new RegExp(`request timeout is shorter[^.]*use ${start} and poll ${status}`), `${name} points a client with a short timeout at ${start} and ${status}`);
		}

		// Authentication: without the token, or with a wrong one, n8n refuses before any tool runs.
		for (const key of ['refusedNoToken', 'refusedWrongToken', 'refusedInitialize']) {
			const answer = facts[key] as { status: number; body: string };
			assert.ok(answer.status === 401 || answer.status === 403, `${key}: refused with 401/403, got ${answer.status} ${answer.body}`);
			assert.ok(!/"result"/.test(answer.body), `${key}: no JSON-RPC result in the refusal: ${answer.body}`);
		}
		assert.ok(facts.refusedSse === 401 || facts.refusedSse === 403, `an SSE connection without the token is refused: ${String(facts.refusedSse)}`);
		assert.notEqual(facts.refusedConnect, 'connected', 'an MCP client without the token cannot connect');
		assert.equal(facts.runsStartedWhileRefused, 0, 'the refused calls started nothing on the worker');

		// get_hop_pipeline_status: the Hop Server's run, as the server describes it.
		const [hopStatus] = facts.hopStatus as Array<Record<string, any>>;
		const hopOnServer = String(facts.hopOnServer);
		assert.equal(hopStatus.id, facts.hopId, 'the pipeline run the agent asked for');
		assert.equal(hopStatus.pipelineName, 'generate-rows');
		assert.equal(hopStatus.statusDesc, /<status_desc>([^<]*)<\/status_desc>/.exec(hopOnServer)?.[1], 'the status the Hop Server gives');
		assert.equal(hopStatus.statusDesc, 'Finished');
		const transforms = [...hopOnServer.matchAll(/<transformName>([^<]+)<\/transformName>/g)].map((m) => m[1]).sort();
		assert.deepEqual((hopStatus.steps as Array<Record<string, any>>).map((s) => s.stepName).sort(), transforms, 'one step per transform the server lists');
		assert.equal(run.requestsTo('GET', '/hop/pipelineStatus/', 'hop').filter((r) => r.query.id === facts.hopId && r.query.from === '0').length, 1, 'the tool asked the Hop Server by name, id and first log line');

		// pause_schedule / resume_schedule: the scheduler's state on the server after each.
		const stateOf = (jobs: unknown) => {
			const list = ((jobs as { job?: unknown })?.job ?? jobs) as Array<{ jobId: string; state: string }> | { jobId: string; state: string };
			return (Array.isArray(list) ? list : [list]).find((j) => j.jobId === facts.target)?.state;
		};
		assert.equal(stateOf(facts.stateAfterPause), 'PAUSED', 'the server has the schedule paused');
		assert.equal(stateOf(facts.stateAfterResume), 'NORMAL', 'the server has the schedule running again');
		assert.equal((facts.paused as Array<Record<string, any>>)[0]?.state, 'PAUSED', 'pause_schedule answers the new state');
		assert.equal((facts.resumed as Array<Record<string, any>>)[0]?.state, 'NORMAL', 'resume_schedule answers the new state');

		// Errors: readable, with the server's own message, flagged as errors, without the credential.
		const error = (key: string, pattern: RegExp) => {
			const answer = facts[key] as ToolAnswer;
			assert.equal(answer.isError, true, `${answer.name} (${key}) is flagged as an error: ${answer.text.slice(0, 300)}`);
			assert.match(answer.text, pattern, `${answer.name} (${key}) says why`);
		};
		error('errWrongJob', /Unable to find job in repository|could not be found in the repository/);
		error('errUnknownJob', /could not be found|not found/i);
		error('errNoFolder', /no folder \/public\/no_such_folder/);
		error('errRefused', /Access denied: user admin may not read \/home\/suzy/);
		error('errRender', /Region: This prompt value is of an invalid value/);
		error('errHopUnknown', /The specified pipeline \[no-such-pipeline\] could not be found/);
		assert.ok(!(facts.errRefused as ToolAnswer).text.includes('password)'), 'the echoed password is redacted');
	},

	account(run) {
		const facts = run.facts;
		const tools = (facts.tools as ListedTool[] | undefined) ?? [];
		const answers = (facts.answers as ToolAnswer[] | undefined) ?? [];
		const ok = answers.filter((a) => !a.isError);
		const biggest = ok.reduce<ToolAnswer | undefined>((max, a) => (!max || a.bytes > max.bytes ? a : max), undefined);
		const [job] = (facts.job as Array<Record<string, any>> | undefined) ?? [];
		return [
			`tools/list → ${tools.length} tools: ${tools.map((t) => t.name).join(', ')}`,
			`run_job_and_wait ${JSON.stringify({ jobPath: JOB, logLines: 5 })} → ${job?.statusDesc} (id ${String(job?.id).slice(0, 8)}…, ${job?.statusRequests} status requests)`,
			`start_job → id ${String(((facts.startedJob as Array<Record<string, any>> | undefined) ?? [])[0]?.id).slice(0, 8)}…; get_job_status polled: ${((facts.jobPolls as Array<Record<string, any>> | undefined) ?? []).map((s) => s.statusDesc).join(' → ')}`,
			`start_transformation, get_transformation_status polled: ${((facts.transPolls as Array<Record<string, any>> | undefined) ?? []).map((s) => s.statusDesc).join(' → ')}`,
			`without the token: tools/call ${(facts.refusedNoToken as { status?: number } | undefined)?.status}, wrong token ${(facts.refusedWrongToken as { status?: number } | undefined)?.status}, SSE ${String(facts.refusedSse)}; runs started meanwhile: ${String(facts.runsStartedWhileRefused)}`,
			`${ok.length} successful calls, ${answers.length - ok.length} errors as text; biggest answer ${biggest?.name} ${biggest?.bytes} bytes`,
			...answers.filter((a) => a.isError).map((a) => `${a.name} error → ${a.text.replace(/\s+/g, ' ').slice(0, 160)}`),
		];
	},
});
