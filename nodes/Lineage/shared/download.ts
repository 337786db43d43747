/**
 * Downloading lineage: the zip as binary data, or (Extract) one item per file in it with GraphML
 * graphs and execution profiles parsed. Lineage zips are small, so Extract reads the zip into memory.
 */
import {
	NodeOperationError,
	type IDataObject,
	type IExecuteFunctions,
	type IHttpRequestMethods,
	type INodeExecutionData,
} from 'n8n-workflow';

import { binaryFromResponse, fileNameFromContentDisposition, type ByteStream } from '../../common/binary';
import { unzip } from '../../common/compression';
import { apiError } from '../../common/errors';
import { isoDay, toDateRange, toYyyyMmDd } from '../../common/dates';
import { type RequestPlan } from '../../common/executor';
import type { DataflowResponse } from '../../common/transport';
import { artifactJson, describeArtifact } from './artifacts';
import { parseGraphml } from './graphml';

export const LINEAGE_PREFIX = '/osgi/cxf/lineage/api/download';
export const LINEAGE_REQUEST_CLASS = 'org.pentaho.metaverse.api.model.LineageRequest';

export interface DateRange {
	start?: string;
	end?: string;
}

export interface LineagePlan {
	method: IHttpRequestMethods;
	path: string;
	body?: string;
	range: DateRange;
	/** Repository path for file requests. */
	filePath?: string;
	defaultFileName: string;
	extract: boolean;
	binaryProperty: string;
}

/** The chosen date range as `yyyyMMdd`; impossible dates and reversed ranges throw (DateInputError). */
export function readDateRange(ctx: IExecuteFunctions, itemIndex: number): DateRange {
	const choice = ctx.getNodeParameter('dateRange', itemIndex, 'all') as string;
	if (choice === 'all') return {};
	if (choice === 'from') return { start: toYyyyMmDd(ctx.getNodeParameter('startDate', itemIndex, ''), 'Start date') };
	if (choice === 'between') {
		return toDateRange(ctx.getNodeParameter('startDate', itemIndex, ''), ctx.getNodeParameter('endDate', itemIndex, ''));
	}
	throw new NodeOperationError(ctx.getNode(), `Unknown date range "${choice}"`, { itemIndex });
}

export function rangePath(range: DateRange): string {
	return `${range.start ? `/${range.start}` : ''}${range.end ? `/${range.end}` : ''}`;
}

/** The zip's name as the server makes it, for when it sends none. */
export function zipName(stem: string, range: DateRange): string {
	return `${stem}${range.start ? `_${range.start}` : ''}${range.end ? `-${range.end}` : ''}.zip`;
}

export function readOutputOptions(ctx: IExecuteFunctions, itemIndex: number): { extract: boolean; binaryProperty: string } {
	const options = ctx.getNodeParameter('options', itemIndex, {}) as IDataObject;
	const binaryProperty = String(options.binaryPropertyName ?? 'data').trim() || 'data';
	return { extract: options.extract === true, binaryProperty };
}

function rangeJson(plan: LineagePlan): IDataObject {
	const out: IDataObject = {};
	if (plan.filePath) out.filePath = plan.filePath;
	// As every other date the nodes output (the artifacts' `date` too): yyyy-MM-dd, not the URL's yyyyMMdd.
	if (plan.range.start) out.startDate = isoDay(plan.range.start);
	if (plan.range.end) out.endDate = isoDay(plan.range.end);
	return out;
}

/** The request of a lineage download: the zip, streamed. */
export function lineageRequest(plan: LineagePlan): RequestPlan {
	return {
		method: plan.method,
		path: plan.path,
		headers: plan.body === undefined ? { Accept: 'application/zip' } : { Accept: 'application/zip', 'Content-Type': 'application/json' },
		body: plan.body,
		expect: 'stream',
	};
}

