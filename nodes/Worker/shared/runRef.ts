/**
 * Naming a run on the worker, shared by jobs and transformations: the Name field and the Run ID option, reading
 * them, and the query (`name`, and `id` when known) every job and transformation endpoint takes.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { optionsCollection, optionsOf } from '../../common/fields';

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

/** Extra choices of refFields: more options for the Options collection, or the ID on top and required. */
export interface RefFieldsChoice {
	/** More options of the operation's Options collection (sorted in by display name with Run ID). */
	options?: INodeProperties[];
	/** The ID is a required top-level field (Hop's pipeline image is drawn by id only), not an option. */
	idRequired?: boolean;
}

function byDisplayName(a: INodeProperties, b: INodeProperties): number {
	return a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' });
}

/**
 * The run's Name (required, on top) and its ID: an option "Run ID" in the operation's Options collection
 * (parameter `options.<prefix>Id`), since it only picks one run among several of the same name; or, with
 * `idRequired`, a required top-level field `<prefix>Id`.
 */
export function refFields(w: RefWording, choice: RefFieldsChoice = {}): INodeProperties[] {
	const name: INodeProperties = {
		displayName: `${w.label} Name`,
		name: `${w.prefix}Name`,
		type: 'string',
		default: '',
		required: true,
		placeholder: w.namePlaceholder,
		description: `Name of the ${w.what} on the server (without ${w.extension}), as returned by ${w.returnedBy}`,
	};
	const extra = choice.options ?? [];
	if (choice.idRequired) {
		const id: INodeProperties = {
			displayName: `${w.label} ID`,
			name: `${w.prefix}Id`,
			type: 'string',
			default: '',
			required: true,
			placeholder: w.idPlaceholder,
			description: `ID of the ${w.what} on the server, as returned by ${w.returnedBy}`,
		};
		return extra.length ? [name, id, optionsCollection([...extra].sort(byDisplayName))] : [name, id];
	}
	const id: INodeProperties = {
		displayName: 'Run ID',
		name: `${w.prefix}Id`,
		type: 'string',
		default: '',
		placeholder: w.idPlaceholder,
		description: `ID of the ${w.what} on the server, as returned by ${w.returnedBy}. Give it whenever you have it: by name alone the server picks the first ${w.what} of that name, which may be another run.`,
	};
	return [name, optionsCollection([id, ...extra].sort(byDisplayName))];
}

/** Reads refFields (with `idRequired` as given there); an empty name is refused before any request. */
export function readRef(ctx: IExecuteFunctions, itemIndex: number, w: RefWording, choice: Pick<RefFieldsChoice, 'idRequired'> = {}): RunRef {
	const name = String(ctx.getNodeParameter(`${w.prefix}Name`, itemIndex, '') ?? '').trim();
	if (name === '') {
		throw new NodeOperationError(ctx.getNode(), `${w.label} Name is empty: give the name of the ${w.what} on the server, as returned by ${w.returnedBy}`, {
			itemIndex,
		});
	}
	const given = choice.idRequired ? ctx.getNodeParameter(`${w.prefix}Id`, itemIndex, '') : optionsOf(ctx, itemIndex)[`${w.prefix}Id`];
	const id = String(given ?? '').trim();
	return { name, id };
}

/** The query that names a transformation or job: `name`, and `id` when known. */
export function refQuery(ref: RunRef): IDataObject {
	const qs: IDataObject = { name: ref.name };
	if (ref.id !== '') qs.id = ref.id;
	return qs;
}

/** The fields with the Options collection moved to the end (where n8n shows it), the others in their order. */
export function optionsLast(fields: INodeProperties[]): INodeProperties[] {
	return [...fields.filter((f) => f.name !== 'options'), ...fields.filter((f) => f.name === 'options')];
}
