/** The worker's socket and sequence routes: allocateSocket, listSocket and nextSequence. Sources at each route. */
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { containerErrorPage, html, javaDate } from './format';
import { wantsXml } from './request';
import type { SocketAllocation, WorkerArea } from './store';
import { esc, tag, XML_HEADER } from './xmlText';

type Handler = (ctx: RequestContext) => void | Promise<void>;

export function socketsRoutes(area: WorkerArea): Record<string, Handler> {
	const { app, state, deployment } = area;
	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/AllocateServerSocketServlet.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038: rangeStart default 40000; xml=Y gives <port>.
	const allocateSocket = (ctx: RequestContext) => {
		const q = (name: string) => ctx.query.get(name) ?? '';
		const host = q('host') || 'localhost';
		const rangeStart = /^\d+$/.test(q('rangeStart')) ? Number(q('rangeStart')) : 40000;
		const key = {
			clusterRunId: q('id'),
			transformation: q('trans'),
			sourceSlave: q('sourceSlave'),
			sourceStep: q('sourceStep'),
			sourceCopy: q('sourceCopy'),
			targetSlave: q('targetSlave'),
			targetStep: q('targetStep'),
			targetCopy: q('targetCopy'),
		};
		const onHost = state.sockets.filter((s) => s.host === host);
		const same = onHost.find((s) => (Object.keys(key) as Array<keyof typeof key>).every((k) => s[k] === key[k]));
		let allocation: SocketAllocation;
		if (same) {
			allocation = same;
		} else {
			const free = onHost.filter((s) => !s.allocated && s.port >= rangeStart).sort((a, b) => a.port - b.port)[0];
			if (free) {
				allocation = Object.assign(free, key);
			} else {
				const used = new Set(onHost.map((s) => s.port));
				let port = rangeStart;
				while (used.has(port)) port++;
				allocation = { host, port, ...key, allocated: true, lastRequested: app.now() };
				state.sockets.push(allocation);
			}
		}
		allocation.allocated = true;
		allocation.lastRequested = app.now();
		if (wantsXml(ctx)) ctx.sendXml(200, `${XML_HEADER}<port>${allocation.port}</port>\n`);
		// HTML: text/html without a charset (AllocateServerSocketServlet.java@ae692d1261 setContentType("text/html")).
		else ctx.send(200, html('Allocation of a server socket port number', `<H1>Status</H1>\n<p>\n--> port : ${allocation.port}<br>\n<p>`), 'text/html');
	};

	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/ListServerSocketServlet.java@12d25b5f1ccb8422cb4998771a7758e2d55ab038: HTML only, one block per port ending in <br>.
	const listSocket = (ctx: RequestContext) => {
		const host = ctx.query.get('host') ?? '';
		const onlyOpen = (ctx.query.get('onlyOpen') ?? '').toUpperCase() === 'Y';
		const quoted = esc(`'${host}'`);
		const lines = [`<HTML>`, `<HEAD><TITLE>List of server sockets on server ${quoted}</TITLE></HEAD>`, `<BODY>`, `<H1>Ports for host ${quoted}</H1>`];
		const allocations = state.sockets.filter((s) => s.host === host);
		if (allocations.length === 0) {
			lines.push(`No port allocations found for host ${quoted}`);
			ctx.send(200, `${lines.join('\n')}\n`, 'text/html');
			return;
		}
		lines.push(`Found ${allocations.length} ports for host ${quoted}<p>`);
		for (const a of allocations) {
			if (onlyOpen && !a.allocated) continue;
			lines.push(`${a.port} : Transformation=${a.transformation || 'null'}, ${a.sourceSlave || 'null'}/${a.sourceStep || 'null'}.${a.sourceCopy || 'null'}`);
			lines.push(` --> ${a.targetSlave || 'null'}/${a.targetStep || 'null'}.${a.targetCopy || 'null'}`);
			lines.push(` id=${a.clusterRunId || 'null'}, allocated=${a.allocated}`);
			lines.push(` time=${javaDate(a.lastRequested)}`);
			lines.push('<br>');
		}
		lines.push('<p>', '</BODY>', '</HTML>');
		ctx.send(200, `${lines.join('\n')}\n`, 'text/html');
	};

	// ---- sequences ------------------------------------------------------------------------
	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/NextSequenceValueServlet.java@028843ec4ec28d4933886af2f3a3ee9bfc428b51:
	// an unknown sequence calls response.sendError(404) before writing <error>, so the container
	// discards the servlet's <seq> and answers its own HTML error page (Jetty standalone, Tomcat in the BI server).
	const nextSequence = (ctx: RequestContext) => {
		const name = ctx.query.get('name') ?? '';
		const raw = ctx.query.get('increment') ?? '';
		const increment = /^-?\d+$/.test(raw.trim()) ? Number(raw.trim()) : 10000;
		if (!state.sequences.has(name)) {
			if (!state.autoCreateSequences || name === '') {
				const uri = `${app.options.contextPath}${ctx.path}`;
				throw new EmulatorHttpError(404, 'Not Found', {
					body: containerErrorPage(deployment, 404, 'Not Found', uri),
					contentType: deployment === 'standalone' ? 'text/html;charset=iso-8859-1' : 'text/html;charset=utf-8',
				});
			}
			state.sequences.set(name, 1);
		}
		const value = state.sequences.get(name)!;
		state.sequences.set(name, value + increment);
		ctx.sendXml(200, `${XML_HEADER}<seq>${tag('value', value)}${tag('increment', increment)}</seq>\n`);
	};

	return { allocateSocket, listSocket, nextSequence };
}
