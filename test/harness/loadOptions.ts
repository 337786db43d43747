/**
 * A load-options context, what n8n gives a node's listSearch and loadOptions methods, for a node
 * type under test with the real credential code.
 */
import { LoadOptionsContext } from 'n8n-core';
import { Workflow, type ICredentialDataDecryptedObject, type INode, type INodeParameters, type INodeType, type IWorkflowExecuteAdditionalData } from 'n8n-workflow';

import { credentialTypes } from './index';
import { TestCredentialsHelper } from './credentialsHelper';
import { TestNodeTypes } from './nodeTypes';

export function loadOptionsContextFor(
	nodeType: INodeType,
	credentials: ICredentialDataDecryptedObject,
	parameters: INodeParameters,
	parameterPath: string,
): LoadOptionsContext {
	const type = nodeType.description.name;
	const node: INode = {
		id: type,
		name: nodeType.description.displayName,
		type,
		typeVersion: 1,
		position: [0, 0],
		parameters,
		credentials: { dataflowServerApi: { id: 'dataflowServerApi-id', name: 'dataflowServerApi' } },
	};
	const workflow = new Workflow({ id: 'load-options', nodes: [node], connections: {}, active: false, nodeTypes: new TestNodeTypes({ [type]: nodeType }), settings: {} });
	const additionalData = {
		credentialsHelper: new TestCredentialsHelper(credentialTypes, { dataflowServerApi: credentials }),
		currentNodeParameters: node.parameters,
		restApiUrl: 'http://127.0.0.1:5678/rest',
		instanceBaseUrl: 'http://127.0.0.1:5678/',
		webhookBaseUrl: 'http://127.0.0.1:5678/webhook',
		webhookWaitingBaseUrl: 'http://127.0.0.1:5678/webhook-waiting',
		webhookTestBaseUrl: 'http://127.0.0.1:5678/webhook-test',
		formWaitingBaseUrl: 'http://127.0.0.1:5678/form-waiting',
		variables: {},
		userId: 'user-1',
	} as unknown as IWorkflowExecuteAdditionalData;
	return new LoadOptionsContext(workflow, node, additionalData, parameterPath);
}
