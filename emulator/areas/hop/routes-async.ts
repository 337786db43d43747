/**
 * The asynchronous web service (the "async" plugin shipped with Hop, plugins/misc/async):
 *
 * - `/hop/asyncRun` (apache/hop:plugins/misc/async/src/main/java/org/apache/hop/www/async/AsyncRunServlet.java
 *   @2.19.0-rc1, same @2.9.0-rc1): starts the workflow of the AsyncWebService metadata named by `service` (its
 *   run configuration or `runConfig`, log level Basic), the request body into the service's body variable, the
 *   other parameters as workflow parameters or variables, puts it in the workflow map **under the service name**
 *   and answers at once `{"logChannelId":"…","name":"<workflow>","id":"<server object id>"}` and a line break —
 *   json-simple's JSONObject is a HashMap, whose order for these three keys is logChannelId, name, id.
 *   Every failure (no or unknown service, disabled, run configuration) is only logged: HTTP 200 with no body.
 * - `/hop/asyncStatus` (AsyncStatusServlet.java): `service` and `id` required (400 "Please specify a service
 *   parameter pointing to the name of the asynchronous webservice object" / "Please specify an id parameter
 *   pointing to the unique ID of the asynchronous webservice object"); then the workflow by id: AsyncStatus as
 *   Jackson JSON — service, id, logDate, startDate, endDate (yyyy-MM-dd'T'HH:mm:ss.SSS+0000), statusDescription,
 *   statusVariables (the service's variables read from the workflow), pipelineStatuses; an unknown service or id:
 *   500 "Error getting asynchronous web service status." (sendSafeError from 2.18.0; before, ServletExceptions
 *   thrown out to Jetty, so 500 pages also for the missing parameters — AsyncStatusServlet.java@2.9.0-rc1).
 * The pipeline statuses a workflow's extension data may carry are not modelled (always an empty list).
 */
import { randomUUID } from 'node:crypto';

import type { WorkflowDef } from './defs';
import { UTF8, type HopAnswer, type HopCall, type ServletDef } from './http';
import { jacksonDate, jacksonPretty } from './xml';

/** java.util.HashMap's iteration order for a few String keys (table of 16: the spread hash's low bits, then insertion). */
export function javaHashMapOrder(keys: string[]): string[] {
	const hash = (s: string) => {
		let h = 0;
		for (const c of s) h = (Math.imul(31, h) + c.charCodeAt(0)) | 0;
		return h;
	};
	const bucket = (s: string) => {
		const h = hash(s);
		return (h ^ (h >>> 16)) & 15;
	};
	return keys.map((k, i) => ({ k, b: bucket(k), i })).sort((a, b) => a.b - b.b || a.i - b.i).map((e) => e.k);
}

async function asyncRun(call: HopCall): Promise<HopAnswer> {
	const { state } = call;
	const nothing: HopAnswer = { status: 200 };
	const name = call.param('service');
	const service = state.asyncWebServices.find((s) => s.name === name);
	if (!name || !service || service.enabled === false) return nothing;
	const def = state.fileDef(state.resolve(service.filename));
	if (!def || def.kind !== 'workflow') return nothing;
	const runConfiguration = call.param('runConfig') || (service.runConfiguration ? state.resolve(service.runConfiguration) : '');
	if (runConfiguration && state.checkRunConfiguration('workflow', runConfiguration)) return nothing;
	const parameters: Record<string, string> = {};
	const variables: Record<string, string> = {};
	if (service.bodyContentVariable) variables[state.resolve(service.bodyContentVariable)] = (await call.body()).toString('utf8');
	const parameterNames = def.parameters.map((p) => p.name);
	for (const n of call.paramNames()) {
		if (n === 'service') continue;
		if (parameterNames.includes(n)) parameters[n] = call.param(n) ?? '';
		else variables[n] = call.param(n) ?? '';
	}
	const id = randomUUID();
	variables.SERVER_OBJECT_ID = id;
	const entry = state.addWorkflow(def as WorkflowDef, { logLevel: 'Basic', runConfiguration: runConfiguration || undefined, parameters, variables }, [], name, id);
	const run = state.startWorkflow(entry.engine);
	const fields: Record<string, string> = { name: def.name, id, logChannelId: run.channel };
	const body = `{${javaHashMapOrder(Object.keys(fields))
		.map((k) => `${JSON.stringify(k)}:${JSON.stringify(fields[k])}`)
		.join(',')}}\n`;
	return { status: 200, body, contentType: UTF8('application/json') };
}

function asyncStatus(call: HopCall): HopAnswer {
	const { state } = call;
	// Before 2.18.0 the servlet threw ServletExceptions out to Jetty: 500 pages (approximated by their message).
	const modern = state.version.atLeast('2.18.0');
	const refuse = (message: string) => (modern ? call.sendError(400, message) : call.sendError(500, `javax.servlet.ServletException: ${message}`));
	const name = call.param('service');
	if (!name) return refuse('Please specify a service parameter pointing to the name of the asynchronous webservice object');
	const id = call.param('id');
	if (!id) return refuse('Please specify an id parameter pointing to the unique ID of the asynchronous webservice object');
	const service = state.asyncWebServices.find((s) => s.name === name);
	const entry = state.findWorkflow(name, id);
	if (!service || !entry) return call.sendError(500, modern ? 'Error getting asynchronous web service status.' : 'javax.servlet.ServletException: Error getting asynchronous web service status');
	const now = state.now();
	const run = entry.engine.run;
	const vars = { ...entry.engine.config.variables, ...entry.engine.config.parameters };
	const names = (service.statusVariables ?? '')
		.split(',')
		.map((v) => state.resolve(v.trim()))
		.filter((v) => v !== '');
	const statusVariables: Record<string, string | null> = {};
	for (const key of javaHashMapOrder(names)) statusVariables[key] = vars[key] ?? state.variables[key] ?? null;
	const body = jacksonPretty({
		service: name,
		id,
		logDate: jacksonDate(now),
		startDate: jacksonDate(run?.startedAt),
		endDate: jacksonDate(run?.endedAt),
		statusDescription: entry.engine.statusDescription(now),
		statusVariables,
		pipelineStatuses: [],
	});
	return { status: 200, body, contentType: UTF8('application/json') };
}

export const ASYNC_SERVLETS: ServletDef[] = [
	// apache/hop:plugins/misc/async/src/main/java/org/apache/hop/www/async/AsyncRunServlet.java@2.19.0-rc1 (and @2.9.0-rc1)
	{ path: '/hop/asyncRun', className: 'org.apache.hop.www.async.AsyncRunServlet', handler: asyncRun },
	// apache/hop:plugins/misc/async/src/main/java/org/apache/hop/www/async/AsyncStatusServlet.java@2.19.0-rc1 (and @2.9.0-rc1)
	{ path: '/hop/asyncStatus', className: 'org.apache.hop.www.async.AsyncStatusServlet', handler: asyncStatus },
];
