import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { binaryFromResponse, mimeTypeOf } from '../../../common/binary';
import { apiError, extractServerMessage } from '../../../common/errors';
import { requestOperation } from '../../../common/executor';
import { binaryOutputField, readBinaryPropertyName } from '../../../common/fields';
import { readBodyText } from '../../../common/decode';
import type { DataflowResponse } from '../../../common/transport';
import { workerEndpoint } from '../../shared/fields';
import { optionsLast } from '../../shared/runRef';
import { readTransRef, refQuery, transRefFields, type TransRef } from '../../shared/transStatus';

const show = { resource: ['transformation'], operation: ['getImage'] };

export const description = updateDisplayOptions(
	{ show },
	optionsLast([...transRefFields(), binaryOutputField('Name of the binary field the PNG image is put in')]),
);

interface Plan {
	ref: TransRef;
	binaryField: string;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const ref = readTransRef(this, itemIndex);
		const binaryField = readBinaryPropertyName(this, itemIndex, 'output');
		return { ref, binaryField };
	},
	request: async function (plan) {
		return {
			method: 'GET',
			path: await workerEndpoint(this, 'transImage'),
			qs: refQuery(plan.ref),
			headers: { Accept: 'image/png' },
			expect: 'stream',
		};
	},
	async output(plan, answer, itemIndex) {
		const response = answer as DataflowResponse<unknown>;
		const mimeType = mimeTypeOf(response.contentType);
		if (!/^image\//.test(mimeType)) {
			// GetTransImageServlet writes nothing at all (HTTP 200, no content type) for a transformation it does not know.
			const text = await readBodyText(response.body);
			throw apiError(this.getNode(), {
				message:
					text.trim() === ''
						? `The transformation "${plan.ref.name}"${plan.ref.id ? ` (id ${plan.ref.id})` : ''} could not be found on the server (it answered an empty body instead of an image)`
						: (extractServerMessage(text, response.contentType) ?? 'The server answered a document instead of the transformation image'),
				description: `GET transImage answered HTTP ${response.status} with ${mimeType || 'no content type'} instead of image/png`,
				httpCode: String(response.status),
				itemIndex,
			});
		}
		const binary = await binaryFromResponse(this, response, { fileName: `${plan.ref.name}.png`, mimeType: 'image/png' });
		const json: IDataObject = { transName: plan.ref.name, fileName: binary.fileName ?? `${plan.ref.name}.png`, mimeType: binary.mimeType };
		if (plan.ref.id !== '') json.id = plan.ref.id;
		if (binary.fileSize !== undefined) json.fileSize = binary.fileSize;
		return [{ json, binary: { [plan.binaryField]: binary } }];
	},
});
