/**
 * Execute: run a job or a transformation in one call from a repository the worker knows (by name,
 * with an optional repository user and password: Options) or from a file on the worker's machine, with parameters,
 * variables and a log level (Options) (ExecuteJobServlet / ExecuteTransServlet). Everything is sent as a POST
 * form body, so the repository password never appears in a URL.
 */
import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { optionsCollection, optionsOf, readPairs } from '../../common/fields';
import { logLevelField, nameValueField, readLogLevel, requiredText, reservedQueryNames } from './fields';

type Kind = 'job' | 'transformation';

/** An HTTP 401 from executeTrans/executeJob: the server's own login, or (mostly) the repository's. */
export const UNAUTHORIZED =
	'the repository refused the Repository User and Repository Password, or the worker server refused the credential';

const PATH_PARAMETER: Record<Kind, string> = { job: 'job', transformation: 'trans' };

export function executeFields(kind: Kind): INodeProperties[] {
	const ext = kind === 'job' ? '.kjb' : '.ktr';
	const noun = kind === 'job' ? 'job' : 'transformation';
	return [
		{
			displayName: 'Source',
			name: 'executeSource',
			type: 'options',
			options: [
				{ name: 'File on the Worker', value: 'file', description: `A ${ext} file path or URL the worker server can read` },
				{ name: 'Repository', value: 'repository', description: 'A repository configured on the worker server, by name, with a user' },
			],
			default: 'repository',
			required: true,
		},
		{
			displayName: 'Repository Name',
			name: 'repositoryName',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. dataflow',
			description: "Name of the repository in the worker server's repositories.xml",
			displayOptions: { show: { executeSource: ['repository'] } },
		},
		{
			displayName: kind === 'job' ? 'Job Path' : 'Transformation Path',
			name: 'executePath',
			type: 'string',
			default: '',
			required: true,
			placeholder: `e.g. /public/etl/${kind === 'job' ? 'load_sales' : 'stage_customers'}`,
			description: `Path of the ${noun} in the repository, or the path of the ${ext} file on the worker server`,
		},
		nameValueField('executeParameters', 'Parameters', `Named parameters of the ${noun}`),
		nameValueField('executeVariables', 'Variables', `Variables set for the ${noun} (names it does not declare as parameters)`),
		optionsCollection([
			logLevelField(`How much the ${noun} writes to its log`),
			// The repository login is optional (a repository may need none); shown for Source "Repository" only.
			{
				displayName: 'Repository Password',
				name: 'repositoryPassword',
				type: 'string',
				typeOptions: { password: true },
				default: '',
				description: 'Password for the repository. It is sent in the request body, never in the URL, and never shown in outputs or errors.',
				displayOptions: { show: { '/executeSource': ['repository'] } },
			},
			{
				displayName: 'Repository User',
				name: 'repositoryUser',
				type: 'string',
				default: '',
				description: 'User name for the repository',
				displayOptions: { show: { '/executeSource': ['repository'] } },
			},
		]),
	];
}

export interface ExecutePlan {
	source: 'file' | 'repository';
	path: string;
	name: string;
	repository: string;
	user: string;
	/** Never output, logged or put in a URL. */
	password: string;
	level: string;
	/** The form fields to send (password included). */
	form: IDataObject;
}

export function readExecute(ctx: IExecuteFunctions, itemIndex: number, kind: Kind): ExecutePlan {
	const node = ctx.getNode();
	const source = String(ctx.getNodeParameter('executeSource', itemIndex, 'repository')) === 'file' ? 'file' : 'repository';
	const label = kind === 'job' ? 'Job Path' : 'Transformation Path';
	const given = requiredText(ctx, 'executePath', itemIndex, label);
	// In a repository the name has no extension (the servlets split the path at its last '/' and
	// look the name up in that folder); a file keeps its own name.
	const path = source === 'repository' ? given.replace(kind === 'job' ? /\.kjb$/i : /\.ktr$/i, '') : given;
	const ext = kind === 'job' ? /\.kjb$/i : /\.ktr$/i;
	const other = kind === 'job' ? /\.ktr$/i : /\.kjb$/i;
	if (other.test(given)) {
		throw new NodeOperationError(
			node,
			`${label} "${given}" is a ${kind === 'job' ? 'transformation (.ktr)' : 'job (.kjb)'}: use the ${kind === 'job' ? 'Transformation' : 'Job'} resource`,
			{ itemIndex },
		);
	}
	const reserved = ['rep', 'user', 'pass', PATH_PARAMETER[kind], 'level'];
	const parameters = readPairs(ctx, itemIndex, { name: 'executeParameters', entry: 'entry', label: 'parameter', reserved: reservedQueryNames(reserved) });
	const variables = readPairs(ctx, itemIndex, { name: 'executeVariables', entry: 'entry', label: 'variable', reserved: reservedQueryNames(reserved) });
	const names = new Set(parameters.map((p) => p.name));
	const twice = variables.find((v) => names.has(v.name));
	if (twice) {
		throw new NodeOperationError(node, `"${twice.name}" is given both as a parameter and as a variable: the server reads one value per name`, { itemIndex });
	}
	const level = readLogLevel(ctx, itemIndex);
	let repository = '';
	let user = '';
	let password = '';
	if (source === 'repository') {
		repository = requiredText(ctx, 'repositoryName', itemIndex, 'Repository Name');
		const options = optionsOf(ctx, itemIndex);
		user = String(options.repositoryUser ?? '').trim();
		password = String(options.repositoryPassword ?? '');
	}
	const form: IDataObject = {};
	if (source === 'repository') {
		form.rep = repository;
		if (user !== '') form.user = user;
		if (password !== '') form.pass = password;
	}
	form[PATH_PARAMETER[kind]] = path;
	form.level = level;
	for (const { name, value } of [...parameters, ...variables]) form[name] = value;
	const base = path.split(/[/\\]/).pop() ?? '';
	return { source, path, name: base.replace(ext, ''), repository, user, password, level, form };
}
