/**
 * Naming a run on the worker, shared by jobs and transformations: the Name and ID fields, reading
 * them, and the query (`name`, and `id` when known) every job and transformation endpoint takes.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

/** A run on the worker: its name, and its id when known ('' otherwise). */
export interface RunRef {
	name: string;
	id: string;
}

/** How the Name and ID fields speak of the run. */
export interface RefWording {
	/** 'Job', 'Transformation' (the field labels). */
	label: string;
	/** 'job', 'transformation'. */
	what: string;
	/** The parameter name prefix: 'job' (jobName, jobId), 'trans' (transName, transId). */
	prefix: string;
	/** The definition file's extension: '.kjb', '.ktr'. */
	extension: string;
	/** The operations that return the name and id: 'Add or Run', 'Run'. */
	returnedBy: string;
	namePlaceholder: string;
	idPlaceholder: string;
}

export function refFields(w: RefWording): INodeProperties[] {
	return [
		{
			displayName: `${w.label} Name`,
			name: `${w.prefix}Name`,
			type: 'string',
			default: '',
			required: true,
			placeholder: w.namePlaceholder,
			description: `Name of the ${w.what} on the server (without ${w.extension}), as returned by ${w.returnedBy}`,
		},
		{
			displayName: `${w.label} ID`,
			name: `${w.prefix}Id`,
			type: 'string',
			default: '',
			placeholder: w.idPlaceholder,
			description: `ID of the ${w.what} on the server, as returned by ${w.returnedBy}. Give it whenever you have it: by name alone the server picks the first ${w.what} of that name, which may be another run.`,
		},
	];
}

/** Reads refFields; an empty name is refused before any request. */
export function readRef(ctx: IExecuteFunctions, itemIndex: number, w: RefWording): RunRef {
	const name = String(ctx.getNodeParameter(`${w.prefix}Name`, itemIndex, '') ?? '').trim();
	if (name === '') {
		throw new NodeOperationError(ctx.getNode(), `${w.label} Name is empty: give the name of the ${w.what} on the server, as returned by ${w.returnedBy}`, {
			itemIndex,
		});
	}
	const id = String(ctx.getNodeParameter(`${w.prefix}Id`, itemIndex, '') ?? '').trim();
	return { name, id };
}

/** The query that names a transformation or job: `name`, and `id` when known. */
export function refQuery(ref: RunRef): IDataObject {
	const qs: IDataObject = { name: ref.name };
	if (ref.id !== '') qs.id = ref.id;
	return qs;
}
