import {
	ICredentialsHelper,
	isExpression,
	type ICredentialDataDecryptedObject,
	type ICredentialType,
	type ICredentials,
	type IHttpRequestHelper,
	type IHttpRequestOptions,
	type INode,
	type INodeCredentialsDetails,
	type IRequestOptionsSimplified,
	type IWorkflowExecuteAdditionalData,
	type Workflow,
} from 'n8n-workflow';

/**
 * The credentials helper of n8n's CLI, reduced to what executions use: it decrypts (here: looks
 * up), applies a credential's generic `authenticate` by resolving its expressions against the
 * credential data, and runs `preAuthentication` when the expirable field is empty or n8n-core
 * reports it expired after a 401 — storing the new value as the CLI stores it in its database.
 */
export class TestCredentialsHelper extends ICredentialsHelper {
	/** How many times preAuthentication ran (a log-in for token credentials). */
	preAuthCalls = 0;

	/** Every credential update, in order: what would have been written to the database. */
	readonly updates: Array<{ type: string; data: ICredentialDataDecryptedObject }> = [];

	constructor(
		private readonly credentialTypes: Record<string, ICredentialType>,
		readonly data: Record<string, ICredentialDataDecryptedObject>,
	) {
		super();
	}

	private type(name: string): ICredentialType {
		const type = this.credentialTypes[name];
		if (!type) throw new Error(`Unknown credential type ${name}`);
		return type;
	}

	getParentTypes(): string[] {
		return [];
	}

	isCredentialUsableByNode(): boolean {
		return true;
	}

	getCredentialsProperties(type: string) {
		return this.type(type).properties;
	}

	async getDecrypted(
		_additionalData: IWorkflowExecuteAdditionalData,
		_details: INodeCredentialsDetails,
		type: string,
	): Promise<ICredentialDataDecryptedObject> {
		const data = this.data[type];
		if (!data) throw new Error(`No test data for credential type ${type}`);
		return { ...data };
	}

	async getCredentials(): Promise<ICredentials> {
		throw new Error('getCredentials is not used by executions');
	}

	async updateCredentials(_details: INodeCredentialsDetails, type: string, data: ICredentialDataDecryptedObject) {
		this.data[type] = { ...data };
		this.updates.push({ type, data: { ...data } });
	}

	async updateCredentialsOauthTokenData() {}

	async authenticate(
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		requestOptions: IHttpRequestOptions | IRequestOptionsSimplified,
		workflow?: Workflow,
		node?: INode,
	): Promise<IHttpRequestOptions> {
		const authenticate = this.type(typeName).authenticate;
		if (typeof authenticate === 'function') {
			return await authenticate(credentials, requestOptions as IHttpRequestOptions);
		}
		if (authenticate && authenticate.type === 'generic') {
			const resolve = (value: string) =>
				isExpression(value) && workflow && node
					? String(
							workflow.expression.getSimpleParameterValue(
								node,
								value,
								'internal',
								{ $credentials: credentials },
								undefined,
								'',
							) ?? '',
						)
					: value;
			const target = requestOptions as unknown as Record<string, Record<string, string>>;
			for (const [outer, inner] of Object.entries(authenticate.properties)) {
				target[outer] ??= {};
				for (const [key, value] of Object.entries(inner as Record<string, string>)) {
					target[outer][resolve(key)] = resolve(value);
				}
			}
		}
		return requestOptions as IHttpRequestOptions;
	}

	async preAuthentication(
		helpers: IHttpRequestHelper,
		credentials: ICredentialDataDecryptedObject,
		typeName: string,
		_node: INode,
		expired: boolean,
	): Promise<ICredentialDataDecryptedObject | undefined> {
		const type = this.type(typeName);
		const expirable = type.properties.find((p) => p.type === 'hidden' && p.typeOptions?.expirable);
		if (!expirable || typeof type.preAuthentication !== 'function') return undefined;
		const current = credentials[expirable.name];
		if (current !== '' && current !== undefined && !expired) return undefined;
		this.preAuthCalls++;
		const output = (await type.preAuthentication.call(helpers, credentials)) as ICredentialDataDecryptedObject;
		if (output[expirable.name] !== undefined) {
			await this.updateCredentials({ id: '1', name: typeName }, typeName, { ...credentials, ...output });
		}
		return output;
	}

	async runPreAuthentication() {
		return undefined;
	}
}
