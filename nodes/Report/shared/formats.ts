/**
 * The formats a report renders to, by the reporting plugin's own output-target names: the list the
 * plugin offers in its parameter answer (`output-target`, from
 * DefaultReportOutputHandlerFactory.getSupportedOutputTypes, pentaho-platform-plugin-reporting:
 * core/src/main/java/org/pentaho/reporting/platform/plugin/output/DefaultReportOutputHandlerFactory.java
 * @9.3.0.0-422 / @10.2.0.0-222 / @11.1.0.0-345), with the MIME type the plugin answers for each
 * (getMimeType there, SimpleReportingComponent.MIME_TYPE_*) and the extension the platform names the
 * file with (MimeHelper.getExtension, pentaho-platform core/.../util/web/MimeHelper.java@10.2.0.0-222).
 *
 * Excel 97-2003 (`table/excel;page-mode=flow`) was dropped from the plugin by [BISERVER-14864]
 * (pentaho-platform-plugin-reporting@1fe4aeae, first tag 10.2.0.0-58): 9.3 offers it, 10.2 and 11 do not.
 * The engine's other targets (pageable/xml, table/xml, PNG) are rendered but not offered, so they are
 * not offered here either. Which formats a server offers is read from its answer before rendering.
 */
export interface ReportFormat {
	/** The output-target value the plugin reads. */
	target: string;
	/** The name in the editor. */
	name: string;
	mimeType: string;
	extension: string;
	/** What a complete file of this format looks like (see integrity.ts); none for text formats. */
	check?: 'pdf' | 'zip' | 'ole' | 'rtf' | 'html';
}

export const FORMATS: ReportFormat[] = [
	{ target: 'table/csv;page-mode=stream', name: 'CSV', mimeType: 'text/csv', extension: 'csv' },
	{
		target: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet;page-mode=flow',
		name: 'Excel (XLSX)',
		mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
		extension: 'xlsx',
		check: 'zip',
	},
	{ target: 'table/excel;page-mode=flow', name: 'Excel 97-2003 (XLS, Server 9.x Only)', mimeType: 'application/vnd.ms-excel', extension: 'xls', check: 'ole' },
	{ target: 'mime-message/text/html', name: 'HTML (Email Message)', mimeType: 'mime-message/text/html', extension: 'eml' },
	{ target: 'table/html;page-mode=page', name: 'HTML (Paginated, First Page)', mimeType: 'text/html', extension: 'html', check: 'html' },
	{ target: 'table/html;page-mode=stream', name: 'HTML (Single Page)', mimeType: 'text/html', extension: 'html', check: 'html' },
	{ target: 'pageable/pdf', name: 'PDF', mimeType: 'application/pdf', extension: 'pdf', check: 'pdf' },
	{ target: 'table/rtf;page-mode=flow', name: 'Rich Text Format (RTF)', mimeType: 'application/rtf', extension: 'rtf', check: 'rtf' },
	{ target: 'pageable/text', name: 'Text', mimeType: 'text/plain', extension: 'txt' },
];

export function formatOf(target: string): ReportFormat | undefined {
	return FORMATS.find((format) => format.target === target);
}
