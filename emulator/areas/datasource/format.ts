/**
 * How the data-source area writes its answers: name lists (JaxbList), connections (flexjson,
 * Jackson or XML), and attachments (one file, or a zip of several).
 */
import { strToU8, zipSync } from 'fflate';

import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import { styled } from '../../core/jsonStyle';
import type { RequestContext } from '../../core/types';
import { escapeXml } from '../../core/xml';
import { BOOLEAN_PROPS, databaseNameOf, INT_PROPS, MAP_PROPS, STRING_PROPS, type Json, type JdbcConnection } from './store';


/** What the bean's getters answer: the properties a writer sees. */
export function beanView(bean: JdbcConnection): Record<string, Json> {
	const out: Record<string, Json> = {};
	for (const key of [...STRING_PROPS, ...BOOLEAN_PROPS, ...INT_PROPS, ...MAP_PROPS, 'accessType', 'databaseType', 'partitioningInformation']) out[key] = bean[key] ?? null;
	out.databaseName = databaseNameOf(bean);
	out.accessTypeValue = bean.accessType ?? bean.accessTypeValue ?? null;
	const extra = (bean.extraOptions ?? {}) as Record<string, Json>;
	out.SQLServerInstance = extra['MSSQL.instance'] ?? null;
	return out;
}

/**
 * flexjson's shallow `JSONSerializer().exclude("*.class")` (DatabaseConnectionReaderWriter@9.3.0.0-422
 * to 11.0.0.0-237): every getter, nulls included, but no lists or arrays (partitioningInformation,
 * databaseType.supportedAccessTypes); property names as java.beans gives them (SQLServerInstance).
 */
export function flexjsonConnection(bean: JdbcConnection): Record<string, Json> {
	const out = beanView(bean);
	delete out.partitioningInformation;
	if (out.databaseType && typeof out.databaseType === 'object') {
		const { supportedAccessTypes: _dropped, ...type } = out.databaseType as Record<string, Json>;
		out.databaseType = type;
	}
	return out;
}

/** Jackson (DatabaseConnectionReaderWriter@HEAD, 11.1+): every getter, lists included; SQLServerInstance as sqlserverInstance. */
export function jacksonConnection(bean: JdbcConnection): Record<string, Json> {
	const { SQLServerInstance, ...rest } = beanView(bean);
	return { ...rest, sqlserverInstance: SQLServerInstance };
}


export function jaxbListXml(names: string[]): string {
	const items = names.map((name) => `<Item xsi:type="xs:string">${escapeXml(name, 'noApostrophe')}</Item>`).join('');
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><List xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema">${items}</List>`;
}

/**
 * A JaxbList in JSON: Jersey 1 "mapped" (`{"Item":[{"@type":"xs:string","$":"…"}]}`, one item as a
 * bare object, no items as `{}`), or Jackson (`{"Item":["…"]}`, always a list).
 */
export function jaxbListJson(app: EmulatorApp, names: string[]): unknown {
	if (app.profile.jsonStyle === 'jackson') return { Item: names };
	return styled(app.profile, { Item: names.map((name) => ({ '@type': 'xs:string', $: name })) });
}

/**
 * JAX-RS content negotiation for a method's @Produces list (Jersey 1 on 9.3/10.2, Jersey 3 on 11.0): the
 * Accept ranges by quality (then the more specific first, then as the client listed them), each matched
 * against @Produces in its declared order; no Accept means any. Undefined when nothing fits (406).
 */
