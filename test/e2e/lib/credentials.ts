/**
 * The credentials the example workflows reference, by fixed id. Workflows hold only the id and
 * name; the emulator-specific values (URLs, users) are filled in here from the emulator the
 * credential points at, and imported with `n8n import:credentials` before a workflow runs.
 *
 * A scenario that needs another credential (another user, a second server) can define it in its
 * own `credentials` list with `serverCredential(...)` / `catalogCredential(...)`.
 */
import { randomBytes } from 'node:crypto';

import type { EmulatorHandle } from './emulator';
import type { N8nCredential } from './n8n';

export interface CredentialSpec {
	id: string;
	name: string;
	type: string;
	/** Key of the emulator the credential points at (`main` unless said otherwise); none for a credential of n8n's own (an MCP trigger's token). */
	emulator?: string;
	data(emulator?: EmulatorHandle): Record<string, unknown>;
}

export function serverCredential(options: {
	id: string;
	name: string;
	emulator?: string;
	username?: string;
	password?: string;
	serverKind?: 'biServer' | 'worker' | 'hopServer';
	workerPath?: 'dataflow' | 'kettle';
	schedulerPath?: string;
}): CredentialSpec {
	return {
		id: options.id,
		name: options.name,
		type: 'dataflowServerApi',
		emulator: options.emulator ?? 'main',
		data: (emulator) => ({
			baseUrl: emulator!.url,
			username: options.username ?? 'admin',
			password: options.password ?? 'password',
			serverKind: options.serverKind ?? 'biServer',
			workerPath: options.workerPath ?? 'dataflow',
			schedulerPath: options.schedulerPath ?? 'api/scheduler',
			ignoreSslIssues: false,
		}),
	};
}

export function catalogCredential(options: { id: string; name: string; emulator?: string; username?: string; password?: string }): CredentialSpec {
	return {
		id: options.id,
		name: options.name,
		type: 'dataflowCatalogApi',
		emulator: options.emulator ?? 'main',
		data: (emulator) => ({
			catalogUrl: emulator!.catalogUrl,
			username: options.username ?? 'analyst',
			password: options.password ?? 'password',
			clientId: 'pdc-client',
			scope: 'openid profile email',
			ignoreSslIssues: false,
			accessToken: '',
		}),
	};
}

/**
 * The bearer token of example 08's MCP Server Trigger (credential `mcpBearer01`): made up per run
 * (per process), so no token is written in the repository; the MCP scenario sends it, `npm run dev`
 * prints it. Not a secret of anything: it opens only this run's n8n.
 */
export const MCP_BEARER_TOKEN = `e2e-${randomBytes(24).toString('base64url')}`;

/** n8n's Bearer Auth credential (`httpBearerAuth`, as the MCP Server Trigger's Authentication "Bearer Auth" takes it). */
export function bearerCredential(options: { id: string; name: string; token: string }): CredentialSpec {
	return { id: options.id, name: options.name, type: 'httpBearerAuth', data: () => ({ token: options.token }) };
}

/** Credentials every example may reference. */
export const KNOWN_CREDENTIALS: CredentialSpec[] = [
	serverCredential({ id: 'dataflowServer01', name: 'Dataflow Server (emulator)' }),
	catalogCredential({ id: 'dataflowCatalog01', name: 'Dataflow Catalog (emulator)' }),
	// A second server, for workflows that move things from one server to another.
	serverCredential({ id: 'dataflowServer02', name: 'Dataflow Server (second emulator)', emulator: 'second' }),
	// An Apache Hop Server: the emulator `hop` (its Hop flavour, emulator.ts DEFAULT_SPECS), Hop's default user.
	serverCredential({ id: 'hopServer01', name: 'Hop Server (emulator)', emulator: 'hop', username: 'cluster', password: 'cluster', serverKind: 'hopServer' }),
	// The token an MCP client must send to example 08's MCP Server Trigger (Authentication: Bearer Auth).
	bearerCredential({ id: 'mcpBearer01', name: 'MCP Server Token (example)', token: MCP_BEARER_TOKEN }),
];

/** The credential references (`{ type: { id, name } }`) of a workflow's nodes. */
export function credentialRefs(workflow: { nodes?: Array<{ name: string; credentials?: Record<string, { id?: string; name?: string }> }> }) {
	const refs: Array<{ node: string; type: string; id: string; name: string }> = [];
	for (const node of workflow.nodes ?? []) {
		for (const [type, ref] of Object.entries(node.credentials ?? {})) {
			refs.push({ node: node.name, type, id: String(ref?.id ?? ''), name: String(ref?.name ?? '') });
		}
	}
	return refs;
}

/** The specs a workflow needs: its references resolved against the scenario's and the known credentials. */
export function credentialsFor(workflow: Parameters<typeof credentialRefs>[0], extra: CredentialSpec[] = []): CredentialSpec[] {
	const all = [...extra, ...KNOWN_CREDENTIALS];
	const needed = new Map<string, CredentialSpec>();
	for (const ref of credentialRefs(workflow)) {
		const spec = all.find((c) => c.id === ref.id);
		if (!spec) {
			throw new Error(
				`Node "${ref.node}" uses credential id "${ref.id}" (${ref.type}), which neither the scenario nor test/e2e/lib/credentials.ts defines`,
			);
		}
		if (spec.type !== ref.type) throw new Error(`Node "${ref.node}" uses credential ${ref.id} as ${ref.type}, but it is a ${spec.type}`);
		needed.set(spec.id, spec);
	}
	return [...needed.values()];
}

export function materialize(specs: CredentialSpec[], emulators: Record<string, EmulatorHandle>): N8nCredential[] {
	return specs.map((spec) => {
		if (spec.emulator === undefined) return { id: spec.id, name: spec.name, type: spec.type, data: spec.data() };
		const emulator = emulators[spec.emulator];
		if (!emulator) throw new Error(`Credential ${spec.id} points at emulator "${spec.emulator}", which is not running`);
		return { id: spec.id, name: spec.name, type: spec.type, data: spec.data(emulator) };
	});
}
