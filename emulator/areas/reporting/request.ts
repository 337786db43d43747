/**
 * Reading a report request: the request parameters (query string, and the form body of a POST, which
 * RepositoryResource.doFormPost merges into the request: JerseyUtil.correctPostRequest), the effective output target
 * and its mime type, and the Content-Disposition the plugin writes.
 *
 * - pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/RepositoryResource.java@10.2.0.0-222
 *   (doFormPost is `@Consumes(APPLICATION_FORM_URLENCODED)`: another body type is refused by Jersey with 415).
 * - pentaho-platform-plugin-reporting:core/src/main/java/org/pentaho/reporting/platform/plugin/SimpleReportingComponent.java@10.2.0.0-222
 *   computeEffectiveOutputTarget / mapOutputTypeToOutputTarget; output/DefaultReportOutputHandlerFactory.java getMimeType.
 * - pentaho-platform:core/src/main/java/org/pentaho/platform/util/web/MimeHelper.java@10.2.0.0-222 (extensions by mime type).
 */
import { EmulatorHttpError } from '../../core/errors';
import type { ServerProfile } from '../../core/profiles';
import type { RequestContext } from '../../core/types';
import { encodeRepositoryPath, javaEncodeUriComponent } from './java';
import type { ReportDefinition } from './model';
import { XLSX_TARGET, type Inputs } from './params';

export const HTML_PAGE = 'table/html;page-mode=page';
export const HTML_STREAM = 'table/html;page-mode=stream';
export const XLS_TARGET = 'table/excel;page-mode=flow';
export const EMAIL = 'mime-message/text/html';
export const PNG_TARGET = 'pageable/X-AWT-Graphics;image-type=png';

/** Query string and (for a form POST) the form fields: one value as text, several as an array. */
export async function readInputs(ctx: RequestContext): Promise<Inputs> {
	const all = new Map<string, string[]>();
	const addAll = (params: URLSearchParams) => {
		for (const [name, value] of params) all.set(name, [...(all.get(name) ?? []), value]);
	};
	addAll(ctx.query);
	if (ctx.method === 'POST') {
		const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
		if (!type.startsWith('application/x-www-form-urlencoded')) {
			ctx.req.resume();
			// Jersey finds no method consuming this type: 415 without entity.
			throw EmulatorHttpError.bare(415);
		}
		addAll(await ctx.form());
	}
	const inputs: Inputs = new Map();
	for (const [name, values] of all) inputs.set(name, values.length === 1 ? values[0] : values);
	return inputs;
}

export function single(inputs: Inputs, name: string): string | undefined {
	const value = inputs.get(name);
	return Array.isArray(value) ? value[0] : value;
}

/** The targets an output handler exists for at this version (DefaultReportOutputHandlerFactory.createOutputHandlerForOutputType). */
export function handledTargets(profile: Pick<ServerProfile, 'before'>): string[] {
	return [
		HTML_PAGE,
		HTML_STREAM,
		PNG_TARGET,
		'pageable/xml',
		'table/xml',
		'pageable/pdf',
		...(profile.before('10.2') ? [XLS_TARGET] : []),
		XLSX_TARGET,
		'table/csv;page-mode=stream',
		'table/rtf;page-mode=flow',
		EMAIL,
		'pageable/text',
	];
}

/** SimpleReportingComponent.mapOutputTypeToOutputTarget (output-type as a mime type or a legacy name). */
function mapOutputType(outputType: string | undefined, paginate: boolean, profile: Pick<ServerProfile, 'before'>): string | undefined {
	switch (outputType) {
		case 'text/csv':
			return 'table/csv;page-mode=stream';
		case 'text/html':
			return paginate ? HTML_PAGE : HTML_STREAM;
		case 'application/xml':
			return paginate ? 'table/xml' : 'pageable/xml';
		case 'application/pdf':
			return 'pageable/pdf';
		case 'application/rtf':
			return 'table/rtf;page-mode=flow';
		case 'application/vnd.ms-excel':
			// Mapped to XLS until 1fe4aeae (first 10.2.0.0-58).
			return profile.before('10.2') ? XLS_TARGET : undefined;
		case 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet':
			return XLSX_TARGET;
		case EMAIL:
			return EMAIL;
		case 'text/plain':
			return 'pageable/text';
		default:
			break;
	}
	const legacy = (outputType ?? '').toLowerCase();
	if (legacy === 'pdf') return 'pageable/pdf';
	if (legacy === 'html') return paginate ? HTML_PAGE : HTML_STREAM;
	if (legacy === 'csv') return 'table/csv;page-mode=stream';
	if (legacy === 'rtf') return 'table/rtf;page-mode=flow';
	if (legacy === 'xls') return XLS_TARGET;
	if (legacy === 'txt') return 'pageable/text';
	return undefined;
}