export function negotiate(accept: string | undefined, produces: string[]): string | undefined {
	const ranges = (accept && accept.trim() !== '' ? accept : '*/*')
		.split(',')
		.map((part, index) => {
			const [range, ...params] = part.trim().split(';');
			const q = params.map((p) => p.trim()).find((p) => /^q=/i.test(p));
			const quality = q ? Number(q.slice(2)) : 1;
			const [type = '*', subtype = '*'] = range.trim().toLowerCase().split('/');
			const specificity = type === '*' ? 0 : subtype === '*' ? 1 : 2;
			return { type, subtype, quality: Number.isFinite(quality) ? quality : 0, specificity, index };
		})
		.filter((r) => r.quality > 0)
		.sort((a, b) => b.quality - a.quality || b.specificity - a.specificity || a.index - b.index);
	for (const range of ranges) {
		const found = produces.find((media) => {
			const [type, subtype] = media.split('/');
			return (range.type === '*' || range.type === type) && (range.subtype === '*' || range.subtype === subtype);
		});
		if (found) return found;
	}
	return undefined;
}

/**
 * A JaxbList answer, negotiated against the method's @Produces: JDBCDatasourceResource.getConnectionIDs declares
 * { APPLICATION_JSON, APPLICATION_XML } (JSON when the client accepts anything), AnalysisResource.getSchemaIds and
 * DataSourceWizardResource.getDSWDIds { APPLICATION_XML, APPLICATION_JSON } (XML then).
 */
export function sendList(app: EmulatorApp, ctx: RequestContext, names: string[], produces: string[]): void {
	const media = negotiate(ctx.req.headers.accept, produces);
	if (media === undefined) throw EmulatorHttpError.bare(406);
	if (media === 'application/json') ctx.sendJson(200, jaxbListJson(app, names));
	else ctx.sendXml(200, jaxbListXml(names), 'application/xml');
}

export function valueXml(name: string, value: Json): string {
	if (value === null) return '';
	if (Array.isArray(value)) return value.map((v) => valueXml(name, v)).join('');
	if (typeof value === 'object') {
		return `<${name}>${Object.entries(value)
			.map(([k, v]) => valueXml(k, v))
			.join('')}</${name}>`;
	}
	return `<${name}>${escapeXml(String(value), 'noApostrophe')}</${name}>`;
}

/** JAXB XML of the bean (@XmlRootElement databaseConnection; maps as entry/key/value; nulls left out). */
export function connectionXml(bean: JdbcConnection): string {
	const view = beanView(bean);
	const parts = Object.entries(view).map(([key, value]) => {
		if (MAP_PROPS.includes(key) && value && typeof value === 'object' && !Array.isArray(value)) {
			const entries = Object.entries(value)
				.map(([k, v]) => `<entry><key>${escapeXml(k, 'noApostrophe')}</key>${v === null ? '' : `<value>${escapeXml(String(v), 'noApostrophe')}</value>`}</entry>`)
				.join('');
			return `<${key}>${entries}</${key}>`;
		}
		return valueXml(key, value);
	});
	return `<?xml version="1.0" encoding="UTF-8" standalone="yes"?><databaseConnection>${parts.join('')}</databaseConnection>`;
}

/** ResourceUtil.createAttachment: one file as is (quoted name), several as `<id without .xmi>.zip`. */
export function attachment(ctx: RequestContext, id: string, files: Record<string, Buffer>, singleType: string): void {
	const names = Object.keys(files);
	if (names.length === 0) throw EmulatorHttpError.bare(500);
	if (names.length === 1) {
		ctx.send(200, files[names[0]], singleType, { 'Content-Disposition': `attachment; filename="${names[0]}"` });
		return;
	}
	const zip = Buffer.from(zipSync(Object.fromEntries(names.map((name) => [name, new Uint8Array(files[name])]))));
	const xmi = id.lastIndexOf('.xmi');
	const stem = xmi > 0 ? id.slice(0, xmi) : id;
	ctx.send(200, zip, 'application/zip', { 'Content-Disposition': `attachment; filename="${stem}.zip"` });
}

/** For tests and seeds: the bytes of a zip built like the server builds its attachments. */
export function zipOf(files: Record<string, string | Buffer>): Buffer {
	return Buffer.from(zipSync(Object.fromEntries(Object.entries(files).map(([n, c]) => [n, typeof c === 'string' ? strToU8(c) : new Uint8Array(c)]))));
}
