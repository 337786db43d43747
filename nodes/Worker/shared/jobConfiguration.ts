/**
 * The `job_configuration` body of addJob: the job definition (the `<job>` root of a .kjb file)
 * followed by the execution settings. The .kjb document is parsed in document order (comments,
 * CDATA sections, attributes and whitespace kept) and the whole body is built back from that tree
 * with the shared XML builder, so nothing is concatenated as text and every value is escaped once.
 */
import { buildXmlOrdered, parseXmlOrdered, XmlError, type OrderedNode } from '../../common/xml';

export interface JobDefinition {
	/** The `<job>` element in document order. */
	node: OrderedNode;
	/** The job's name (`<job><name>`), '' when it has none. */
	name: string;
}

function elementName(node: OrderedNode): string | undefined {
	return Object.keys(node).find((key) => key !== ':@' && !key.startsWith('#'));
}

function textOf(children: unknown): string {
	if (!Array.isArray(children)) return '';
	return children
		.map((child: OrderedNode) => {
			if (typeof child['#text'] === 'string') return child['#text'];
			if (Array.isArray(child['#cdata'])) return textOf(child['#cdata']);
			return '';
		})
		.join('')
		.trim();
}

/** Parses a .kjb document and returns its `<job>` element; anything else is refused with the reason. */
export function readJobDefinition(xml: string): JobDefinition {
	const nodes = parseXmlOrdered(xml.replace(/^\uFEFF/, ''), 'The job definition');
	const elements = nodes.filter((node) => elementName(node) !== undefined);
	const root = elements[0];
	const rootName = root ? elementName(root) : undefined;
	if (!root || rootName !== 'job') {
		throw new XmlError(
			rootName === 'transformation'
				? 'The file is a transformation (.ktr), not a job (.kjb): its root element is <transformation>'
				: `The job definition's root element is <${rootName ?? 'none'}>, not <job>`,
		);
	}
	const children = root.job as OrderedNode[];
	const nameNode = children.find((child) => elementName(child) === 'name');
	return { node: root, name: nameNode ? textOf(nameNode.name) : '' };
}

export interface ExecutionSettings {
	logLevel: string;
	parameters: Array<{ name: string; value: string }>;
	variables: Array<{ name: string; value: string }>;
	clearLog: boolean;
	safeMode: boolean;
	gatherMetrics: boolean;
	startCopyName: string;
}

function element(name: string, content: string | OrderedNode[]): OrderedNode {
	return { [name]: typeof content === 'string' ? (content === '' ? [] : [{ '#text': content }]) : content };
}

/** A flag as the worker writes it. */
export const yn = (value: boolean): string => (value ? 'Y' : 'N');

/** `<job_configuration><job>…</job><job_execution_configuration>…</job_execution_configuration></job_configuration>`. */
export function buildJobConfiguration(job: JobDefinition, settings: ExecutionSettings): string {
	const pairs = (list: Array<{ name: string; value: string }>, wrapper: string, entry: string) =>
		element(
			wrapper,
			list.map(({ name, value }) => element(entry, [element('name', name), element('value', value)])),
		);
	const execution = element('job_execution_configuration', [
		element('exec_local', 'Y'),
		element('exec_remote', 'N'),
		element('pass_export', 'N'),
		pairs(settings.parameters, 'parameters', 'parameter'),
		// The server drops variables without a value; leave them out rather than send them.
		pairs(settings.variables.filter((v) => v.value !== ''), 'variables', 'variable'),
		element('arguments', []),
		element('replay_date', ''),
		element('safe_mode', yn(settings.safeMode)),
		element('log_level', settings.logLevel),
		element('clear_log', yn(settings.clearLog)),
		element('start_copy_name', settings.startCopyName),
		element('start_copy_nr', '0'),
		element('gather_metrics', yn(settings.gatherMetrics)),
		element('expand_remote_job', 'N'),
	]);
	const document = [element('job_configuration', [job.node, execution])];
	return buildXmlOrdered(document);
}
