/** Get Image (Hop Server): the SVG drawing of a pipeline or workflow (GetPipelineImageServlet / GetWorkflowImageServlet). */
import { type IDataObject, type INodeProperties, NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { binaryFromResponse, mimeTypeOf } from '../../../common/binary';
import { readBodyText } from '../../../common/decode';
import { apiError, extractServerMessage } from '../../../common/errors';
import { requestOperation, type CustomOperation } from '../../../common/executor';
import { binaryOutputField, readBinaryPropertyName } from '../../../common/fields';
import type { DataflowResponse } from '../../../common/transport';
import type { HopKind } from '../../shared/hopDefinition';
import { HOP } from '../../shared/hopRun';
import { hopPath } from '../../shared/hopServer';
import { pipelineRefFields, readPipelineRef, readWorkflowRef, workflowRefFields } from '../../shared/hopStatus';
import { optionsLast, refQuery, type RunRef } from '../../shared/runRef';

interface Plan {
	ref: RunRef;
	binaryField: string;
}

export function build(kind: HopKind): { description: INodeProperties[]; execute: CustomOperation } {
	const n = HOP[kind];
	const description = updateDisplayOptions(
		{ show: { resource: [kind], operation: ['getImage'] } },
		optionsLast([
			// GetPipelineImageServlet draws a pipeline by its id only: the ID is a required field there (for a workflow, the Run ID option).
			...(kind === 'pipeline' ? pipelineRefFields({ idRequired: true }) : workflowRefFields()),
			binaryOutputField('Name of the binary field the SVG image is put in'),
		]),
	);
	const execute = requestOperation<Plan>({
		plan(itemIndex) {
			const ref = kind === 'pipeline' ? readPipelineRef(this, itemIndex, { idRequired: true }) : readWorkflowRef(this, itemIndex);
			// GetPipelineImageServlet draws a pipeline by its id only ("Please provide the ID of pipeline …",
			// apache/hop engine/src/main/java/org/apache/hop/www/GetPipelineImageServlet.java@2.19.0-rc1).
			if (kind === 'pipeline' && ref.id === '') {
				throw new NodeOperationError(this.getNode(), "'Pipeline ID' is empty: the Hop Server draws a pipeline only by its id (as returned by 'Register' or 'Run and Wait')", {
					itemIndex,
				});
			}
			return { ref, binaryField: readBinaryPropertyName(this, itemIndex, 'output') };
		},
		request(plan) {
			return { method: 'GET', path: hopPath(n.image), qs: refQuery(plan.ref), headers: { Accept: 'image/svg+xml' }, expect: 'stream' };
		},
		async output(plan, answer, itemIndex) {
			const response = answer as DataflowResponse<unknown>;
			const mimeType = mimeTypeOf(response.contentType);
			const which = `The ${n.noun} "${plan.ref.name}"${plan.ref.id ? ` (id ${plan.ref.id})` : ''}`;
			if (response.status === 204) {
				// The image servlets answer 204 when the server's JVM has no graphics environment (supportGraphicEnvironment).
				await readBodyText(response.body);
				throw apiError(this.getNode(), {
					message: `The Hop Server draws no images: it answered HTTP 204 without one (its Java runtime has no graphics environment)`,
					description: `GET ${hopPath(n.image)} answered HTTP 204`,
					httpCode: '204',
					itemIndex,
				});
			}
			if (!/^image\//.test(mimeType)) {
				// An unknown run: HTTP 200 with nothing written.
				const text = await readBodyText(response.body);
				throw apiError(this.getNode(), {
					message:
						text.trim() === ''
							? `${which} could not be found on the Hop Server (it answered an empty body instead of an image)`
							: (extractServerMessage(text, response.contentType) ?? `The Hop Server answered a document instead of the ${n.noun} image`),
					description: `GET ${hopPath(n.image)} answered HTTP ${response.status} with ${mimeType || 'no content type'} instead of image/svg+xml`,
					httpCode: String(response.status),
					itemIndex,
				});
			}
			const binary = await binaryFromResponse(this, response, { fileName: `${plan.ref.name}.svg`, mimeType: 'image/svg+xml' });
			const json: IDataObject = { [`${kind}Name`]: plan.ref.name, fileName: binary.fileName ?? `${plan.ref.name}.svg`, mimeType: binary.mimeType };
			if (plan.ref.id !== '') json.id = plan.ref.id;
			if (binary.fileSize !== undefined) json.fileSize = binary.fileSize;
			return [{ json, binary: { [plan.binaryField]: binary } }];
		},
	});
	return { description, execute };
}
