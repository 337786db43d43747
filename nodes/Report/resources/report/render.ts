import { updateDisplayOptions, type IBinaryData, type INodeProperties } from 'n8n-workflow';

import { binaryFromResponse } from '../../../common/binary';
import { readBodyText } from '../../../common/decode';
import { apiError } from '../../../common/errors';
import { defineOperation, sendPlanned } from '../../../common/executor';
import { binaryOutputField, optionsCollection, optionsOf, readBinaryPropertyName } from '../../../common/fields';
import { formatOf, FORMATS, type ReportFormat } from '../../shared/formats';
import { checkedBody } from '../../shared/integrity';
import { parameterFields, readParameterValues, valuesJson, type GivenValue } from '../../shared/parameterValues';
import { readReportPath, reportField, ReportInputError, reportName, reportUrl } from '../../shared/paths';
import { definitionOf, parameterRequest, typesFor } from '../../shared/requests';
import { renderProblems, reportPairs, reservedProblems } from '../../shared/reportValues';

const properties: INodeProperties[] = [
	reportField(),
	{
		displayName: 'Format',
		name: 'format',
		type: 'options',
		required: true,
		options: FORMATS.map((format) => ({ name: format.name, value: format.target, description: `Output target ${format.target}` })),
		default: 'pageable/pdf',
		description: 'The file to render, by the reporting plugin\'s output-target name. The server must offer it (Excel 97-2003 only on 9.x servers); HTML (Paginated) gives the first page.',
	},
	...parameterFields({
		of: 'report',
		resourceMapperMethod: 'getReportParameters',
		dependsOn: ['report.value'],
		jsonExample: '{"region": "EMEA", "years": [2023, 2024]}',
		jsonDescription:
			'Parameter values by name, such as {"region": "EMEA", "years": [2023, 2024]} (a list for a multi-select parameter, dates as yyyy-MM-dd). Use the \'Get Parameters\' operation first to learn the names, which are mandatory and the allowed values; a parameter left out uses the report\'s default.',
	}),
	binaryOutputField('The name of the output binary field to put the rendered file in'),
	optionsCollection([
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			placeholder: 'e.g. Sales EMEA.pdf',
			description: 'Name of the output file; by default the report\'s name with the format\'s extension, as the server names it',
		},
	]),
];

export const description = updateDisplayOptions({ show: { resource: ['report'], operation: ['render'] } }, properties);

interface Plan {
	path: string;
	format: ReportFormat;
	values: Map<string, GivenValue>;
	property: string;
	fileName?: string;
}

/** A format chosen by expression: one of the output targets, or a target the server may offer that the list lacks. */
function readFormat(value: unknown): ReportFormat {
	const target = String(value ?? '').trim();
	if (target === '') throw new ReportInputError('Format is empty: choose the file to render, such as PDF');
	const known = formatOf(target);
	if (known) return known;
	const byName = FORMATS.find((f) => f.name.toLowerCase() === target.toLowerCase() || f.extension === target.toLowerCase());
	if (byName) return byName;
	if (!/^[a-z-]+\/[^\s]+$/i.test(target)) {
		throw new ReportInputError(`Format "${target}" is not an output target such as pageable/pdf (one of: ${FORMATS.map((f) => f.target).join(', ')})`);
	}
	return { target, name: target, mimeType: 'application/octet-stream', extension: 'bin' };
}

/** The server's words when the render answered 500: "Report validation failed." or the failure's text. */
async function renderFailure(body: unknown): Promise<string> {
	const text = (await readBodyText(body)).replace(/\s+/g, ' ').trim();
	const binary = [...text].some((ch) => ch.charCodeAt(0) < 32);
	const readable = text !== '' && !binary && !/<html/i.test(text);
	return readable ? text.slice(0, 300) : '';
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const values = readParameterValues(this, itemIndex);
		const reserved = reservedProblems(values);
		if (reserved.length) throw new ReportInputError(reserved.join('; '));
		const fileName = String(optionsOf(this, itemIndex).fileName ?? '').trim();
		if (/[\\/]/.test(fileName)) throw new ReportInputError(`File Name "${fileName}" may not contain "/" or "\\"`);
		return {
			path: readReportPath(this, itemIndex),
			format: readFormat(this.getNodeParameter('format', itemIndex, 'pageable/pdf')),
			values,
			property: readBinaryPropertyName(this, itemIndex, 'output'),
			...(fileName ? { fileName } : {}),
		};
	},
	async run(plan, itemIndex, scope) {
		const node = this.getNode();
		// 1. The report's definition, evaluated with these values and this format: nothing is rendered unless it accepts them.
		const types = await typesFor(this, scope, plan.path, plan.values, itemIndex);
		const checked = await sendPlanned(this, parameterRequest(plan.path, reportPairs(plan.values, types), plan.format.target), itemIndex);
		const definition = definitionOf(node, checked, plan.path, itemIndex);
		const problems = renderProblems(definition, plan.values, plan.format.target);
		if (problems.length) throw new ReportInputError(`${plan.path} was not rendered: ${problems.join('; ')}`);

		// 2. The file: GET …/report?output-target=…&<parameters> (the viewer's report URL), streamed.
		const query = new URLSearchParams([['output-target', plan.format.target], ...reportPairs(plan.values, definition)]);
		const response = await sendPlanned(
			this,
			{ method: 'GET', path: `${reportUrl(plan.path, 'report')}?${query.toString()}`, headers: { Accept: '*/*' }, expect: 'stream', okStatuses: [500] },
			itemIndex,
		);
		if (response.status === 500) {
			// ExecuteReportContentHandler.sendErrorResponse: 500 with "Report validation failed." when the
			// report refuses its inputs or cannot render this target (pentaho-platform-plugin-reporting@10.2.0.0-222).
			const said = await renderFailure(response.body);
			throw apiError(node, {
				message: said ? `The report failed and no file was rendered: ${said}` : 'The report failed and no file was rendered (HTTP 500 without a message; the server log has the cause)',
				description: `GET ${reportUrl(plan.path, 'report')} answered HTTP 500`,
				httpCode: '500',
				itemIndex,
			});
		}
		const body = checkedBody(plan.format, response.body as Buffer);
		const fallbackName = `${reportName(plan.path)}.${plan.format.extension}`;
		let binary: IBinaryData | undefined;
		let broken: unknown;
		try {
			binary = await binaryFromResponse(this, { ...response, body: body.body }, { fileName: fallbackName, mimeType: plan.format.mimeType });
		} catch (error) {
			broken = error;
		}
		if (!binary) {
			// The file was not whole (integrity.ts): its reason, not "the download broke off".
			const failure = body.failure();
			if (failure) throw apiError(node, { message: failure.message, description: `GET ${reportUrl(plan.path, 'report')} answered HTTP ${response.status}`, httpCode: String(response.status), itemIndex });
			throw broken as Error;
		}
		if (plan.fileName) {
			binary.fileName = plan.fileName;
			const extension = /\.([^.]+)$/.exec(plan.fileName)?.[1];
			if (extension) binary.fileExtension = extension;
		}
		return [
			{
				json: {
					report: plan.path,
					format: plan.format.target,
					fileName: binary.fileName,
					mimeType: binary.mimeType,
					...(binary.bytes === undefined ? {} : { fileSize: binary.bytes }),
					parameters: valuesJson(plan.values),
				},
				binary: { [plan.property]: binary },
			},
		];
	},
});
