import { NodeOperationError, type IDataObject, type INodeProperties } from 'n8n-workflow';

import { multipartBody, uploadSource, type MultipartPart } from '../../../common/binary';
import { defineOperation, toItems } from '../../../common/executor';
import { locatorField, locatorValue } from '../../shared/locators';
import { ANALYSIS_PATH, segment } from '../../shared/paths';
import { manageRequest } from '../../shared/request';

const show = { resource: ['analysisSchema'], operation: ['upload'] };

export const description: INodeProperties[] = [
	locatorField({
		displayName: 'Catalog',
		name: 'catalog',
		description: 'Name of the analysis catalog to publish the schema as (an existing one is only replaced with Overwrite)',
		searchListMethod: 'searchCatalogs',
		placeholder: 'SteelWheels',
		show,
	}),
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field holding the Mondrian schema file (XML, or a zip with a .mondrian.xml file)',
		displayOptions: { show },
	},
	{
		displayName: 'Overwrite',
		name: 'overwrite',
		type: 'boolean',
		default: false,
		description: 'Whether to replace a catalog that already exists (otherwise the server refuses with 409)',
		displayOptions: { show },
	},
	{
		displayName: 'XMLA Enabled',
		name: 'xmlaEnabledFlag',
		type: 'boolean',
		default: false,
		description: 'Whether the catalog is published over XMLA',
		displayOptions: { show },
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		displayOptions: { show },
		options: [
			{
				displayName: 'Data Source Name',
				name: 'datasourceName',
				type: 'string',
				default: '',
				placeholder: 'SampleData',
				description: 'The data source (JDBC connection) the schema runs on',
			},
			{
				displayName: 'Original Catalog Name',
				name: 'origCatalogName',
				type: 'string',
				default: '',
				description: 'When editing: the catalog’s previous name; the server removes that catalog if the name changed',
			},
			{
				displayName: 'Parameters',
				name: 'parameters',
				type: 'string',
				default: '',
				placeholder: 'DataSource=SampleData;overwrite=true',
				description:
					'Import parameters as name=value pairs separated by semicolons; an "overwrite" here wins over the Overwrite switch',
			},
			{
				displayName: 'Schema File Name',
				name: 'schemaFileInfo',
				type: 'string',
				default: '',
				placeholder: 'steelwheels.mondrian.xml',
				description: 'File name to send for the schema; by default the name of the binary file',
			},
		],
	},
];

interface Plan {
	catalogId: string;
	binaryProperty: string;
	fileName: string;
	overwrite: boolean;
	xmlaEnabled: boolean;
	origCatalogName: string;
	datasourceName: string;
	parameters: string;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const node = this.getNode();
		const catalogId = locatorValue(this, 'catalog', itemIndex, 'Catalog');
		const binaryProperty = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
		if (binaryProperty === '') throw new NodeOperationError(node, 'Input Binary Field is empty', { itemIndex });
		const binary = this.helpers.assertBinaryData(itemIndex, binaryProperty);
		const extra = this.getNodeParameter('additionalFields', itemIndex, {}) as IDataObject;
		const fileName =
			String(extra.schemaFileInfo ?? '').trim() ||
			binary.fileName ||
			`${catalogId}.mondrian.xml`;
		if (/\.xmi$/i.test(fileName)) {
			throw new NodeOperationError(
				node,
				`"${fileName}" is a metadata model (.xmi), not an analysis schema: the server refuses it. Upload the Mondrian schema XML.`,
				{ itemIndex },
			);
		}
		return {
			catalogId,
			binaryProperty,
			fileName,
			overwrite: this.getNodeParameter('overwrite', itemIndex, false) === true,
			xmlaEnabled: this.getNodeParameter('xmlaEnabledFlag', itemIndex, false) === true,
			origCatalogName: String(extra.origCatalogName ?? '').trim(),
			datasourceName: String(extra.datasourceName ?? '').trim(),
			parameters: String(extra.parameters ?? '').trim(),
		};
	},
	async run(plan, itemIndex) {
		const source = await uploadSource(this, itemIndex, plan.binaryProperty);
		const parts: MultipartPart[] = [
			{ name: 'uploadInput', fileName: plan.fileName, contentType: source.mimeType, content: source.body },
			{ name: 'schemaFileInfo', value: plan.fileName },
		];
		if (plan.origCatalogName !== '') parts.push({ name: 'origCatalogName', value: plan.origCatalogName });
		if (plan.datasourceName !== '') parts.push({ name: 'datasourceName', value: plan.datasourceName });
		parts.push({ name: 'overwrite', value: String(plan.overwrite) });
		parts.push({ name: 'xmlaEnabledFlag', value: String(plan.xmlaEnabled) });
		if (plan.parameters !== '') parts.push({ name: 'parameters', value: plan.parameters });
		const form = multipartBody(parts);
		// 201 Created with an empty body on success; 409 (exists), 403, 401, 412 carry the reason as text.
		const response = await manageRequest(this, {
			method: 'PUT',
			path: `${ANALYSIS_PATH}/${segment(plan.catalogId)}`,
			headers: { 'Content-Type': form.contentType },
			body: form.body,
			expect: 'empty',
			itemIndex,
		});
		return toItems({ catalogId: plan.catalogId, fileName: plan.fileName, uploaded: true, statusCode: response.status });
	},
});