/**
 * SimpleReportingComponent.computeEffectiveOutputTarget, with the default target the content handlers set
 * (table/html;page-mode=page); `forceDefault` is setForceDefaultOutputTarget (the parameter document for mobile=true).
 */
export function effectiveOutputTarget(report: ReportDefinition, inputs: Inputs, profile: Pick<ServerProfile, 'before'>, forceDefault = false): string {
	if (forceDefault) return HTML_PAGE;
	if (report.lockOutputType && report.preferredOutputTarget) return report.preferredOutputTarget;
	const target = single(inputs, 'output-target');
	if (target !== undefined) return target;
	// setPaginateOutput(true) by the content handlers, then the "paginate" input decides.
	const paginateInput = single(inputs, 'paginate');
	const paginate = paginateInput === undefined ? true : paginateInput === 'true';
	const mapped = mapOutputType(single(inputs, 'output-type'), paginate, profile);
	if (mapped) return mapped;
	if (report.preferredOutputTarget) return report.preferredOutputTarget;
	return HTML_PAGE;
}

/** DefaultReportOutputHandlerFactory.getMimeType. */
export function mimeTypeOf(target: string, profile: Pick<ServerProfile, 'before'>): string {
	switch (target) {
		case HTML_STREAM:
		case HTML_PAGE:
			return 'text/html';
		case XLSX_TARGET:
			return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
		case 'table/csv;page-mode=stream':
			return 'text/csv';
		case 'table/rtf;page-mode=flow':
			return 'application/rtf';
		case 'pageable/pdf':
			return 'application/pdf';
		case 'pageable/text':
			return 'text/plain';
		case EMAIL:
			return EMAIL;
		case 'table/xml':
		case 'pageable/xml':
			return 'application/xml';
		case PNG_TARGET:
			return 'image/png';
		case XLS_TARGET:
			if (profile.before('10.2')) return 'application/vnd.ms-excel';
			return 'application/octet-stream';
		default:
			return 'application/octet-stream';
	}
}

const EXTENSIONS: Record<string, string> = {
	'application/rtf': '.rtf',
	'application/pdf': '.pdf',
	'application/vnd.ms-excel': '.xls',
	'application/zip': '.zip',
	'image/png': '.png',
	'text/csv': '.csv',
	'text/html': '.html',
	'text/plain': '.txt',
	'text/xml': '.xml',
	'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': '.xlsx',
	'mime-message/text/html': '.eml',
};

/** MimeHelper.getExtension: Java concatenates a missing extension as "null". */
export function extensionOf(mimeType: string): string {
	return EXTENSIONS[mimeType] ?? 'null';
}

/** HttpMimeTypeListener.buildContentDispositionValue("default" + extension). */
export function defaultDisposition(mimeType: string, forceAttachment: boolean): string {
	const name = javaEncodeUriComponent(`default${extensionOf(mimeType)}`);
	return `${forceAttachment ? 'attachment' : 'inline'}; filename*=UTF-8''${name}`;
}

/** ExecuteReportContentHandler: the report's file name without its extension, the output's extension, always inline. */
export function reportDisposition(fileName: string, mimeType: string): string {
	const dot = fileName.lastIndexOf('.');
	const base = dot === -1 ? fileName : fileName.slice(0, dot);
	// RepositoryPathEncoder.encode(encodeRepositoryPath(name)): encodeURIComponent, then %5C → %255C and %2F → %252F.
	const encoded = javaEncodeUriComponent(encodeRepositoryPath(base + extensionOf(mimeType)))
		.replace(/%5C/g, '%255C')
		.replace(/%2F/g, '%252F');
	return `inline; filename*=UTF-8''${encoded}`;
}

/** The Content-Type Tomcat answers: the generator's mime type with the encoding GeneratorStreamingOutput set. */
export function contentType(mimeType: string): string {
	return `${mimeType};charset=UTF-8`;
}
