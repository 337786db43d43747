import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { sourceToBuffer, uploadSource } from '../../../common/binary';
import { requestOperation, toItems } from '../../../common/executor';
import { INCLUDE_RAW_OPTION, optionsCollection, optionsOf, readPairs } from '../../../common/fields';
import type { DataflowResponse } from '../../../common/transport';
import { XmlError } from '../../../common/xml';
import { logLevelField, nameValueField, readLogLevel, workerEndpoint } from '../../shared/fields';
import { buildJobConfiguration, readJobDefinition } from '../../shared/jobConfiguration';
import { readWebResult, requireId } from '../../shared/webResult';

const show = { resource: ['job'], operation: ['add'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'Job Definition Source',
		name: 'source',
		type: 'options',
		options: [
			{ name: 'Binary File', value: 'binary', description: 'A .kjb file in a binary field of the input item' },
			{ name: 'XML Text', value: 'text', description: 'The .kjb document as text' },
		],
		default: 'binary',
		required: true,
	},
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		description: 'Name of the binary field that holds the .kjb file',
		displayOptions: { show: { source: ['binary'] } },
	},
	{
		displayName: 'Job Definition (XML)',
		name: 'jobXml',
		type: 'string',
		typeOptions: { rows: 10 },
		default: '',
		required: true,
		placeholder: 'e.g. <job><name>load_sales</name>…</job>',
		description: 'The complete .kjb document, with &lt;job&gt; as its root element',
		displayOptions: { show: { source: ['text'] } },
	},
	nameValueField('jobParameters', 'Parameters', 'Named parameters passed to the job'),
	nameValueField('variables', 'Variables', 'Variables set for the job (variables without a value are left out, as the server does)'),
	optionsCollection([
		{
			displayName: 'Clear Log',
			name: 'clearLog',
			type: 'boolean',
			default: true,
			description: 'Whether the server clears the log of an earlier run of this job',
		},
		{
			displayName: 'Gather Metrics',
			name: 'gatherMetrics',
			type: 'boolean',
			default: false,
			description: 'Whether the server gathers performance metrics while the job runs',
		},
		INCLUDE_RAW_OPTION,
		logLevelField(),
		{
			displayName: 'Safe Mode',
			name: 'safeMode',
			type: 'boolean',
			default: false,
			description: 'Whether the job runs in safe mode (row layouts are checked)',
		},
		{
			displayName: 'Start at Entry',
			name: 'startCopyName',
			type: 'string',
			default: '',
			description: 'Name of the job entry to start at instead of the Start entry',
		},
	]),
]);

interface Plan {
	body: string;
	jobName: string;
	includeRaw: boolean;
}

export const execute = requestOperation<Plan>({
	async plan(itemIndex) {
		const source = this.getNodeParameter('source', itemIndex, 'binary') as string;
		let xml: string;
		if (source === 'text') {
			xml = String(this.getNodeParameter('jobXml', itemIndex, '') ?? '');
		} else {
			const binaryField = this.getNodeParameter('binaryPropertyName', itemIndex, 'data') as string;
			const upload = await uploadSource(this, itemIndex, binaryField);
			xml = (await sourceToBuffer(this, upload)).toString('utf8');
		}
		const job = readJobDefinition(xml);
		if (job.name === '') throw new XmlError('The job definition has no <name>: the server needs it to list the job');
		const options = optionsOf(this, itemIndex);
		const body = buildJobConfiguration(job, {
			logLevel: readLogLevel(this, itemIndex),
			parameters: readPairs(this, itemIndex, { name: 'jobParameters', entry: 'entry', label: 'parameter' }),
			variables: readPairs(this, itemIndex, { name: 'variables', entry: 'entry', label: 'variable' }),
			clearLog: options.clearLog !== false,
			safeMode: options.safeMode === true,
			gatherMetrics: options.gatherMetrics === true,
			startCopyName: typeof options.startCopyName === 'string' ? options.startCopyName.trim() : '',
		});
		return { body, jobName: job.name, includeRaw: options.includeRaw === true };
	},
	request: async function (plan) {
		return {
			method: 'POST',
			path: await workerEndpoint(this, 'addJob'),
			qs: { xml: 'Y' },
			// The server reads the body as characters (request.getReader()): without a declared charset a
			// standalone worker server decodes it as ISO-8859-1 and breaks every non-ASCII character.
			headers: { 'Content-Type': 'application/xml; charset=UTF-8' },
			body: plan.body,
			expect: 'xml',
		};
	},
	async output(plan, answer, itemIndex) {
		const response = answer as DataflowResponse<IDataObject>;
		const result = readWebResult(this.getNode(), response.body, itemIndex, 'the job');
		const id = requireId(this.getNode(), result, itemIndex, 'the job');
		const json: IDataObject = { id, jobName: plan.jobName, message: result.message };
		if (plan.includeRaw) json.raw = response.raw;
		return toItems(json);
	},
});
