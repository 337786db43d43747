/**
 * The body of Hop's registerPipeline / registerWorkflow: a `pipeline_configuration` (or
 * `workflow_configuration`) holding the .hpl `<pipeline>` (or .hwf `<workflow>`) document, its
 * execution configuration and `metastore_json`, the client's metadata as base64 of gzip of JSON
 * (PipelineConfiguration.getXml / WorkflowConfiguration, PipelineExecutionConfiguration.getXml /
 * WorkflowExecutionConfiguration.getXml, HttpUtil.encodeBase64ZippedString — apache/hop
 * engine/src/main/java/org/apache/hop/{pipeline,workflow}/ and core/…/server/HttpUtil.java @2.19.0-rc1,
 * the same at @2.9.0-rc1). The document is parsed in document order and built back with the shared
 * XML builder (as the job configuration of addJob, jobConfiguration.ts), so nothing is concatenated.
 *
 * - `metastore_json` must be there: SerializableMetadataProvider(String) reads the JSON token by token
 *   until the closing brace, so an empty document never ends. The node sends the empty store `{}`: the
 *   run configuration named in the execution configuration must then exist on the server
 *   (BaseWorkflowServlet: a MultiMetadataProvider of the server's metadata and the client's;
 *   PipelineEngineFactory.createPipelineEngine: "Unable to find the specified pipeline run configuration").
 * - Parameters: the server sets only those the pipeline or workflow declares (NamedParameters ignores
 *   other names; copyWorkflowParameters reads the declared ones), and only non-blank values.
 * - Variables: a pipeline's are applied by prepareExec (PrepareExecutionPipelineServlet sets the
 *   execution configuration's variables), not by startPipeline; a workflow's by the register servlet
 *   (BaseWorkflowServlet.createWorkflow), which drops variables without a value.
 */
import { gzipBase64 } from '../../common/compression';
import { buildXmlOrdered, parseXmlOrdered, XmlError, type OrderedNode } from '../../common/xml';

export type HopKind = 'pipeline' | 'workflow';

export interface HopDefinition {
	kind: HopKind;
	/** The root element in document order. */
	node: OrderedNode;
	/** The name Hop gives it (`<pipeline><info><name>`, `<workflow><name>`); '' when it has none. */
	name: string;
}

const EXTENSION: Record<HopKind, string> = { pipeline: '.hpl', workflow: '.hwf' };

function elementName(node: OrderedNode): string | undefined {
	return Object.keys(node).find((key) => key !== ':@' && !key.startsWith('#'));
}

function childrenOf(node: OrderedNode | undefined, name: string): OrderedNode[] {
	const children = node?.[name];
	return Array.isArray(children) ? (children as OrderedNode[]) : [];
}

function child(children: OrderedNode[], name: string): OrderedNode | undefined {
	return children.find((c) => elementName(c) === name);
}

function textOf(children: unknown): string {
	if (!Array.isArray(children)) return '';
	return children
		.map((c: OrderedNode) => {
			if (typeof c['#text'] === 'string') return c['#text'];
			if (Array.isArray(c['#cdata'])) return textOf(c['#cdata']);
			return '';
		})
		.join('')
		.trim();
}

/** Parses a .hpl or .hwf document; another document (a Kettle .ktr/.kjb, the other Hop kind) is refused with the reason. */
export function readHopDefinition(xml: string, kind: HopKind): HopDefinition {
	const label = kind === 'pipeline' ? 'The pipeline definition' : 'The workflow definition';
	const nodes = parseXmlOrdered(xml.replace(/^\uFEFF/, ''), label);
	const root = nodes.find((node) => elementName(node) !== undefined);
	const rootName = root ? elementName(root) : undefined;
	if (!root || rootName !== kind) {
		const other: Record<string, string> = {
			pipeline: 'a Hop pipeline (.hpl): use the Pipeline resource',
			workflow: 'a Hop workflow (.hwf): use the Workflow resource',
			transformation: 'a Kettle transformation (.ktr): Hop Server runs Hop pipelines (.hpl); Hop GUI imports .ktr files',
			job: 'a Kettle job (.kjb): Hop Server runs Hop workflows (.hwf); Hop GUI imports .kjb files',
		};
		throw new XmlError(
			rootName && other[rootName]
				? `The file is ${other[rootName]}`
				: `${label}'s root element is <${rootName ?? 'none'}>, not <${kind}> (a ${EXTENSION[kind]} file)`,
		);
	}
	const children = childrenOf(root, kind);
	const nameHolder = kind === 'pipeline' ? childrenOf(child(children, 'info'), 'info') : children;
	const nameNode = child(nameHolder, 'name');
	const name = nameNode ? textOf(nameNode.name) : '';
	if (name === '') {
		throw new XmlError(
			`${label} has no name (${kind === 'pipeline' ? '<pipeline><info><name>' : '<workflow><name>'}): the Hop Server lists and finds it by that name`,
		);
	}
	return { kind, node: root, name };
}

export interface HopExecutionSettings {
	logLevel: string;
	runConfiguration: string;
	parameters: Array<{ name: string; value: string }>;
	variables: Array<{ name: string; value: string }>;
	/** Workflow only: the action to start at instead of Start. */
	startAction?: string;
}

function element(name: string, content: string | OrderedNode[]): OrderedNode {
	return { [name]: typeof content === 'string' ? (content === '' ? [] : [{ '#text': content }]) : content };
}

/** The client's metadata Hop reads from `metastore_json`: the empty store, `{}`. */
export const EMPTY_METADATA = gzipBase64('{}');

/** `<pipeline_configuration>` / `<workflow_configuration>`: the definition, its execution configuration, the metadata. */
export function buildHopConfiguration(definition: HopDefinition, settings: HopExecutionSettings): string {
	const pairs = (list: Array<{ name: string; value: string }>, wrapper: string, entry: string) =>
		element(
			wrapper,
			list.map(({ name, value }) => element(entry, [element('name', name), element('value', value)])),
		);
	const execution =
		definition.kind === 'pipeline'
			? element('pipeline_execution_configuration', [
					element('pass_export', 'N'),
					pairs(settings.parameters, 'parameters', 'parameter'),
					pairs(settings.variables, 'variables', 'variable'),
					element('log_level', settings.logLevel),
					element('log_file', 'N'),
					element('log_filename', ''),
					element('log_file_append', 'N'),
					element('create_parent_folder', 'N'),
					element('clear_log', 'Y'),
					element('show_subcomponents', 'Y'),
					element('run_configuration', settings.runConfiguration),
				])
			: element('workflow_execution_configuration', [
					pairs(settings.parameters, 'parameters', 'parameter'),
					// The server drops variables without a value (WorkflowExecutionConfiguration(Node)): leave them out.
					pairs(settings.variables.filter((v) => v.value !== ''), 'variables', 'variable'),
					element('log_level', settings.logLevel),
					element('clear_log', 'Y'),
					element('start_copy_name', settings.startAction ?? ''),
					element('gather_metrics', 'N'),
					element('expand_remote_workflow', 'N'),
					element('run_configuration', settings.runConfiguration),
				]);
	const root = definition.kind === 'pipeline' ? 'pipeline_configuration' : 'workflow_configuration';
	return buildXmlOrdered([element(root, [definition.node, execution, element('metastore_json', EMPTY_METADATA)])]);
}
