/**
 * The server credential's test request, evaluated as n8n evaluates it (n8n-workflow's expression engine with
 * `$credentials`): the path and Accept header per Server Kind, unchanged for BI and worker servers.
 */
import { Workflow, type INode } from 'n8n-workflow';

import { DataflowServerApi } from '../../credentials/DataflowServerApi.credentials';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { TestNodeTypes } from '../harness';

const credential = new DataflowServerApi();

function evaluate(expression: unknown, credentials: Record<string, unknown>): unknown {
	const worker = new DataflowWorker();
	const node: INode = { id: '1', name: 'Test', type: worker.description.name, typeVersion: 1, position: [0, 0], parameters: {} };
	const workflow = new Workflow({ nodes: [node], connections: {}, active: false, nodeTypes: new TestNodeTypes({ [worker.description.name]: worker }) });
	// As n8n's credentials tester resolves the test request: `$credentials` among the additional keys.
	return workflow.expression.getSimpleParameterValue(node, expression as string, 'internal', { $credentials: credentials } as never, undefined, '');
}

const base = { baseUrl: 'http://h:8080/', username: 'u', password: 'p', workerPath: 'kettle', schedulerPath: 'api/scheduler', ignoreSslIssues: false };

describe('the server credential test', () => {
	it.each([
		['biServer', '/api/mantle/isAuthenticated', 'text/plain'],
		['worker', '/kettle/status?xml=Y', 'text/xml'],
		['hopServer', '/hop/status/?xml=Y', 'text/xml'],
	])('%s: asks %s with Accept %s', (serverKind, url, accept) => {
		const credentials = { ...base, serverKind };
		expect(evaluate(credential.test.request.url, credentials)).toBe(url);
		expect(evaluate((credential.test.request.headers as Record<string, string>).Accept, credentials)).toBe(accept);
		expect(evaluate(credential.test.request.baseURL, credentials)).toBe('http://h:8080');
	});

	it('offers Hop Server as a kind and hides the worker and scheduler paths for it; the defaults are unchanged', () => {
		const kind = credential.properties.find((p) => p.name === 'serverKind')!;
		expect(kind.default).toBe('biServer');
		expect((kind.options as Array<{ value: string }>).map((o) => o.value)).toEqual(['biServer', 'hopServer', 'worker']);
		for (const name of ['workerPath', 'schedulerPath']) {
			const field = credential.properties.find((p) => p.name === name)!;
			expect(field.displayOptions).toEqual({ hide: { serverKind: ['hopServer'] } });
		}
		expect(credential.properties.find((p) => p.name === 'workerPath')!.default).toBe('kettle');
	});
});
