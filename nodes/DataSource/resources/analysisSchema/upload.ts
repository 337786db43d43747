import {
	BINARY_ENCODING,
	NodeOperationError,
	type IBinaryData,
	type IDataObject,
	type IExecuteFunctions,
	updateDisplayOptions,
} from 'n8n-workflow';

import { multipartBody, uploadSource, type MultipartPart } from '../../../common/binary';
import { csrfHeaders } from '../../../common/csrf';
import { optionsCollection, optionsOf, readBinaryPropertyName } from '../../../common/fields';
import { defineOperation, toItems } from '../../../common/executor';
import { locatorField, locatorValue } from '../../shared/locators';
import { ANALYSIS_PATH } from '../../shared/paths';
import { dataflowRequest } from '../../../common/transport';
import { refusals } from '../../shared/request';

const show = { resource: ['analysisSchema'], operation: ['upload'] };

export const description = updateDisplayOptions({ show }, [
	locatorField({
		displayName: 'Catalog',
		name: 'catalog',
		description:
			'Name of the analysis catalog to publish. The server names the catalog after the schema itself (<Schema name="…">), so a schema with another name is refused before sending; this name is used for a schema without one. An existing catalog is only replaced with Overwrite.',
		searchListMethod: 'searchCatalogs',
		placeholder: 'e.g. SteelWheels',
	}),
	{
		displayName: 'Input Binary Field',
		name: 'binaryPropertyName',
		type: 'string',
		default: 'data',
		required: true,
		hint: 'The name of the input binary field holding the Mondrian schema file (XML, or a zip with a .mondrian.xml file)',
	},
	{
		displayName: 'Additional Fields',
		name: 'additionalFields',
		type: 'collection',
		placeholder: 'Add Field',
		default: {},
		options: [
			{
				displayName: 'Data Source Name',
				name: 'datasourceName',
				type: 'string',
				default: '',
				placeholder: 'e.g. SampleData',
				description:
					"The data source (JDBC connection) the schema runs on; needed unless 'Parameters' name one. The server reads it from the import parameters, so it is sent as DataSource=… there.",
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
				placeholder: 'e.g. DataSource=SampleData;overwrite=true',
				description:
					'Import parameters as name=value pairs separated by semicolons (Mondrian connect-string style, for example DataSource, EnableXmla, overwrite, retainInlineAnnotations); an "overwrite" here wins over the Overwrite switch',
			},
			{
				displayName: 'Schema File Name',
				name: 'schemaFileInfo',
				type: 'string',
				default: '',
				placeholder: 'e.g. steelwheels.mondrian.xml',
				description:
					'File name the schema file is sent with (the server reads ".zip" files as a zip holding a .mondrian.xml and an optional annotations.xml); by default the name of the binary file',
			},
		],
	},
	optionsCollection([
		{
			displayName: 'Overwrite',
			name: 'overwrite',
			type: 'boolean',
			default: false,
			description:
				'Whether to replace a catalog that already exists (otherwise the server refuses with 409). A replaced catalog takes everything from this upload: schema, data source and XMLA setting.',
		},
		{
			displayName: 'XMLA Enabled',
			name: 'xmlaEnabledFlag',
			type: 'boolean',
			default: false,
			description: 'Whether the catalog is published over XMLA',
		},
	]),
]);

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

const DATASOURCE_PARAMETER = /(^|;)\s*datasource\s*=/i;

