/**
 * Community Data Access (CDA), the plugin dashboards read their data through, as the BI server ships
 * it (pentaho-platform assemblies/pentaho-solutions/pom.xml unpacks `pentaho:cda` into the system
 * plugins at 9.3.0.0-422, 10.2.0.0-222, 11.0.0.0-237 and 11.1.0.0-381). Its REST resource is
 * `/plugin/cda/api/…` (webdetails/cda pentaho/src/main/java/pt/webdetails/cda/CdaUtils.java
 * `@Path("/{plugin}/api")`, registered as the plugin's JAX-RS bean `cda.api` in
 * pentaho/src/main/resources/plugin.spring.xml, both @9.3.0.0-422, @10.2.0.0-222, @11.0.0.0-237):
 *
 * - `GET listQueries?path=…&outputType=json`: the public data accesses of a .cda file, a table of
 *   `id`, `name`, `type` (TableModelUtils.dataAccessMapToTableModel: private ones left out, sorted by id);
 * - `GET listParameters?path=…&dataAccessId=…&outputType=json`: a table of `name`, `type`
 *   (String, Integer, Numeric, Date, StringArray, IntegerArray, NumericArray, DateArray),
 *   `defaultValue`, `pattern`, `access` (TableModelUtils.dataAccessParametersToTableModel, Parameter.Type);
 * - `POST doQuery` (form; also GET): `path`, `dataAccessId`, `outputType=json`, a parameter `x` as
 *   `paramx` (repeated for a list), `paginateQuery`, `pageSize`, `pageStart` (a row offset), `sortBy`
 *   (`<column index>[A|D]`, repeated), `bypassCache` (QueryParameters.getDoQueryParameters,
 *   DoQueryParameters, CdaCoreService.setPostProcessOptions, SortTableModel.SortDescriptor).
 *
 * The JSON answer (exporter/JsonExporter.getTableAsJson) is `{ metadata: [{colIndex, colName,
 * colType}], resultset: [[…], …], queryInfo?: {totalRows, pageStart?, pageSize?} }`, colType one of
 * String, Boolean, Integer, Numeric, Date, Blob (AbstractExporter.getColType); values are written by
 * org.json, so a date arrives as the text of the Java value (`2024-03-01`, `2024-03-01 10:00:00.0`,
 * or `Fri Mar 01 10:00:00 UTC 2024`). Paging slices the whole result the query produced
 * (TableModelUtils.paginateTableModel); a start past the last row makes CDA fail.
 *
 * Failures: every exception becomes a bare HTTP 500 (WebApplicationException with the cause, no
 * entity); a server without the plugin answers 404 (PluginDispatchServlet finds no servlet,
 * pentaho-platform extensions/.../web/servlet/PluginDispatchServlet.java@10.2.0.0-222).
 */
import type { IDataObject } from 'n8n-workflow';

import { toBoolean, toNumber } from '../../common/values';

export const CDA_API = '/plugin/cda/api';

export const NO_CDA =
	'This server has no CDA (Community Data Access) plugin: /plugin/cda/api is not there. CDA ships with the BI server 9.3, 10.2 and 11 unless an administrator removed it from pentaho-solutions/system';

/** Refusals of the CDA endpoints, which answer every failure as a bare status. */
export function cdaRefusals(what: string): Partial<Record<number, string>> {
	return {
		404: NO_CDA,
		500: `CDA could not ${what}: the file or query may not exist or you may not read it, a parameter may not fit its type, or the query's data source failed (the server log has the cause)`,
	};
}

export interface CdaColumn {
	name: string;
	type: string;
}

export interface CdaTable {
	columns: CdaColumn[];
	rows: unknown[][];
	totalRows?: number;
}

/** A CDA JSON answer as columns and rows; `undefined` when it is not one. */
export function readTable(body: unknown): CdaTable | undefined {
	if (body === null || typeof body !== 'object' || Array.isArray(body)) return undefined;
	const doc = body as IDataObject;
	if (!Array.isArray(doc.metadata) || !Array.isArray(doc.resultset)) return undefined;
	const columns = (doc.metadata as IDataObject[])
		.map((m, index) => ({ index: toNumber(m.colIndex) ?? index, name: String(m.colName ?? `column${index}`), type: String(m.colType ?? 'String') }))
		.sort((a, b) => a.index - b.index)
		.map(({ name, type }) => ({ name, type }));
	const info = (doc.queryInfo ?? {}) as IDataObject;
	const totalRows = toNumber(info.totalRows);
	return { columns, rows: (doc.resultset as unknown[]).map((row) => (Array.isArray(row) ? row : [row])), ...(totalRows === undefined ? {} : { totalRows }) };
}

