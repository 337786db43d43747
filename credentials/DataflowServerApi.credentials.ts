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
			placeholder: 'e.g. http://bi.example.com:8080/pentaho',
			description:
				'Address of the server including its context path, without a trailing slash. For a standalone worker server, the address of the worker (for example http://host:8081). For an Apache Hop Server, its root address without /hop (Hop serves at the root, on port 8080 by default: http://host:8080).',
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
			description:
				'Which server this credential points at; it decides how the credential is tested, and on a Hop Server the Dataflow Worker node uses its Pipeline and Workflow resources',
			options: [
				{
					name: 'BI Server',
					value: 'biServer',
					description: 'Tested with GET /api/mantle/isAuthenticated',
				},
				{
					// Hop Server's defaults: HopServer() builds HopServerMeta("local8080", "localhost", "8080",
					// "cluster", "cluster"); every servlet answers at /hop/<name> at the root (WebServer), behind
					// Basic authentication (realm "Hop") — apache/hop engine/src/main/java/org/apache/hop/www/
					// HopServer.java and WebServer.java @2.19.0-rc1 and @2.9.0-rc1.
					name: 'Hop Server (Apache Hop)',
					value: 'hopServer',
					description: 'Apache Hop Server 2.x (default port 8080, user cluster): tested with GET /hop/status/?xml=Y',
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
			displayOptions: { hide: { serverKind: ['hopServer'] } },
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
			displayOptions: { hide: { serverKind: ['hopServer'] } },
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
	 * A wrong password answers 401 on every kind of server. A Hop Server is asked for its status at
	 * `/hop/status/` with the trailing slash, as Hop's own clients ask (RemoteHopServer): until 2.18.0 the
	 * path without it is redirected there (apache/hop d6b732a6e2, WebServer.java@2.17.0-rc1). The BI server answers the text "true" for
	 * an authenticated user; the body is kept as text so that a 200 "false" (five characters, where
	 * "true" has four) also fails the test.
	 */
	test: ICredentialTestRequest = {
		request: {
			baseURL: '={{$credentials.baseUrl.replace(/\\/+$/, "")}}',
			url: '={{$credentials.serverKind === "hopServer" ? "/hop/status/?xml=Y" : $credentials.serverKind === "worker" ? "/" + $credentials.workerPath + "/status?xml=Y" : "/api/mantle/isAuthenticated"}}',
			headers: {
				Accept: '={{$credentials.serverKind === "worker" || $credentials.serverKind === "hopServer" ? "text/xml" : "text/plain"}}',
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
					message:
						'The server refused the username or password (HTTP 401): check both, and that this user exists on this server (a Hop Server\'s default user is cluster / cluster)',
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
						'Nothing answers at this address (HTTP 404): does the Base URL include the context path, e.g. http://host:8080/pentaho? For a standalone worker server, check Server Kind and Worker Path. For a Hop Server, give its root address (http://host:8080, without /hop) and choose Server Kind "Hop Server".',
				},
			},
		] as unknown as IAuthenticateRuleResponseCode[],
	};
}
