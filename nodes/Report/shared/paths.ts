/**
 * The report (.prpt) and data access (.cda) a Report operation works on: repository paths picked
 * from the repository (the shared picker, nodes/common/repositoryPicker.ts, listing only files of
 * that kind and the folders to browse to them) or typed.
 */
import type { IExecuteFunctions, ILoadOptionsFunctions, INodeListSearchResult, INodeProperties } from 'n8n-workflow';

import { InputError } from '../../common/inputError';
import { baseName, normalizePath, pathIdSegment } from '../../common/repositoryPath';
import { repositoryPathField, repositoryPathText, searchRepository } from '../../common/repositoryPicker';

export class ReportInputError extends InputError {}

/**
 * Content of the reporting plugin, by file: `/api/repos/{pathId}/{generator}` (RepositoryResource
 * doGet/doFormPost → the content generator registered for .prpt, pentaho-platform:
 * extensions/.../api/resources/RepositoryResource.java@10.2.0.0-222; generators `report` and
 * `parameter` in the plugin's plugin.spring.xml: `prpt.report` = ReportContentGenerator,
 * `prpt.parameter` = ParameterContentGenerator, pentaho-platform-plugin-reporting
 * assemblies/web/src/main/resources/package-res/plugin.spring.xml@10.2.0.0-222, the same @9.3.0.0-422 and @11.1.0.0-345).
 */
export function reportUrl(path: string, generator: 'report' | 'parameter'): string {
	return `/api/repos/${pathIdSegment(path)}/${generator}`;
}

/** The report's name without its extension: `/public/Sales Report.prpt` → `Sales Report`. */
export function reportName(path: string): string {
	return baseName(path).replace(/\.prpti?$/i, '');
}

function pathField(name: string, displayName: string, kind: 'report' | 'cda', description: string): INodeProperties {
	const base = repositoryPathField({
		name,
		displayName,
		required: true,
		description,
		placeholder: kind === 'report' ? 'e.g. /public/Steel Wheels/Reports/Sales.prpt' : 'e.g. /public/dashboards/sales.cda',
	});
	const extension = kind === 'report' ? 'prpt' : 'cda';
	return {
		...base,
		modes: (base.modes ?? []).map((mode) =>
			mode.name === 'list'
				? { ...mode, typeOptions: { ...mode.typeOptions, searchListMethod: kind === 'report' ? 'searchReports' : 'searchCdaFiles' } }
				: {
						...mode,
						validation: [
							{
								type: 'regex',
								properties: {
									regex: kind === 'report' ? '^/.*\\.prpti?$' : '^/.*\\.cda$',
									errorMessage: `A ${kind === 'report' ? 'report' : 'CDA'} path starts with "/" and ends with .${extension}`,
								},
							},
						],
					},
		),
	};
}

export function reportField(): INodeProperties {
	return pathField('report', 'Report', 'report', 'The report (.prpt file) in the repository');
}

export function cdaFileField(): INodeProperties {
	return pathField('cdaFile', 'CDA File', 'cda', 'The data access file (.cda) in the repository that defines the queries');
}

function readFilePath(text: string, kind: 'report' | 'cda'): string {
	const path = normalizePath(text, kind === 'report' ? 'Report' : 'CDA File');
	const ok = kind === 'report' ? /\.prpti?$/i.test(path) : /\.cda$/i.test(path);
	if (!ok) {
		throw new ReportInputError(
			kind === 'report'
				? `Report "${path}" is not a report: choose a .prpt file`
				: `CDA File "${path}" is not a data access file: choose a .cda file`,
		);
	}
	return path;
}

/** The report path of an item, checked: a repository path of a .prpt (or an interactive report's .prpti). */
export function readReportPath(ctx: IExecuteFunctions, itemIndex: number): string {
	return readFilePath(repositoryPathText(ctx, 'report', itemIndex), 'report');
}

export function readCdaPath(ctx: IExecuteFunctions, itemIndex: number): string {
	return readFilePath(repositoryPathText(ctx, 'cdaFile', itemIndex), 'cda');
}

/** The path a load-options method works on (the editor's current value), or undefined when none usable is chosen yet. */
export function currentPath(ctx: ILoadOptionsFunctions, name: 'report' | 'cdaFile'): string | undefined {
	let value: unknown;
	try {
		value = ctx.getCurrentNodeParameter(name, { extractValue: true });
	} catch {
		return undefined;
	}
	const text = typeof value === 'object' && value !== null ? String((value as { value?: unknown }).value ?? '') : String(value ?? '');
	try {
		return readFilePath(text.trim(), name === 'report' ? 'report' : 'cda');
	} catch {
		return undefined;
	}
}

/** listSearch: reports (.prpt) and the folders that lead to them. */
export async function searchReports(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRepository(this, filter, false, ['prpt'], { filesOnly: true });
}

/** listSearch: data access files (.cda) and the folders that lead to them. */
export async function searchCdaFiles(this: ILoadOptionsFunctions, filter?: string): Promise<INodeListSearchResult> {
	return await searchRepository(this, filter, false, ['cda'], { filesOnly: true });
}
