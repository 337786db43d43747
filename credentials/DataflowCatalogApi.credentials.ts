import type {
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestHelper,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

import { catalogLogin } from '../nodes/common/catalogAuth';

/**
 * Username/password login to the data catalog. The catalog issues a short-lived JWT and no refresh
 * token: n8n logs in (preAuthentication) when the hidden token is empty, and again once when a
 * call answers 401, then retries that call.
 */
export class DataflowCatalogApi implements ICredentialType {
	name = 'dataflowCatalogApi';

	displayName = 'Dataflow Catalog API';

	icon = { light: 'file:../icons/dataflow.svg', dark: 'file:../icons/dataflow.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-dataflow/n8n-nodes-dataflow#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Catalog URL',
			name: 'catalogUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. https://catalog.example.com',
			description: 'Address of the catalog service, without a trailing slash',
		},
		{
			displayName: 'Username',
			name: 'username',
			type: 'string',
			default: '',
			required: true,
		},
		{
			displayName: 'Password',
			name: 'password',
			type: 'string',
			typeOptions: { password: true },
			default: '',
			required: true,
		},
		{
			displayName: 'Client ID',
			name: 'clientId',
			type: 'string',
			default: 'pdc-client',
			description:
				'Client identifier the catalog expects in the login form. The real catalog expects "pdc-client" (the interface document calls it "catalog-client").',
		},
		{
			displayName: 'Scope',
			name: 'scope',
			type: 'string',
			default: 'openid profile email',
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSslIssues',
			type: 'boolean',
			default: false,
			description: 'Whether to connect even if the catalog certificate cannot be validated',
		},
		{
			displayName: 'Access Token',
			name: 'accessToken',
			type: 'hidden',
			typeOptions: { expirable: true, password: true },
			default: '',
		},
	];

	async preAuthentication(this: IHttpRequestHelper, credentials: ICredentialDataDecryptedObject) {
		const accessToken = await catalogLogin((options) => this.helpers.httpRequest(options), {
			catalogUrl: String(credentials.catalogUrl ?? ''),
			username: String(credentials.username ?? ''),
			password: String(credentials.password ?? ''),
			clientId: String(credentials.clientId ?? ''),
			scope: String(credentials.scope ?? ''),
			ignoreSslIssues: credentials.ignoreSslIssues === true,
		});
		return { accessToken };
	}

	/** `Authorization: Bearer <token>` (a function, as for the server credential: no per-request expressions; docs/DEVELOPING.md, "Where we differ from n8n's defaults"). */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		requestOptions.headers = { ...(requestOptions.headers ?? {}), Authorization: `Bearer ${String(credentials.accessToken ?? '')}` };
		return requestOptions;
	}

	/** Logging in is the test; the health check then proves the catalog answers. */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.catalogUrl.replace(/\\/+$/, "")}}',
			url: '/api/public/health',
			skipSslCertificateValidation: '={{$credentials.ignoreSslIssues}}' as unknown as boolean,
		},
	};
}
