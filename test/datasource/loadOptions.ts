/**
 * Runs a node's list search ("From List" of a resource locator) as the n8n editor does: through
 * n8n-core's LoadOptionsContext, with the package's real credential classes.
 */
import { LoadOptionsContext } from 'n8n-core';
import {
	Workflow,
	type ICredentialDataDecryptedObject,
	type ILoadOptionsFunctions,
	type INode,
	type INodeListSearchResult,
	type INodeType,
	type IWorkflowExecuteAdditionalData,
} from 'n8n-workflow';

import { credentialTypes, TestCredentialsHelper, TestNodeTypes } from '../harness';

export async function listSearch(
	nodeType: INodeType,
	method: string,
	credentials: Record<string, ICredentialDataDecryptedObject>,
	filter?: string,
	parameters: INode['parameters'] = {},
): Promise<INodeListSearchResult> {
	const node: INode = {
		id: 'node-under-test',
		name: 'Node',
		type: nodeType.description.name,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: Object.fromEntries((nodeType.description.credentials ?? []).map((c) => [c.name, { id: `${c.name}-id`, name: c.name }])),
	};
	const workflow = new Workflow({
		id: 'list-search',
		nodes: [node],
		connections: {},
		active: false,
		nodeTypes: new TestNodeTypes({ [node.type]: nodeType }),
	});
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(credentialTypes, { ...credentials }),
		currentNodeParameters: parameters,
		variables: {},
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		userId: 'user-1',
	} as unknown as IWorkflowExecuteAdditionalData;
	const context = new LoadOptionsContext(workflow, workflow.getNode('Node')!, additionalData, 'parameters.connection') as ILoadOptionsFunctions;
	const search = nodeType.methods?.listSearch?.[method];
	if (!search) throw new Error(`The node has no list search ${method}`);
	return await search.call(context, filter);
}
