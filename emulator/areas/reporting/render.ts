/**
 * Rendering a report into each output target the plugin offers. The file formats are real (a PDF, an OOXML or BIFF8
 * workbook, CSV, HTML, RTF, text, a MIME message, XML, PNG), written by our own code; the layout is our own
 * (a title, the parameter values, a table of rows) and not the engine's.
 *
 * Page sizes: the HTML page output shows ROWS_PER_PAGE rows per page (`accepted-page`, 0-based, as PageableHTMLOutput
 * renders one logical page); PDF and text put PDF_LINES lines on a page.
 */
import { formatJavaDate, zoneOffsetMinutes } from './java';
import { PdfWriter, streamXlsx, xlsOf, xlsxOf, type Cell, type Sink } from './files';
import type { ParamValue, ReportDefinition, RowValue } from './model';
import { XLSX_TARGET } from './params';
import { EMAIL, HTML_PAGE, HTML_STREAM, PNG_TARGET, XLS_TARGET } from './request';

export const ROWS_PER_PAGE = 30;
const PDF_LINES = 60;

export interface RenderOptions {
	report: ReportDefinition;
	values: Map<string, ParamValue>;
	target: string;
	/** The page of the HTML page output (0-based). */
	acceptedPage: number;
	/** includeReportSpecification: a report-details page first. */
	includeSpecification: boolean;
	timeZone: string;
	sink: Sink;
}

/** Thrown by the rendering of a report whose data source fails (the caller writes the message). */
export class DataSourceFailure extends Error {
	constructor(readonly written: boolean) {
		super('Failed to execute query.');
	}
}

function text(value: RowValue, timeZone: string): string {
	if (value === null || value === undefined) return '';
	if (value instanceof Date) return formatJavaDate(value, 'date', zoneOffsetMinutes(timeZone, value));
	return String(value);
}

function paramText(value: ParamValue | undefined, timeZone: string): string {
	if (value === null || value === undefined) return '';
	if (Array.isArray(value)) return value.length === 0 ? '(all)' : value.map((v) => paramText(v, timeZone)).join(', ');
	if (value instanceof Date) return formatJavaDate(value, 'date', zoneOffsetMinutes(timeZone, value));
	return String(value);
}

/** "Region: EMEA | Year: 2004 | …" for the page header. */
export function parameterLine(options: Pick<RenderOptions, 'report' | 'values' | 'timeZone'>): string {
	return options.report.parameters.map((p) => `${p.name}: ${paramText(options.values.get(p.name), options.timeZone) || '(none)'}`).join(' | ');
}

function detailsLines(options: RenderOptions): string[] {
	return [
		'Report Details',
		`Report: ${options.report.path}`,
		...options.report.parameters.map((p) => `${p.name} = ${paramText(options.values.get(p.name), options.timeZone)}`),
	];
}

/** The rows, stopping once `budget()` says the file is large enough (the benchmark report's rows never end). */
function* rowsOf(options: RenderOptions, written: () => number): Generator<RowValue[]> {
	const input = { values: Object.fromEntries(options.values), offsetMinutes: 0 };
	const limit = options.report.targetBytes;
	for (const row of options.report.rows(input)) {
		if (limit !== undefined && written() >= limit) return;
		yield row;
	}
}

/** The number of pages of the HTML page output (for the parameter document's page-count). */
export function pageCount(report: ReportDefinition, values: Map<string, ParamValue>): number {
	if (report.failure) return 0;
	if (report.targetBytes !== undefined) return Math.max(1, Math.ceil(report.targetBytes / 150 / ROWS_PER_PAGE));
	let rows = 0;
	for (const _ of report.rows({ values: Object.fromEntries(values), offsetMinutes: 0 })) rows++;
	return Math.max(1, Math.ceil(rows / ROWS_PER_PAGE));
}

