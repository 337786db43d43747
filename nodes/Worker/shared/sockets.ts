/**
 * The worker's port listing. It is HTML only: one block per port, each ending in `<br>`:
 *
 *   8088 : Transformation=dummy-trans, crt/Dummy (do nothing) 2.0
 *    --> sll/Dummy (do nothing).0
 *    id=b20bcd03-…, allocated=false
 *    time=Mon Nov 17 09:31:15 BRT 2014
 */
import type { IDataObject } from 'n8n-workflow';

import { decodeHtmlEntities } from '../../common/errors';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * A Java `Date.toString()` (`Mon Nov 17 09:31:15 BRT 2014`) as ISO 8601: UTC/GMT times get a `Z`,
 * other zone abbreviations (which are ambiguous) give the local time without an offset.
 */
export function javaDateToIso(text: string): string | undefined {
	const match = /^\w{3} (\w{3}) (\d{1,2}) (\d{2}):(\d{2}):(\d{2}) (\S+) (\d{4})$/.exec(text.trim());
	if (!match) return undefined;
	const [, mon, day, h, mi, s, zone, year] = match;
	const month = MONTHS.indexOf(mon);
	if (month < 0) return undefined;
	const local = `${year}-${String(month + 1).padStart(2, '0')}-${day.padStart(2, '0')}T${h}:${mi}:${s}.000`;
	return /^(UTC|GMT|Z)$/i.test(zone) ? `${local}Z` : local;
}

function nullable(value: string | undefined): string | null {
	if (value === undefined) return null;
	const text = value.trim();
	return text === '' || text === 'null' ? null : text;
}

function copyNumber(value: string | undefined): number | null {
	const text = nullable(value);
	if (text === null) return null;
	return /^-?\d+$/.test(text) ? Number(text) : null;
}

/** `slave/step.copy` → its parts (the step name may itself contain dots and slashes). */
function endpoint(text: string): { slave: string | null; step: string | null; copy: number | null } {
	const slash = text.indexOf('/');
	const slave = slash < 0 ? '' : text.slice(0, slash);
	const rest = slash < 0 ? text : text.slice(slash + 1);
	const dot = rest.lastIndexOf('.');
	const step = dot < 0 ? rest : rest.slice(0, dot);
	const copy = dot < 0 ? undefined : rest.slice(dot + 1);
	return { slave: nullable(slave), step: nullable(step), copy: copyNumber(copy) };
}

/** One item per port of the listing; none when the host has no allocations. */
export function parseSocketList(html: string, host: string): IDataObject[] {
	const body = html.replace(/\r\n/g, '\n');
	const out: IDataObject[] = [];
	for (const block of body.split(/<br\s*\/?>/i)) {
		const lines = block
			.replace(/<[^>]+>/g, '\n')
			.split('\n')
			.map((line) => decodeHtmlEntities(line).trim())
			.filter((line) => line !== '');
		const head = lines.findIndex((line) => /^\d+ : Transformation=/.test(line));
		if (head < 0) continue;
		const first = /^(\d+) : Transformation=(.*?), (.*)$/.exec(lines[head]) ?? /^(\d+) : Transformation=(.*)$/.exec(lines[head]);
		if (!first) continue;
		const item: IDataObject = { port: Number(first[1]), host, transformation: nullable(first[2]) };
		const source = endpoint(first[3] ?? '');
		item.sourceSlave = source.slave;
		item.sourceStep = source.step;
		item.sourceCopy = source.copy;
		for (const line of lines.slice(head + 1)) {
			const target = /^--> (.*)$/.exec(line);
			const ids = /^id=(.*), allocated=(true|false)$/i.exec(line);
			const time = /^time=(.*)$/.exec(line);
			if (target) {
				const t = endpoint(target[1]);
				item.targetSlave = t.slave;
				item.targetStep = t.step;
				item.targetCopy = t.copy;
			} else if (ids) {
				item.clusterRunId = nullable(ids[1]);
				item.allocated = ids[2].toLowerCase() === 'true';
				item.status = item.allocated ? 'open' : 'closed';
			} else if (time) {
				const text = nullable(time[1]);
				item.lastUsed = text === null ? null : (javaDateToIso(text) ?? text);
			}
		}
		out.push(item);
	}
	return out;
}
