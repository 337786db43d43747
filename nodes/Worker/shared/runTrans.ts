/** Starting a transformation by its repository path (runTrans), shared by Run and Run and Wait. */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { readPairs } from '../../common/fields';
import { normalizePath } from '../../common/repositoryPath';
import { repositoryPathField, repositoryPathText } from '../../common/repositoryPicker';
import { controlRequest } from './control';
import { logLevelField, nameValueField, readLogLevel, reservedQueryNames } from './fields';
import { requireId } from './webResult';

/** Query parameters runTrans reads itself: a parameter may not have these names. */
const RESERVED = ['trans', 'level'];

/** Transformation Path and Parameters; the Log Level is an option (runTransLogLevel) of the operation's Options collection. */
export function runTransFields(): INodeProperties[] {
	return [
		// "By Path" first: a standalone worker server has no repository browser; "From List" browses the
		// BI server's repository where the worker runs inside it.
		repositoryPathField({
			name: 'transPath',
			displayName: 'Transformation Path',
			description: 'Full repository path of the transformation; the worker server must have this repository configured',
			placeholder: 'e.g. /public/etl/load_sales.ktr',
			required: true,
			defaultMode: 'path',
			searchMethod: 'searchTransformationPaths',
		}),
		nameValueField(
			'transParameters',
			'Parameters',
			'Named parameters for the transformation, sent as extra query parameters (the server sets them as parameters, or as variables when the transformation does not declare them)',
		),
	];
}

/** The Log Level option of Run and Run and Wait (read by readRunTrans; Basic when absent). */
export function runTransLogLevel(): INodeProperties {
	return logLevelField('How much the transformation writes to its log');
}

export interface RunTransPlan {
	transPath: string;
	transName: string;
	level: string;
	parameters: IDataObject;
}

/** The name the server gives a transformation run by path: its base name without .ktr. */
export function transNameOf(path: string): string {
	const base = path.split(/[/\\]/).pop() ?? '';
	return base.replace(/\.ktr$/i, '');
}

export function readRunTrans(ctx: IExecuteFunctions, itemIndex: number): RunTransPlan {
	const text = repositoryPathText(ctx, 'transPath', itemIndex);
	if (text === '') {
		throw new NodeOperationError(
			ctx.getNode(),
			'Transformation Path is empty: give the repository path of the transformation, for example /public/etl/stage_customers',
			{ itemIndex },
		);
	}
	// The server splits the path at its last '/' and asks the repository for a transformation of
	// that name in that folder; repository names have no extension, so ".ktr" is left out
	// (pentaho/pentaho-kettle:engine/src/main/java/org/pentaho/di/www/RunTransServlet.java@00c601e019125ad4e44f97747faa242e7225cb33).
	if (/\.kjb$/i.test(text)) {
		throw new NodeOperationError(ctx.getNode(), `Transformation Path "${text}" is a job (.kjb): use the Job resource to run it`, { itemIndex });
	}
	const transPath = normalizePath(text, 'Transformation Path').replace(/\.ktr$/i, '');
	if (transPath === '/' || /\/$/.test(transPath)) {
		throw new NodeOperationError(ctx.getNode(), 'Transformation Path "/" is a folder: give the path of a transformation', { itemIndex });
	}
	const parameters: IDataObject = {};
	for (const { name, value } of readPairs(ctx, itemIndex, { name: 'transParameters', entry: 'entry', label: 'parameter', reserved: reservedQueryNames(RESERVED) })) parameters[name] = value;
	return { transPath, transName: transNameOf(transPath), level: readLogLevel(ctx, itemIndex), parameters };
}

export interface StartedTrans {
	id: string;
	message: string;
	raw?: string;
}

/** GET runTrans?trans=…&level=…&<parameters>; the answer's id is the started transformation's id. */
export async function startTrans(ctx: IExecuteFunctions, plan: RunTransPlan, itemIndex: number): Promise<StartedTrans> {
	const what = `the run of ${plan.transPath}`;
	const { result, raw } = await controlRequest(ctx, {
		endpoint: 'runTrans',
		params: { trans: plan.transPath, level: plan.level, ...plan.parameters },
		what,
		itemIndex,
	});
	const id = requireId(ctx.getNode(), result, itemIndex, what).trim();
	return { id, message: result.message, raw };
}
