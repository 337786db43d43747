/** Slave server descriptions: the registerSlave body and the getSlaves list. */
import type { IDataObject } from 'n8n-workflow';

import { buildXml } from '../../common/xml';
import { toArray, typed } from '../../common/values';
import { yn } from './jobConfiguration';
import { date } from './serverStatus';

export interface SlaveDescription {
	name: string;
	hostname: string;
	port: string;
	webAppName: string;
	username: string;
	password: string;
	proxyHostname: string;
	proxyPort: string;
	nonProxyHosts: string;
	getPropertiesFromMaster: string;
	overrideExistingProperties: boolean;
	master: boolean;
	sslMode: boolean;
	active: boolean;
}


/** A date as the worker writes it: `yyyy/MM/dd HH:mm:ss.SSS` (local time). */
export function workerDate(date: Date): string {
	const p = (n: number, w = 2) => String(n).padStart(w, '0');
	return `${date.getFullYear()}/${p(date.getMonth() + 1)}/${p(date.getDate())} ${p(date.getHours())}:${p(date.getMinutes())}:${p(date.getSeconds())}.${p(date.getMilliseconds(), 3)}`;
}

/** `<SlaveServerDetection><slaveserver>…</slaveserver><active/>…</SlaveServerDetection>`, built (values escaped). */
export function slaveDetectionXml(slave: SlaveDescription, now: Date): string {
	return buildXml('SlaveServerDetection', {
		slaveserver: {
			name: slave.name,
			hostname: slave.hostname,
			port: slave.port,
			webAppName: slave.webAppName,
			username: slave.username,
			password: slave.password,
			proxy_hostname: slave.proxyHostname,
			proxy_port: slave.proxyPort,
			non_proxy_hosts: slave.nonProxyHosts,
			get_properties_from_master: slave.getPropertiesFromMaster,
			override_existing_properties: yn(slave.overrideExistingProperties),
			master: yn(slave.master),
			sslMode: yn(slave.sslMode),
		},
		active: yn(slave.active),
		last_active_date: slave.active ? workerDate(now) : '',
		last_inactive_date: slave.active ? '' : workerDate(now),
	});
}

/** One item per `SlaveServerDetection`: the slave's fields (password left out), active flag and dates. */
export function readSlaves(doc: IDataObject): IDataObject[] {
	const root = doc.SlaveServerDetections;
	const list = root && typeof root === 'object' ? (root as IDataObject).SlaveServerDetection : undefined;
	return toArray(list as IDataObject | IDataObject[] | undefined).map((detection) => {
		const slave = { ...((detection.slaveserver ?? {}) as IDataObject) };
		delete slave.password;
		const out: IDataObject = typed(slave, {
			numbers: ['port', 'proxy_port'],
			booleans: ['master', 'sslMode', 'override_existing_properties'],
		});
		const active = typed({ active: detection.active } as IDataObject, { booleans: ['active'] }).active;
		if (active !== undefined) out.active = active;
		const lastActive = date(detection.last_active_date);
		const lastInactive = date(detection.last_inactive_date);
		if (lastActive !== undefined) out.last_active_date = lastActive;
		if (lastInactive !== undefined) out.last_inactive_date = lastInactive;
		return out;
	});
}
