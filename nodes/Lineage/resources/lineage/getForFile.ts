import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { readBodyText } from '../../../common/decode';
import { apiError } from '../../../common/errors';
import { defineOperation, sendPlanned } from '../../../common/executor';
import { InputError } from '../../../common/inputError';
import { baseName, normalizePath } from '../../../common/repositoryPath';
import { dateRangeFields, optionsField } from '../../shared/fields';
import {
	lineageItems,
	lineageRequest,
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
		placeholder: 'e.g. /home/admin/sales.ktr',
		description: 'Repository path of the transformation or job (or its path on the server, for a file run). A file without lineage in the range is an error naming it.',
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
					'Whether to add "@class": "org.pentaho.metaverse.api.model.LineageRequest" to the request body. The real lineage service refuses a body without it (HTTP 500); a server that refuses the hint instead (HTTP 400) is asked once more without it.',
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
		// The service looks the path up with VFS from every folder below each date folder, where the writer files
		// a run under its path without the leading slash (<date>/home/admin/sales.ktr/…): an absolute path resolves
		// from the server's disk root and finds nothing, and so does "home/admin/sales.ktr" (the date folder itself
		// is not searched). The path without its first segment finds it (pentaho-metaverse
		// core/src/main/java/org/pentaho/metaverse/impl/VfsLineageCollector.java listArtifactsForFile and
		// VfsLineageWriter.java getOutputDirectoryAsFile/getNameForHolder @10.2.0.0-222; docs/real-servers/worker-lineage-catalog.md).
		const segments = filePath.split('/').filter(Boolean);
		const lookup = segments.length > 1 ? segments.slice(1).join('/') : segments[0];
		const body = options.sendTypeHint === false ? { path: lookup } : { '@class': LINEAGE_REQUEST_CLASS, path: lookup };
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
		// The real service's JSON reader refuses a body without "@class" with a bare 500 (CXF, empty body); a
		// server that follows the interface documents may refuse the hint (400). Either refusal of the body's
		// form is answered by sending the other form once; its answer, failure included, is final.
		const sent = JSON.parse(plan.body ?? '{}') as IDataObject;
		const other: IDataObject = '@class' in sent ? { path: sent.path } : { '@class': LINEAGE_REQUEST_CLASS, path: sent.path };
		const first = await sendPlanned(this, { ...lineageRequest(plan), okStatuses: [400, 500] }, itemIndex);
		if (first.status !== 400 && first.status !== 500) return await lineageItems(this, plan, first, itemIndex);
		// Only a refusal of the body's form is retried: a bare 500 (CXF's JSON reader) or a 400 that is not about
		// the dates. The service's own texts are final: a date it cannot read (400) and anything a 500 says (the
		// texts are typed application/zip, the method's @Produces).
		const text = (await readBodyText(first.body)).trim();
		if ((first.status === 400 && /date/i.test(text)) || (first.status === 500 && text !== '')) {
			throw apiError(this.getNode(), { message: text, description: `HTTP ${first.status} from POST ${plan.path}`, httpCode: String(first.status), itemIndex });
		}
		const second = await sendPlanned(this, lineageRequest({ ...plan, body: JSON.stringify(other) }), itemIndex);
		return await lineageItems(this, plan, second, itemIndex);
	},
});