/** The zip as one binary item, or with Extract one item per file (graphs and profiles parsed). */
export async function lineageItems(
	ctx: IExecuteFunctions,
	plan: LineagePlan,
	response: DataflowResponse<unknown>,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	if (plan.filePath !== undefined) {
		// The service answers 200 with an empty zip when it has no lineage for the file (MetaverseService
		// .downloadLineageForFile → VfsLineageCollector.compressArtifacts of an empty list, pentaho-metaverse
		// @9.3.0.0-422/@11.0.0.2-292): that is an error naming the file, not an empty success. File zips are small.
		const archiveName = fileNameFromContentDisposition(response.headers['content-disposition']) ?? plan.defaultFileName;
		const body = response.body as Buffer | ByteStream;
		const archive = Buffer.isBuffer(body) ? body : await ctx.helpers.binaryToBuffer(body);
		const entries = unzip(archive);
		if (entries.length === 0) {
			const range = plan.range.start ? ` between ${isoDay(plan.range.start)} and ${plan.range.end ? isoDay(plan.range.end) : 'today'}` : '';
			throw apiError(ctx.getNode(), {
				message: `The server has no lineage for ${plan.filePath}${range}`,
				description:
					'The lineage service answered an empty zip. It keeps lineage only for runs made while runtime lineage is on (lineage-execution-runtime in pentaho.xml / the metaverse configuration), and only for the files it ran.',
				httpCode: '404',
				itemIndex,
			});
		}
		if (!plan.extract) {
			const binary = await ctx.helpers.prepareBinaryData(archive, archiveName, 'application/zip');
			return [{ json: { fileName: archiveName, ...rangeJson(plan) }, binary: { [plan.binaryProperty]: binary } }];
		}
		return await extractItems(ctx, plan, archiveName, entries, itemIndex);
	}
	if (!plan.extract) {
		const binary = await binaryFromResponse(ctx, response, { fileName: plan.defaultFileName, mimeType: 'application/zip' });
		return [
			{
				json: { fileName: binary.fileName ?? plan.defaultFileName, ...rangeJson(plan) },
				binary: { [plan.binaryProperty]: binary },
			},
		];
	}

	const archiveName = fileNameFromContentDisposition(response.headers['content-disposition']) ?? plan.defaultFileName;
	const body = response.body as Buffer | ByteStream;
	const archive = Buffer.isBuffer(body) ? body : await ctx.helpers.binaryToBuffer(body);
	return await extractItems(ctx, plan, archiveName, unzip(archive), itemIndex);
}

/** One item per file of the zip, graphs and profiles parsed. */
async function extractItems(
	ctx: IExecuteFunctions,
	plan: LineagePlan,
	archiveName: string,
	entries: Array<{ name: string; data: Buffer }>,
	itemIndex: number,
): Promise<INodeExecutionData[]> {
	const items: INodeExecutionData[] = [];
	for (const entry of entries) {
		const info = describeArtifact(entry.name);
		const json = artifactJson(archiveName, entry.name, info, entry.data.length);
		if (info.kind === 'graph') {
			try {
				const graph = parseGraphml(entry.data.toString('utf8'));
				json.directed = graph.directed;
				json.nodes = graph.nodes;
				json.edges = graph.edges;
			} catch (error) {
				throw new NodeOperationError(ctx.getNode(), `The lineage graph ${entry.name} could not be read: ${(error as Error).message}`, {
					itemIndex,
				});
			}
		} else if (info.kind === 'executionProfile' || info.kind === 'graphson') {
			try {
				const parsed = JSON.parse(entry.data.toString('utf8')) as unknown;
				if (parsed !== null && typeof parsed === 'object') json[info.kind === 'graphson' ? 'graph' : 'execution'] = parsed as IDataObject;
			} catch {
				// Not JSON after all: the file is still there as binary data.
			}
		}
		const binary = await ctx.helpers.prepareBinaryData(entry.data, info.fileName, info.mimeType);
		items.push({ json, binary: { [plan.binaryProperty]: binary } });
	}
	return items;
}
