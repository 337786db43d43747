import type {
	IAuthenticateRuleResponseCode,
	ICredentialDataDecryptedObject,
	ICredentialTestRequest,
	ICredentialType,
	IHttpRequestOptions,
	INodeProperties,
} from 'n8n-workflow';

/**
 * HTTP Basic access to the BI server (repository, scheduler, data sources, lineage) and to the
 * data-flow worker server. The worker and scheduler paths differ between server versions, so they
 * are settings of the credential rather than of every node.
 */
export class DataflowServerApi implements ICredentialType {
	name = 'dataflowServerApi';

	displayName = 'Dataflow Server API';

	icon = { light: 'file:../icons/dataflow.svg', dark: 'file:../icons/dataflow.dark.svg' } as const;

	documentationUrl = 'https://github.com/n8n-nodes-dataflow/n8n-nodes-dataflow#credentials';

	properties: INodeProperties[] = [
		{
			displayName: 'Base URL',
			name: 'baseUrl',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'http://bi.example.com:8080/pentaho',
			description:
				'Address of the server including its context path, without a trailing slash. For a standalone worker server, the address of the worker (for example http://host:8081).',
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
			displayName: 'Server Kind',
			name: 'serverKind',
			type: 'options',
			default: 'biServer',
			description: 'Which server this credential points at; it decides how the credential is tested',
			options: [
				{
					name: 'BI Server',
					value: 'biServer',
					description: 'Tested with GET /api/mantle/isAuthenticated',
				},
				{
					name: 'Standalone Worker Server',
					value: 'worker',
					description: 'Tested with GET /<worker path>/status?xml=Y',
				},
			],
		},
		{
			displayName: 'Worker Path',
			name: 'workerPath',
			type: 'options',
			default: 'kettle',
			description:
				'Path under the base URL where the worker server answers. Real worker servers serve it as "kettle" (standalone at the root, or inside the BI server under its context path); "dataflow" is the name the interface documents use.',
			options: [
				{ name: 'Dataflow (Interface Documents)', value: 'dataflow' },
				{ name: 'Kettle', value: 'kettle' },
			],
		},
		{
			displayName: 'Scheduler Path',
			name: 'schedulerPath',
			type: 'options',
			default: 'api/scheduler',
			description: 'Path under the base URL where the scheduler answers (it moved into a plugin in later server versions)',
			options: [
				{ name: 'api/scheduler', value: 'api/scheduler' },
				{
					name: 'plugin/scheduler-plugin/api/scheduler',
					value: 'plugin/scheduler-plugin/api/scheduler',
				},
			],
		},
		{
			displayName: 'Ignore SSL Issues (Insecure)',
			name: 'ignoreSslIssues',
			type: 'boolean',
			default: false,
			description: 'Whether to connect even if the server certificate cannot be validated',
		},
	];

	/**
	 * HTTP Basic. A function rather than a generic `{{$credentials...}}` template: n8n evaluates a
	 * template's expressions on every request, which the benchmarks measured at 0.35 ms of CPU per
	 * item (bench/RESULTS.md); the result is the same `auth` option. Why not the default:
	 * docs/DEVELOPING.md, "Where we differ from n8n's defaults, and why".
	 */
	async authenticate(credentials: ICredentialDataDecryptedObject, requestOptions: IHttpRequestOptions): Promise<IHttpRequestOptions> {
		requestOptions.auth = {
			username: String(credentials.username ?? ''),
			password: String(credentials.password ?? ''),
		};
		return requestOptions;
	}

	/**
	 * A wrong password answers 401 on both kinds of server. The BI server answers the text "true" for
	 * an authenticated user; the body is kept as text so that a 200 "false" (five characters, where
	 * "true" has four) also fails the test.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '={{$credentials.serverKind === "worker" ? "/" + $credentials.workerPath + "/status?xml=Y" : "/api/mantle/isAuthenticated"}}',
			headers: {
				Accept: '={{$credentials.serverKind === "worker" ? "text/xml" : "text/plain"}}',
			},
			encoding: 'text',
			json: false,
			skipSslCertificateValidation: '={{$credentials.ignoreSslIssues}}' as unknown as boolean,
		},
		// n8n reads each rule by its type (credentials-tester.service in n8n 2.41): a refused test says what
		// to check instead of n8n's bare "Not Found" or "Unauthorized".
		rules: [
			{
				type: 'responseSuccessBody',
				properties: {
					key: 'length',
					value: 5,
					message: 'The server answered "false": it does not consider this user authenticated',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 401,
					message: 'The server refused the username or password (HTTP 401): check both, and that this user exists on this server',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 403,
					message: 'The server refused this user (HTTP 403): the user may be locked or lack the permission to log in',
				},
			},
			{
				type: 'responseCode',
				properties: {
					value: 404,
					message:
						'Nothing answers at this address (HTTP 404): does the Base URL include the context path, e.g. http://host:8080/pentaho? For a standalone worker server, check Server Kind and Worker Path.',
				},
			},
		] as unknown as IAuthenticateRuleResponseCode[],
	};
}