/** A value for Mondrian's connect-string: quoted when it holds a separator or a quote (a quote inside doubled). */
function connectValue(value: string): string {
	return /[;'"=]|^\s|\s$/.test(value) ? `'${value.replace(/'/g, "''")}'` : value;
}

/**
 * The import parameters the server reads. AnalysisService.putMondrianSchema never reads the
 * `datasourceName` part: the catalog's data source comes from the parameters' DataSource
 * (pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/AnalysisService.java@HEAD,
 * createPlatformBundle). So a Data Source Name goes there, as the plugin's own publish test sends it
 * (core/src/it/java/org/pentaho/platform/dataaccess/datasource/DataSourcePublishIT.java@HEAD).
 */
export function importParameters(parameters: string, datasourceName: string, xmlaEnabled: boolean, overwrite: boolean): string {
	if (datasourceName === '') return parameters;
	if (parameters === '') return `DataSource=${connectValue(datasourceName)};EnableXmla=${xmlaEnabled};overwrite=${overwrite}`;
	if (DATASOURCE_PARAMETER.test(parameters)) return parameters;
	return `${parameters.replace(/;\s*$/, '')};DataSource=${connectValue(datasourceName)}`;
}

const HEAD_BYTES = 64 * 1024;

function xmlText(value: string): string {
	return value
		.replace(/&#x([0-9a-f]+);/gi, (_m, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
		.replace(/&#(\d+);/g, (_m, dec: string) => String.fromCodePoint(Number(dec)))
		.replace(/&quot;/g, '"')
		.replace(/&apos;/g, "'")
		.replace(/&lt;/g, '<')
		.replace(/&gt;/g, '>')
		.replace(/&amp;/g, '&');
}

/**
 * The `<Schema name="…">` of a schema file, read from its first 64 KB (not for zips), or undefined.
 * The server names the catalog after it (AnalysisService.determineDomainCatalogName), whatever the path says.
 */
async function schemaNameOf(ctx: IExecuteFunctions, binary: IBinaryData, fileName: string): Promise<string | undefined> {
	if (/\.zip$/i.test(fileName)) return undefined;
	let head: Buffer;
	if (binary.id) {
		const chunks: Buffer[] = [];
		let size = 0;
		const stream = await ctx.helpers.getBinaryStream(binary.id);
		for await (const chunk of stream as AsyncIterable<Buffer | string>) {
			const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk);
			chunks.push(bytes);
			size += bytes.length;
			if (size >= HEAD_BYTES) break;
		}
		head = Buffer.concat(chunks);
	} else {
		head = Buffer.from(binary.data.slice(0, Math.ceil((HEAD_BYTES * 4) / 3) + 4), BINARY_ENCODING);
	}
	const match = /<Schema\b[^>]*?\bname\s*=\s*(?:"([^"]*)"|'([^']*)')/.exec(head.toString('utf8'));
	return match ? xmlText(match[1] ?? match[2] ?? '') : undefined;
}

export const execute = defineOperation<Plan>({
	async plan(itemIndex) {
		const node = this.getNode();
		const catalogId = locatorValue(this, 'catalog', itemIndex, 'Catalog');
		const binaryProperty = readBinaryPropertyName(this, itemIndex, 'input');
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
		const schemaName = await schemaNameOf(this, binary, fileName);
		if (schemaName !== undefined && schemaName !== '' && schemaName !== catalogId) {
			// Sending it would publish (with Overwrite: replace) the catalog "schemaName", not the one named here.
			throw new NodeOperationError(
				node,
				`The schema names its catalog "${schemaName}" (<Schema name="${schemaName}">): the server would publish it as "${schemaName}", not as "${catalogId}"`,
				{ itemIndex, description: `Give "${schemaName}" as the catalog, or change the name in the schema file` },
			);
		}
		const options = optionsOf(this, itemIndex);
		const overwrite = (options.overwrite ?? false) === true;
		const xmlaEnabled = (options.xmlaEnabledFlag ?? false) === true;
		const datasourceName = String(extra.datasourceName ?? '').trim();
		const parameters = String(extra.parameters ?? '').trim();
		if (datasourceName === '' && !DATASOURCE_PARAMETER.test(parameters)) {
			// Without one the server stores the catalog with no data source ("datasourceName=null"), and a
			// catalog replaced with Overwrite would lose the one it had.
			throw new NodeOperationError(node, 'Data Source Name is empty: give the data source (JDBC connection) the schema runs on', {
				itemIndex,
				description: "Add 'Data Source Name' under 'Additional Fields', or a DataSource=… entry in 'Parameters'",
			});
		}
		return {
			catalogId,
			binaryProperty,
			fileName,
			overwrite,
			xmlaEnabled,
			origCatalogName: String(extra.origCatalogName ?? '').trim(),
			datasourceName,
			parameters: importParameters(parameters, datasourceName, xmlaEnabled, overwrite),
		};
	},
	async run(plan, itemIndex) {
		const source = await uploadSource(this, itemIndex, plan.binaryProperty);
		// The parts AnalysisResource.putSchema binds (@FormDataParam): the file's name travels in the
		// uploadInput part's Content-Disposition (the method's schemaFileInfo), not as a part of its own.
		const parts: MultipartPart[] = [{ name: 'uploadInput', fileName: plan.fileName, contentType: source.mimeType, content: source.body }];
		if (plan.origCatalogName !== '') parts.push({ name: 'origCatalogName', value: plan.origCatalogName });
		if (plan.datasourceName !== '') parts.push({ name: 'datasourceName', value: plan.datasourceName });
		parts.push({ name: 'overwrite', value: String(plan.overwrite) });
		parts.push({ name: 'xmlaEnabledFlag', value: String(plan.xmlaEnabled) });
		if (plan.parameters !== '') parts.push({ name: 'parameters', value: plan.parameters });
		const form = multipartBody(parts);
		const path = `${ANALYSIS_PATH}/${encodeURIComponent(plan.catalogId)}`;
		// The data-access plugin's CSRF set does not cover this path (plugin.spring.xml, 9.3 to HEAD), but a
		// server whose administrator added it refuses the import without the session's token.
		const csrf = await csrfHeaders(this, path, itemIndex);
		// 201 Created with an empty body on success; 409 (exists), 403, 401, 412 carry the reason as text.
		const response = await dataflowRequest(this, {
			method: 'PUT', path, headers: { ...csrf, 'Content-Type': form.contentType }, body: form.body, expect: 'empty',
			itemIndex,
			refusals: refusals({
				403: 'The server refused the import (403): this user may not publish analysis schemas, or the server wants a CSRF token it did not give',
				500: 'The server failed to import the schema (500) without saying why',
			}),
		});
		return toItems({ catalogId: plan.catalogId, fileName: plan.fileName, uploaded: true, statusCode: response.status });
	},
});
