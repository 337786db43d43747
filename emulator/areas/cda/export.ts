/**
 * CDA's exporters (webdetails/cda core/src/main/java/pt/webdetails/cda/exporter/*.java @10.2.0.0-222, unchanged to
 * 11.0.0.0-237 but for licence headers), written row by row so that large results stream:
 *
 * - json (JsonExporter, org.json): `{"metadata":[{"colName","colType","colIndex"}…],"resultset":[[…]…],"queryInfo":{…}}`,
 *   keys in the order org.json's HashMap-backed JSONObject iterates them (that order is what the exporter test
 *   JsonExporterTest.testJsonExport1 spells), queryInfo only for query results (MetadataTableModel), its values strings;
 *   numbers by numberToString (100.0 → 100), dates as the value's toString (java.sql.Timestamp: "2004-01-06 00:00:00.0"),
 *   NaN/infinite doubles as null; `settingcallback`/`jsonCallback` wrap it as JSONP `cb(…);`.
 * - xml (XmlExporter, dom4j): `<?xml version="1.0" encoding="UTF-8"?>\n<CdaExport><MetaData><ColumnMetaData index type name/>…
 *   </MetaData><ResultSet><Row><Col>…</Col>|<Col isNull="true"/></Row>…</ResultSet></CdaExport>`, dates
 *   "yyyy-MM-dd'T'HH:mm:ss.SSSZ", numbers by toString.
 * - csv (CsvExporter → Kettle TextFileOutput, fast dump, enclosure forced: pentaho-kettle
 *   engine/src/main/java/org/pentaho/di/trans/steps/textfileoutput/TextFileOutput.java writeField/writeHeader): separator ";",
 *   enclosure '"' (settings csvSeparator/csvQuote), header names enclosed only for String columns, every non-empty value
 *   enclosed (enclosures doubled), null as nothing, values by toString, lines ending with the server's line separator
 *   ("\n": the step meta has no file format after its XML round trip, so TextFileOutputMeta.getNewLine falls back to
 *   line.separator); `settingcolumnHeaders=false` drops the header.
 * - html (HtmlExporter, dom4j pretty printer): a `<table>` of `<tr><th>`/`<td>` rows, nulls "#NULL".
 * - xls (XlsExporter → Kettle ExcelOutput): a BIFF8 workbook, header row then the rows, sheet "Sheet1".
 */
import { formatJavaDate, javaDoubleToString, javaHashMapOrder, jsonNumber, jsonQuote, zoneOffsetMinutes } from '../reporting/java';
import { xlsOf, type Cell, type Sink } from '../reporting/files';
import type { CdaColumn, CdaValue } from './model';

export interface Table {
	columns: CdaColumn[];
	rows: Iterable<CdaValue[]>;
	/** MetadataTableModel's metadata (queryInfo): only query results have it. */
	metadata?: Record<string, string>;
}

export interface ExportOptions {
	settings: Map<string, string>;
	timeZone: string;
}

/** AbstractExporter.getColType by the column's Java class. */
export function colType(type: CdaColumn['type']): string {
	if (type === 'Long') return 'Numeric';
	return type;
}

function isIntegral(type: CdaColumn['type']): boolean {
	return type === 'Integer' || type === 'Long';
}

function timestampText(value: Date, timeZone: string): string {
	return formatJavaDate(value, 'timestamp', zoneOffsetMinutes(timeZone, value));
}

function toStringValue(value: CdaValue, type: CdaColumn['type'], timeZone: string): string {
	if (value === null) return '';
	if (value instanceof Date) return timestampText(value, timeZone);
	if (typeof value === 'number') return isIntegral(type) ? String(Math.trunc(value)) : javaDoubleToString(value);
	return String(value);
}

function jsonValue(value: CdaValue, type: CdaColumn['type'], timeZone: string): string {
	if (value === null) return 'null';
	if (value instanceof Date) return jsonQuote(timestampText(value, timeZone));
	if (typeof value === 'number') {
		if (!Number.isFinite(value)) return 'null';
		return isIntegral(type) ? String(Math.trunc(value)) : jsonNumber(value);
	}
	if (typeof value === 'boolean') return String(value);
	return jsonQuote(String(value));
}