function htmlEscape(value: string): string {
	return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function csvField(value: string): string {
	return /[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

function rtfText(value: string): string {
	return value.replace(/[\\{}]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0)}?`);
}

/** A 1×1 white PNG (the emulator does not draw report pages). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR42mP4//8/AAX+Av4N70a4AAAAAElFTkSuQmCC', 'base64');

/**
 * Writes the report in the target's format to `options.sink`. A report with a failing data source throws
 * DataSourceFailure (after its first page when it fails in the middle).
 */
export async function renderReport(options: RenderOptions): Promise<void> {
	const { report, target, sink, timeZone } = options;
	let written = 0;
	const out: Sink = async (chunk) => {
		written += chunk.length;
		await sink(chunk);
	};
	const write = (value: string) => out(Buffer.from(value, 'utf8'));
	if (report.failure?.at === 'start') throw new DataSourceFailure(false);
	const failMiddle = async () => {
		if (report.failure?.at === 'middle') throw new DataSourceFailure(written > 0);
	};
	const header = report.columns.map((c) => c.label);
	const title = report.title;
	const parameters = parameterLine(options);
	const details = options.includeSpecification ? detailsLines(options) : [];
	const rows = () => rowsOf(options, () => written);
	const cells = (row: RowValue[]): Cell[] => row.map((v) => (v instanceof Date ? text(v, timeZone) : v));

	switch (target) {
		case HTML_PAGE:
		case HTML_STREAM:
		case EMAIL: {
			let head = '';
			if (target === EMAIL) {
				head = 'MIME-Version: 1.0\r\nContent-Type: multipart/related; boundary="----=_Part_0_emulator"\r\n\r\n------=_Part_0_emulator\r\nContent-Type: text/html; charset=UTF-8\r\nContent-Transfer-Encoding: 8bit\r\n\r\n';
			}
			await write(
				`${head}<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "http://www.w3.org/TR/xhtml1/DTD/xhtml1-strict.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml"><head><title>${htmlEscape(title)}</title>` +
					'<meta http-equiv="Content-Type" content="text/html; charset=UTF-8" /></head><body>' +
					(details.length > 0 ? `<div class="report-details">${details.map((l) => `<p>${htmlEscape(l)}</p>`).join('')}</div>` : '') +
					`<h1>${htmlEscape(title)}</h1><p class="parameters">${htmlEscape(parameters)}</p><table><tr>${header.map((h) => `<th>${htmlEscape(h)}</th>`).join('')}</tr>\n`,
			);
			const first = target === HTML_PAGE ? Math.max(0, options.acceptedPage) * ROWS_PER_PAGE : 0;
			const last = target === HTML_PAGE ? first + ROWS_PER_PAGE : Infinity;
			let index = 0;
			let batch = '';
			for (const row of rows()) {
				if (index >= last) break;
				if (index >= first) batch += `<tr>${row.map((v) => `<td>${htmlEscape(text(v, timeZone))}</td>`).join('')}</tr>\n`;
				index++;
				if (batch.length > 32768) {
					await write(batch);
					batch = '';
				}
				if (index === ROWS_PER_PAGE) {
					await write(batch);
					batch = '';
					await failMiddle();
				}
			}
			await write(`${batch}</table></body></html>\n${target === EMAIL ? '\r\n------=_Part_0_emulator--\r\n' : ''}`);
			return;
		}
		case 'pageable/pdf': {
			const pdf = new PdfWriter(out);
			await pdf.start(title);
			if (details.length > 0) await pdf.addPage(details);
			let lines = [title, parameters, '', header.join(' | ')];
			let pages = 0;
			for (const row of rows()) {
				lines.push(row.map((v) => text(v, timeZone)).join(' | '));
				if (lines.length >= PDF_LINES) {
					await pdf.addPage(lines);
					lines = [];
					if (++pages === 1) await failMiddle();
				}
			}
			if (lines.length > 0 || pages === 0) await pdf.addPage(lines);
			await pdf.finish();
			return;
		}
		case XLSX_TARGET: {
			const top: Cell[][] = [...details.map((l) => [l]), [title], [parameters], header];
			if (report.targetBytes !== undefined) {
				await streamXlsx(title, (function* () {
					yield* top;
					for (const row of rows()) yield cells(row);
				})(), out);
				return;
			}
			const all = [...top];
			for (const row of rows()) all.push(cells(row));
			await failMiddle();
			await out(xlsxOf(title, all));
			return;
		}
		case XLS_TARGET: {
			const all: Cell[][] = [...details.map((l) => [l]), [title], [parameters], header];
			for (const row of rows()) {
				all.push(cells(row));
				if (all.length >= 65536) break;
			}
			await failMiddle();
			await out(xlsOf(title, all));
			return;
		}
		case 'table/csv;page-mode=stream': {
			let batch = [...details, title, parameters].map(csvField).join('\r\n') + '\r\n' + header.map(csvField).join(',') + '\r\n';
			let count = 0;
			for (const row of rows()) {
				batch += row.map((v) => csvField(text(v, timeZone))).join(',') + '\r\n';
				if (++count === ROWS_PER_PAGE) {
					await write(batch);
					batch = '';
					await failMiddle();
				}
				if (batch.length > 65536) {
					await write(batch);
					batch = '';
				}
			}
			await write(batch);
			return;
		}
		case 'pageable/text': {
			let batch = `${[...details, ...(details.length > 0 ? ['\f'] : []), title, parameters, '', header.join('  ')].join('\n')}\n`;
			let count = 0;
			for (const row of rows()) {
				batch += `${row.map((v) => text(v, timeZone)).join('  ')}\n`;
				if (++count % PDF_LINES === 0) {
					batch += '\f';
					await write(batch);
					batch = '';
					if (count === PDF_LINES) await failMiddle();
				}
			}
			await write(batch);
			return;
		}
		case 'table/rtf;page-mode=flow': {
			let batch = `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\\f0\\fs20 ${[...details, title, parameters].map((l) => `${rtfText(l)}\\par `).join('')}${rtfText(header.join('\t'))}\\par `;
			for (const row of rows()) batch += `${rtfText(row.map((v) => text(v, timeZone)).join('\t'))}\\par `;
			await failMiddle();
			await write(`${batch}}`);
			return;
		}
		case 'table/xml':
		case 'pageable/xml': {
			let batch = `<?xml version="1.0" encoding="UTF-8"?>\n<report name="${htmlEscape(title)}"><parameters>${htmlEscape(parameters)}</parameters>`;
			for (const row of rows()) batch += `<row>${row.map((v, i) => `<cell name="${htmlEscape(report.columns[i]?.name ?? '')}">${htmlEscape(text(v, timeZone))}</cell>`).join('')}</row>`;
			await failMiddle();
			await write(`${batch}</report>\n`);
			return;
		}
		case PNG_TARGET:
			await failMiddle();
			await out(PNG);
			return;
		default:
			throw new Error(`No output handler for ${target}`);
	}
}
