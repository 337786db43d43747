/** Starting a job by its repository path (runJob), shared by Run and Run and Wait. */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { readPairs } from '../../common/fields';
import { normalizePath } from '../../common/repositoryPath';
import { repositoryPathField, repositoryPathText } from '../../common/repositoryPicker';
import { dataflowRequest } from '../../common/transport';
import { logLevelField, nameValueField, readLogLevel, reservedQueryNames, workerEndpoint } from './fields';
import { readWebResult, requireId } from './webResult';

/** Query parameters runJob reads itself: a job parameter may not have these names. */
const RESERVED = ['job', 'level'];

/** Job Path and Parameters; the Log Level is an option (runJobLogLevel) of the operation's Options collection. */
export function runJobFields(): INodeProperties[] {
	return [
		// "By Path" first: a standalone worker server has no repository browser; "From List" browses the
		// BI server's repository where the worker runs inside it.
		repositoryPathField({
			name: 'jobPath',
			displayName: 'Job Path',
			description: 'Full repository path of the job; the server must have this repository configured',
			placeholder: 'e.g. /public/etl/daily_load.kjb',
			required: true,
			defaultMode: 'path',
			searchMethod: 'searchJobPaths',
		}),
		nameValueField(
			'jobParameters',
			'Parameters',
			'Named parameters for the job, sent as extra query parameters (the server sets them as job parameters, or as variables when the job does not declare them)',
		),
	];
}

/** The Log Level option of Run and Run and Wait (read by readRunJob; Basic when absent). */
export function runJobLogLevel(): INodeProperties {
	return logLevelField();
}

export interface RunJobPlan {
	/** The path as sent to the server: the repository path without a .kjb extension. */
	jobPath: string;
	jobName: string;
	level: string;
	parameters: IDataObject;
}

/** The job name the server gives a job run by path: its base name without the .kjb extension. */
export function jobNameOf(path: string): string {
	const base = path.split('/').pop() ?? '';
	return base.replace(/\.kjb$/i, '');
}

export function readRunJob(ctx: IExecuteFunctions, itemIndex: number): RunJobPlan {
	const text = repositoryPathText(ctx, 'jobPath', itemIndex);
	if (text === '') {
		throw new NodeOperationError(ctx.getNode(), 'Job Path is empty: give the repository path of the job, for example /public/etl/load_sales', {
			itemIndex,
		});
	}
	// The server splits the path at its last '/' and asks the repository for a job of that name in
	// that folder; repository names have no extension, so "/etl/load.kjb" would not be found
	// (pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/RunJobServlet.java@0bee2d3a1a963a7295066eb5ab8deea6da277f44).
	const jobPath = normalizePath(text, 'Job Path').replace(/\.kjb$/i, '');
	if (jobPath === '/' || /\/$/.test(jobPath)) {
		throw new NodeOperationError(ctx.getNode(), 'Job Path "/" is a folder: give the path of a job, for example /public/etl/load_sales', {
			itemIndex,
		});
	}
	const parameters: IDataObject = {};
	for (const { name, value } of readPairs(ctx, itemIndex, { name: 'jobParameters', entry: 'entry', label: 'parameter', reserved: reservedQueryNames(RESERVED) })) {
		parameters[name] = value;
	}
	return { jobPath, jobName: jobNameOf(jobPath), level: readLogLevel(ctx, itemIndex), parameters };
}

export interface StartedJob {
	id: string;
	message: string;
	raw?: string;
}

/** GET runJob?job=…&level=…&<parameters>; the answer's id is the started job's id. */
export async function startJob(ctx: IExecuteFunctions, plan: RunJobPlan, itemIndex: number): Promise<StartedJob> {
	const response = await dataflowRequest<IDataObject>(ctx, {
		method: 'GET',
		path: await workerEndpoint(ctx, 'runJob'),
		qs: { job: plan.jobPath, level: plan.level, ...plan.parameters },
		expect: 'xml',
		itemIndex,
	});
	const result = readWebResult(ctx.getNode(), response.body, itemIndex, `the run of ${plan.jobPath}`);
	const id = requireId(ctx.getNode(), result, itemIndex, `the run of ${plan.jobPath}`);
	return { id, message: result.message, raw: response.raw };
}