function batched(sink: Sink): { add(text: string): Promise<void>; flush(): Promise<void> } {
	let buffer = '';
	return {
		async add(text) {
			buffer += text;
			if (buffer.length > 65536) {
				const chunk = buffer;
				buffer = '';
				await sink(Buffer.from(chunk, 'utf8'));
			}
		},
		async flush() {
			if (buffer.length > 0) await sink(Buffer.from(buffer, 'utf8'));
			buffer = '';
		},
	};
}

async function exportJson(table: Table, options: ExportOptions, sink: Sink): Promise<void> {
	const out = batched(sink);
	const callback = options.settings.get('callback');
	if (callback !== undefined) await out.add(`${callback}(`);
	const metadata = table.columns
		.map((column, index) => {
			const fields: Record<string, string> = { colIndex: String(index), colName: jsonQuote(column.name), colType: jsonQuote(colType(column.type)) };
			return `{${javaHashMapOrder(['colIndex', 'colName', 'colType']).map((k) => `"${k}":${fields[k]}`).join(',')}}`;
		})
		.join(',');
	const parts: Record<string, () => Promise<void>> = {
		metadata: () => out.add(`"metadata":[${metadata}]`),
		resultset: async () => {
			await out.add('"resultset":[');
			let first = true;
			for (const row of table.rows) {
				await out.add(`${first ? '' : ','}[${row.map((value, i) => jsonValue(value, table.columns[i]?.type ?? 'String', options.timeZone)).join(',')}]`);
				first = false;
			}
			await out.add(']');
		},
		queryInfo: () => {
			const info = table.metadata ?? {};
			return out.add(`"queryInfo":{${javaHashMapOrder(Object.keys(info)).map((k) => `${jsonQuote(k)}:${jsonQuote(info[k])}`).join(',')}}`);
		},
	};
	const keys = javaHashMapOrder(table.metadata ? ['metadata', 'queryInfo', 'resultset'] : ['metadata', 'resultset']);
	await out.add('{');
	for (let i = 0; i < keys.length; i++) {
		if (i > 0) await out.add(',');
		await parts[keys[i]]();
	}
	await out.add('}');
	if (callback !== undefined) await out.add(');');
	await out.flush();
}

