/**
 * The test harness: runs the package's nodes through n8n-core's own execution engine
 * (WorkflowExecute) with the package's real credential classes. Why not n8n's NodeTestHarness:
 * docs/DEVELOPING.md, "Where we differ from n8n's defaults, and why".
 */
import type { ICredentialDataDecryptedObject, ICredentialType, INodeType } from 'n8n-workflow';

import { DataflowCatalogApi } from '../../credentials/DataflowCatalogApi.credentials';
import { DataflowServerApi } from '../../credentials/DataflowServerApi.credentials';
import { runNode, type NodeRunOptions, type NodeRunResult } from './run';

export * from './credentialsHelper';
export * from './nodeTypes';
export * from './run';

export const credentialTypes: Record<string, ICredentialType> = {
	dataflowServerApi: new DataflowServerApi(),
	dataflowCatalogApi: new DataflowCatalogApi(),
};

export const SERVER_PASSWORD = 'S3rver-Pa55word!';
export const CATALOG_PASSWORD = 'Cat4log-Pa55word!';

/** Server credential data pointing at a base URL. */
export function serverCredentials(baseUrl: string, overrides: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
	return {
		baseUrl,
		username: 'admin',
		password: SERVER_PASSWORD,
		serverKind: 'biServer',
		workerPath: 'dataflow',
		schedulerPath: 'api/scheduler',
		ignoreSslIssues: false,
		...overrides,
	};
}

/** Catalog credential data pointing at a catalog URL, with no token yet. */
export function catalogCredentials(catalogUrl: string, overrides: ICredentialDataDecryptedObject = {}): ICredentialDataDecryptedObject {
	return {
		catalogUrl,
		username: 'analyst',
		password: CATALOG_PASSWORD,
		clientId: 'pdc-client',
		scope: 'openid profile email',
		ignoreSslIssues: false,
		accessToken: '',
		...overrides,
	};
}

/** runNode with the package's credential types filled in. */
export async function run(
	nodeType: INodeType,
	options: Omit<NodeRunOptions, 'nodeType' | 'credentialTypes'>,
): Promise<NodeRunResult> {
	return await runNode({ nodeType, credentialTypes, ...options });
}
