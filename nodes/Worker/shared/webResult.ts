/** The worker's result document (`webresult`): result, message and the id of what was added or started. */
import type { IDataObject, INode } from 'n8n-workflow';

import { apiError } from '../../common/transport';

export interface WebResult {
	result: string;
	message: string;
	id: string;
}

/** Reads a `webresult` (errors were already raised by the transport); any other document is a server error. */
export function readWebResult(node: INode, doc: IDataObject, itemIndex: number, what: string): WebResult {
	const root = doc.webresult;
	if (root === null || typeof root !== 'object' || Array.isArray(root)) {
		throw apiError(node, {
			message: `The server answered ${what} without a result document (root element: ${Object.keys(doc)[0] ?? 'none'})`,
			itemIndex,
		});
	}
	const record = root as IDataObject;
	const text = (value: unknown) => (value === undefined || value === null ? '' : String(value).trim());
	return { result: text(record.result), message: text(record.message), id: text(record.id) };
}

/** A `webresult` that must carry the id of a job. */
export function requireId(node: INode, result: WebResult, itemIndex: number, what: string): string {
	if (result.id === '') {
		throw apiError(node, {
			message: `The server accepted ${what} but returned no job id${result.message ? ` (message: ${result.message})` : ''}`,
			itemIndex,
		});
	}
	return result.id;
}
