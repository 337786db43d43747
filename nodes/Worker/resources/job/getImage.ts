import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { binaryFromResponse, mimeTypeOf } from '../../../common/binary';
import { apiError, extractServerMessage } from '../../../common/errors';
import { requestOperation } from '../../../common/executor';
import { binaryOutputField, readBinaryPropertyName } from '../../../common/fields';
import { readBodyText } from '../../../common/decode';
import type { DataflowResponse } from '../../../common/transport';
import { workerEndpoint } from '../../shared/fields';
import { jobRefFields, readJobRef, type JobRef } from '../../shared/jobStatus';
import { optionsLast, refQuery } from '../../shared/runRef';

const show = { resource: ['job'], operation: ['getImage'] };

export const description = updateDisplayOptions(
	{ show },
	optionsLast([...jobRefFields(), binaryOutputField('Name of the binary field the PNG image is put in')]),
);

interface Plan {
	ref: JobRef;
	binaryField: string;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const ref = readJobRef(this, itemIndex);
		const binaryField = readBinaryPropertyName(this, itemIndex, 'output');
		return { ref, binaryField };
	},
	request: async function (plan) {
		return {
			method: 'GET',
			path: await workerEndpoint(this, 'jobImage'),
			qs: refQuery(plan.ref),
			headers: { Accept: 'image/png' },
			expect: 'stream',
		};
	},
	async output(plan, answer, itemIndex) {
		const response = answer as DataflowResponse<unknown>;
		const mimeType = mimeTypeOf(response.contentType);
		if (/xml|html|text\//.test(mimeType)) {
			// Some servers answer a missing job with HTTP 200 and an error document instead of a PNG.
			const text = await readBodyText(response.body);
			throw apiError(this.getNode(), {
				message: extractServerMessage(text, response.contentType) ?? 'The server answered a document instead of the job image',
				description: `GET jobImage answered HTTP ${response.status} with ${mimeType} instead of image/png`,
				httpCode: String(response.status),
				itemIndex,
			});
		}
		const binary = await binaryFromResponse(this, response, { fileName: `${plan.ref.name}.png`, mimeType: 'image/png' });
		const json: IDataObject = {
			jobName: plan.ref.name,
			fileName: binary.fileName ?? `${plan.ref.name}.png`,
			mimeType: binary.mimeType,
		};
		if (plan.ref.id !== '') json.id = plan.ref.id;
		if (binary.fileSize !== undefined) json.fileSize = binary.fileSize;
		return [{ json, binary: { [plan.binaryField]: binary } }];
	},
});