const MONTHS: Record<string, string> = { Jan: '01', Feb: '02', Mar: '03', Apr: '04', May: '05', Jun: '06', Jul: '07', Aug: '08', Sep: '09', Oct: '10', Nov: '11', Dec: '12' };

/**
 * A date cell as ISO 8601 where its text says enough: `yyyy-MM-dd` (java.sql.Date) stays a date,
 * `yyyy-MM-dd HH:mm:ss.f` (java.sql.Timestamp, no zone) becomes a local ISO time, java.util.Date's
 * `EEE MMM dd HH:mm:ss zzz yyyy` becomes ISO with the zone when it is UTC/GMT and a local time
 * otherwise, epoch milliseconds become UTC. Anything else is kept as it came.
 */
export function cdaDate(value: unknown): unknown {
	if (typeof value === 'number') return Number.isFinite(value) ? new Date(value).toISOString() : value;
	if (typeof value !== 'string') return value;
	const text = value.trim();
	if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return text;
	const timestamp = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?$/.exec(text);
	if (timestamp) return `${timestamp[1]}T${timestamp[2]}.${(timestamp[3] ?? '0').slice(0, 3).padEnd(3, '0')}`;
	const javaDate = /^[A-Z][a-z]{2} ([A-Z][a-z]{2}) (\d{2}) (\d{2}:\d{2}:\d{2}) ([A-Za-z+\-:0-9]+) (\d{4})$/.exec(text);
	if (javaDate && MONTHS[javaDate[1]]) {
		const local = `${javaDate[5]}-${MONTHS[javaDate[1]]}-${javaDate[2]}T${javaDate[3]}.000`;
		return /^(UTC|GMT|Z)$/.test(javaDate[4]) ? `${local}Z` : local;
	}
	if (/^-?\d{10,}$/.test(text)) return new Date(Number(text)).toISOString();
	return value;
}

function cell(type: string, value: unknown): unknown {
	if (value === null || value === undefined) return null;
	switch (type) {
		case 'Integer':
		case 'Numeric':
			return toNumber(value) ?? value;
		case 'Boolean':
			return toBoolean(value) ?? value;
		case 'Date':
			return cdaDate(value);
		default:
			return value;
	}
}

/** Unique output keys for the columns (a name given twice gets `_2`, `_3`). */
function columnKeys(columns: CdaColumn[]): string[] {
	const seen = new Map<string, number>();
	return columns.map((column) => {
		const count = (seen.get(column.name) ?? 0) + 1;
		seen.set(column.name, count);
		return count === 1 ? column.name : `${column.name}_${count}`;
	});
}

/** The rows of a table as objects keyed by column name, each value typed by its column's colType. */
export function tableRows(table: CdaTable): IDataObject[] {
	const keys = columnKeys(table.columns);
	return table.rows.map((row) => {
		const out: IDataObject = {};
		table.columns.forEach((column, index) => {
			out[keys[index]] = cell(column.type, row[index]) as IDataObject[string];
		});
		return out;
	});
}

export interface CdaParameter {
	name: string;
	type: string;
	defaultValue: unknown;
	pattern?: string;
	access: string;
}

/** The listParameters table as parameters. */
export function readParameters(body: unknown): CdaParameter[] | undefined {
	const table = readTable(body);
	if (!table) return undefined;
	return tableRows(table).map((row) => ({
		name: String(row.name ?? ''),
		type: String(row.type ?? 'String'),
		defaultValue: row.defaultValue ?? null,
		...(row.pattern ? { pattern: String(row.pattern) } : {}),
		access: String(row.access ?? 'public'),
	}));
}

/** A CDA parameter type in n8n's words: `IntegerArray` → integer, list. */
export function cdaKind(type: string): { kind: 'string' | 'integer' | 'number' | 'date'; list: boolean } {
	const list = /Array$/.test(type);
	const base = type.replace(/Array$/, '');
	const kind = base === 'Integer' ? 'integer' : base === 'Numeric' ? 'number' : base === 'Date' ? 'date' : 'string';
	return { kind, list };
}
