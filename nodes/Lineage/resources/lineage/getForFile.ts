import { NodeApiError, NodeOperationError, type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation } from '../../../common/executor';
import { apiError } from '../../../common/errors';
import { InputError } from '../../../common/inputError';
import { baseName, normalizePath } from '../../../common/repositoryPath';
import { dateRangeFields, optionsField } from '../../shared/fields';
import {
	downloadLineage,
	LINEAGE_PREFIX,
	LINEAGE_REQUEST_CLASS,
	rangePath,
	readDateRange,
	readOutputOptions,
	zipName,
	type LineagePlan,
} from '../../shared/download';

const show = { resource: ['lineage'], operation: ['getForFile'] };

export const description = updateDisplayOptions({ show }, [
	{
		displayName: 'File Path',
		name: 'filePath',
		type: 'string',
		default: '',
		required: true,
		placeholder: '/home/admin/sales.ktr',
		description: 'Repository path of the transformation or job',
	},
	...dateRangeFields(),
	{
		...optionsField(),
		options: [
			...(optionsField().options ?? []),
			{
				displayName: 'Send Type Hint',
				name: 'sendTypeHint',
				type: 'boolean',
				default: true,
				description:
					'Whether to add "@class": "org.pentaho.metaverse.api.model.LineageRequest" to the request body. The real lineage service refuses a body without it (HTTP 400); a server that refuses the hint instead is asked once more without it.',
			},
		],
	},
]);

export const execute = defineOperation<LineagePlan>({
	plan(itemIndex) {
		const filePath = normalizePath(this.getNodeParameter('filePath', itemIndex, ''), 'File Path');
		if (filePath === '/') throw new InputError('File Path is the repository root: give the path of a transformation or job');
		const range = readDateRange(this, itemIndex);
		const options = this.getNodeParameter('options', itemIndex, {}) as { sendTypeHint?: boolean };
		// The real service reads the body as a polymorphic class (Jackson @JsonTypeInfo(use = CLASS)) and
		// answers 400 without "@class" (pentaho/pentaho-metaverse:api/src/main/java/org/pentaho/metaverse/api/
		// model/LineageRequest.java and web/src/main/resources/OSGI-INF/blueprint/blueprint.xml @ 9.3.0.0-422,
		// 10.2.0.0-222, 11.0.0.2-292): the hint is sent unless switched off.
		const body = options.sendTypeHint === false ? { path: filePath } : { '@class': LINEAGE_REQUEST_CLASS, path: filePath };
		return {
			method: 'POST',
			// "From a Date" uses the server's /file/{startDate}, next to the documented /file and /file/{start}/{end}.
			path: `${LINEAGE_PREFIX}/file${rangePath(range)}`,
			body: JSON.stringify(body),
			range,
			filePath,
			defaultFileName: zipName(`${baseName(filePath)}_lineage`, range),
			...readOutputOptions(this, itemIndex),
		};
	},
	async run(plan, itemIndex) {
		try {
			return await downloadLineage(this, plan, itemIndex);
		} catch (error) {
			// A 400 that is not about the dates is the server's JSON reader refusing the body's form:
			// ask once more with the other form (with the type hint, or without it).
			if (!(error instanceof NodeApiError)) throw new NodeOperationError(this.getNode(), error as Error, { itemIndex });
			if (error.httpCode !== '400' || /date/i.test(error.message) || plan.body === undefined) {
				throw apiError(this.getNode(), { message: error.message, description: error.description ?? undefined, httpCode: error.httpCode ?? undefined, itemIndex });
			}
			const sent = JSON.parse(plan.body) as IDataObject;
			const other: IDataObject = '@class' in sent ? { path: sent.path } : { '@class': LINEAGE_REQUEST_CLASS, path: sent.path };
			return await downloadLineage(this, { ...plan, body: JSON.stringify(other) }, itemIndex);
		}
	},
});
