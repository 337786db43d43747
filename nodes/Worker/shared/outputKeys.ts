/**
 * One spelling for every Worker output: camelCase keys made mechanically from the server's names
 * (`status_desc` → `statusDesc`, `result-rows` → `resultRows`), with the names the server writes
 * as one word split where they join two (`jobname` → `jobName`, `transname` → `transName`,
 * `stepname` → `stepName`, the server status's `statusdesc` → `statusDesc` as its jobs' `status_desc`, Hop's
 * `workflowname` → `workflowName`). Keys already in camelCase stay. The server's own names appear only in
 * `raw` (Include Raw Response), which is text and never converted.
 */
import type { IDataObject } from 'n8n-workflow';

const JOINED: Record<string, string> = {
	jobname: 'jobName',
	transname: 'transName',
	stepname: 'stepName',
	statusdesc: 'statusDesc',
	// Hop Server's workflow status (HopServerWorkflowStatus.getXml: `workflowname`).
	workflowname: 'workflowName',
};

/** The output spelling of one server field name. */
export function camelKey(key: string): string {
	return JOINED[key] ?? key.replace(/[_-]+([A-Za-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** The value with the keys of every object in it (nested objects and lists too) in the output spelling. */
export function camelKeys<T>(value: T): T {
	if (Array.isArray(value)) return value.map((v) => camelKeys(v)) as T;
	if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || value instanceof Date) return value;
	const out: IDataObject = {};
	for (const [key, v] of Object.entries(value as IDataObject)) out[camelKey(key)] = camelKeys(v);
	return out as T;
}
