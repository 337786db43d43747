import { type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { rawResponseOptions, readIncludeRaw } from '../../../common/fields';
import { apiError } from '../../../common/errors';
import { toBoolean } from '../../../common/values';
import { stopEndpoint } from '../../shared/fields';

const show = { resource: ['server'], operation: ['stop'] };

// The real servlet accepts whenever a standalone worker server runs; the worker servlets inside the
// BI server have no such instance and always answer N (pentaho/pentaho-kettle:engine/src/main/java/
// org/pentaho/di/www/StopCarteServlet.java@4df1b6ef6d866746de1c103e6002ed75fc10d972). The interface
// documents' "enable it on the command line" has no counterpart in the server's code.
const ENABLE_HINT =
	'Only a standalone worker server can be stopped this way; the worker inside the BI server (base URL with a context path such as /pentaho) always refuses, and some servers need stopping to be enabled when they start. Ask the server\'s administrator.';

export const description = updateDisplayOptions({ show }, [
	{
		displayName:
			'Shuts the worker server down: every running job and transformation on it ends. Only a standalone worker server accepts this; the worker inside the BI server refuses, and the node then fails with a clear message.',
		name: 'stopNotice',
		type: 'notice',
		default: '',
	},
	rawResponseOptions(),
]);

// A bare 403/404/405 is how a worker without a stop servlet (or with stopping disabled) refuses.
const REFUSED = (code: number) => `The worker server refused to stop (HTTP ${code}). ${ENABLE_HINT}`;

export const execute = requestOperation<{ includeRaw: boolean }>({
	concurrency: 1,
	plan(itemIndex) {
		return { includeRaw: readIncludeRaw(this, itemIndex) };
	},
	request: async function () {
		return {
			method: 'GET',
			path: await stopEndpoint(this),
			qs: { xml: 'Y' },
			expect: 'xml',
			refusals: { 403: REFUSED(403), 404: REFUSED(404), 405: REFUSED(405) },
		};
	},
	output(plan, response, itemIndex) {
		const body = response.body as IDataObject;
		const accepted = toBoolean(body.request_accepted);
		if (accepted !== true) {
			throw apiError(this.getNode(), {
				message:
					accepted === false
						? 'The worker server did not accept the stop request (request_accepted = N)'
						: `The worker server answered the stop request without "request_accepted" (root element: ${Object.keys(body)[0] ?? 'none'})`,
				description: ENABLE_HINT,
				httpCode: String(response.status),
				itemIndex,
			});
		}
		const json: IDataObject = { requestAccepted: true };
		if (plan.includeRaw) json.raw = response.raw;
		return json;
	},
});