function xmlEscape(text: string, attribute: boolean): string {
	const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
	return attribute ? escaped.replace(/"/g, '&quot;') : escaped;
}

function isoText(value: Date, timeZone: string): string {
	return formatJavaDate(value, 'iso-z', zoneOffsetMinutes(timeZone, value));
}

async function exportXml(table: Table, options: ExportOptions, sink: Sink): Promise<void> {
	const out = batched(sink);
	await out.add('<?xml version="1.0" encoding="UTF-8"?>\n<CdaExport><MetaData>');
	for (const [i, column] of table.columns.entries()) await out.add(`<ColumnMetaData index="${i}" type="${colType(column.type)}" name="${xmlEscape(column.name, true)}"/>`);
	await out.add('</MetaData><ResultSet>');
	for (const row of table.rows) {
		let text = '<Row>';
		for (const [i, value] of row.entries()) {
			if (value === null) text += '<Col isNull="true"/>';
			else text += `<Col>${xmlEscape(value instanceof Date ? isoText(value, options.timeZone) : toStringValue(value, table.columns[i]?.type ?? 'String', options.timeZone), false)}</Col>`;
		}
		await out.add(`${text}</Row>`);
	}
	await out.add('</ResultSet></CdaExport>');
	await out.flush();
}

async function exportCsv(table: Table, options: ExportOptions, sink: Sink): Promise<void> {
	const out = batched(sink);
	const separator = options.settings.get('csvSeparator') ?? ';';
	const quote = options.settings.get('csvQuote') ?? '"';
	const headers = (options.settings.get('columnHeaders') ?? 'true').toLowerCase() === 'true';
	const containsSpecial = (text: string) => (quote !== '' && text.includes(quote)) || (separator !== '' && text.includes(separator));
	const enclose = (text: string) => (quote === '' ? text : `${quote}${text.split(quote).join(quote + quote)}${quote}`);
	if (headers) {
		const line = table.columns.map((c) => (c.type === 'String' || containsSpecial(c.name) ? `${quote}${c.name}${quote}` : c.name)).join(separator);
		await out.add(`${line}\n`);
	}
	for (const row of table.rows) {
		const line = row
			.map((value, i) => {
				const text = toStringValue(value, table.columns[i]?.type ?? 'String', options.timeZone);
				return text === '' ? '' : enclose(text);
			})
			.join(separator);
		await out.add(`${line}\n`);
	}
	await out.flush();
}

async function exportHtml(table: Table, options: ExportOptions, sink: Sink): Promise<void> {
	const out = batched(sink);
	const indent = ' '.repeat(table.columns.length);
	const full = (options.settings.get('fullHtml') ?? '').toLowerCase() === 'true';
	const title = options.settings.get('title') ?? 'CDA HTML Export';
	const base = full ? indent.repeat(2) : '';
	if (full) await out.add(`\n<html>\n${indent}<head>\n${indent.repeat(2)}<title>${xmlEscape(title, false)}</title>\n${indent}</head>\n${indent}<body>`);
	await out.add(`\n${base}<table>\n${base}${indent}<tr>\n`);
	for (const column of table.columns) await out.add(`${base}${indent.repeat(2)}<th>${xmlEscape(column.name, false)}</th>\n`);
	await out.add(`${base}${indent}</tr>\n`);
	for (const row of table.rows) {
		let text = `${base}${indent}<tr>\n`;
		for (const [i, value] of row.entries()) {
			const cell = value === null ? '#NULL' : value instanceof Date ? isoText(value, options.timeZone) : toStringValue(value, table.columns[i]?.type ?? 'String', options.timeZone);
			text += `${base}${indent.repeat(2)}<td>${xmlEscape(cell, false)}</td>\n`;
		}
		await out.add(`${text}${base}${indent}</tr>\n`);
	}
	await out.add(`${base}</table>\n`);
	if (full) await out.add(`${indent}</body>\n</html>\n`);
	await out.flush();
}

async function exportXls(table: Table, options: ExportOptions, sink: Sink): Promise<void> {
	const headers = (options.settings.get('columnHeaders') ?? 'true').toLowerCase() === 'true';
	const rows: Cell[][] = headers ? [table.columns.map((c) => c.name)] : [];
	for (const row of table.rows) rows.push(row.map((v) => (v instanceof Date ? timestampText(v, options.timeZone) : typeof v === 'boolean' ? String(v) : v)));
	await sink(xlsOf('Sheet1', rows));
}

export interface Exporter {
	/** The exporter's mime type (getMimeType). */
	mimeType: string;
	/** getAttachmentName: csv and xls default to cda-export.<type>; json, xml and html are inline unless a name is set. */
	attachmentName?: string;
	write(table: Table, options: ExportOptions, sink: Sink): Promise<void>;
}

/** ExporterEngine.getExporter (output types compared ignoring case); undefined: UnsupportedExporterException. */
export function exporterFor(outputType: string, settings: Map<string, string>): Exporter | undefined {
	const attachment = settings.get('attachmentName');
	switch (outputType.toLowerCase()) {
		case 'json':
			return { mimeType: 'application/json', attachmentName: attachment, write: exportJson };
		case 'xml':
			return { mimeType: 'text/xml', attachmentName: attachment, write: exportXml };
		case 'csv':
			return { mimeType: 'text/csv', attachmentName: attachment ?? 'cda-export.csv', write: exportCsv };
		case 'xls':
			return { mimeType: 'application/vnd.ms-excel', attachmentName: attachment ?? 'cda-export.xls', write: exportXls };
		case 'html':
			// HtmlExporter never answers as an attachment (getAttachmentName returns null).
			return { mimeType: 'text/html', write: exportHtml };
		default:
			return undefined;
	}
}

/** ExportedQueryResult.getContentDisposition. */
export function contentDisposition(exporter: Exporter): string {
	if (exporter.attachmentName !== undefined) return `attachment; filename=${exporter.attachmentName}`;
	const extension: Record<string, string> = { 'text/csv': '.csv', 'application/json': '.json', 'text/xml': '.xml', 'text/html': '.html' };
	return `inline; filename=doQuery${extension[exporter.mimeType] ?? ''}`;
}
