/** The worker's slave routes: registerSlave and getSlaves. Sources at each route. */
import { decodeXmlBytes } from '../../core/charset';
import type { RequestContext } from '../../core/types';
import { bodyParser, text } from './request';
import type { SlaveEntry, WorkerArea } from './store';
import { tag, webResult, XML_HEADER } from './xmlText';

type Handler = (ctx: RequestContext) => void | Promise<void>;

export function slavesRoutes(area: WorkerArea): Record<string, Handler> {
	const { state } = area;
	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/RegisterSlaveServlet.java@ae692d1261 (10.2; the same
	// @0d46237290 9.3 and @3a1f253bad 11.0): the body is parsed from the input stream (the XML prolog's encoding, UTF-8 by
	// default); always HTTP 200, the XML declaration then a webresult (Encode.forXml escaping, no id).
	const reply = (ctx: RequestContext, result: 'OK' | 'ERROR', message: string) => ctx.sendXml(200, `${XML_HEADER}${webResult(result, message)}\n`);
	const registerSlave = async (ctx: RequestContext) => {
		const body = decodeXmlBytes(await ctx.body());
		let doc: Record<string, unknown>;
		try {
			doc = bodyParser.parse(body, true) as Record<string, unknown>;
		} catch (error) {
			reply(ctx, 'ERROR', `Unable to parse the slave server description: ${(error as Error).message}`);
			return;
		}
		const detection = doc.SlaveServerDetection as Record<string, unknown> | undefined;
		const slave = detection && typeof detection === 'object' ? (detection.slaveserver as Record<string, unknown> | undefined) : undefined;
		const name = slave ? text(slave.name).trim() : '';
		if (!slave || name === '') {
			reply(ctx, 'ERROR', 'Unable to register the slave server: no <SlaveServerDetection> with a named <slaveserver>');
			return;
		}
		const field = (key: string) => text(slave[key]);
		const entry: SlaveEntry = {
			name,
			hostname: field('hostname'),
			port: field('port'),
			webAppName: field('webAppName'),
			username: field('username'),
			password: field('password'),
			proxy_hostname: field('proxy_hostname'),
			proxy_port: field('proxy_port'),
			non_proxy_hosts: field('non_proxy_hosts'),
			get_properties_from_master: field('get_properties_from_master'),
			override_existing_properties: field('override_existing_properties') || 'N',
			master: field('master') || 'N',
			sslMode: field('sslMode') || 'N',
			active: text(detection!.active) || 'Y',
			last_active_date: text(detection!.last_active_date),
			last_inactive_date: text(detection!.last_inactive_date),
		};
		const index = state.slaves.findIndex((s) => s.name.toLowerCase() === name.toLowerCase());
		// The real server's two messages are swapped (a new slave "was replaced", a known one "was added"); kept as it is.
		if (index >= 0) {
			state.slaves[index] = entry;
			reply(ctx, 'OK', `Slave server detection '${name}' was added to the list.`);
		} else {
			state.slaves.push(entry);
			reply(ctx, 'OK', `Slave server detection '${name}' was replaced in the list.`);
		}
	};

	// pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/GetSlavesServlet.java@1c42d65011ad0cd53bb2799650f6ffe2a5a4e5d6: always XML. Deliberate difference: the real server pings
	// every slave and marks unreachable ones inactive; the emulator's slaves are not contacted.
	const getSlaves = (ctx: RequestContext) => {
		const entries = state.slaves.map(
			(s) =>
				'<SlaveServerDetection>' +
				'<slaveserver>' +
				[
					tag('name', s.name),
					tag('hostname', s.hostname),
					tag('port', s.port),
					tag('webAppName', s.webAppName),
					tag('username', s.username),
					tag('password', s.password === '' ? '' : `Encrypted ${Buffer.from(s.password).toString('hex')}`),
					tag('proxy_hostname', s.proxy_hostname),
					tag('proxy_port', s.proxy_port),
					tag('non_proxy_hosts', s.non_proxy_hosts),
					tag('get_properties_from_master', s.get_properties_from_master),
					tag('override_existing_properties', s.override_existing_properties),
					tag('master', s.master),
					tag('sslMode', s.sslMode),
				].join('') +
				'</slaveserver>' +
				tag('active', s.active) +
				tag('last_active_date', s.last_active_date) +
				tag('last_inactive_date', s.last_inactive_date) +
				'</SlaveServerDetection>',
		);
		ctx.sendXml(200, `${XML_HEADER}<SlaveServerDetections>${entries.join('\n')}</SlaveServerDetections>\n`);
	};

	return { registerSlave, getSlaves };
}
