/**
 * Shared set-up of the plain-HTTP tests of the emulator's data-source area (one file per route group):
 * an emulator per describe (harness), fetch under the plugin's prefix, and request bodies.
 */
import { startEmulator, type EmulatorOptions, type RunningEmulator } from '../../../emulator';
import type { DatasourceState } from '../../../emulator/areas/datasource';

export const PREFIX = '/plugin/data-access/api/datasource';

export function auth(user = 'admin', password = 'password'): Record<string, string> {
	return { Authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}` };
}

export function harness(options: EmulatorOptions = {}) {
	let emu: RunningEmulator;
	beforeAll(async () => {
		emu = await startEmulator(options);
	});
	afterAll(async () => {
		await emu.stop();
	});
	const call = async (method: string, path: string, init: { user?: string; headers?: Record<string, string>; body?: string | FormData; raw?: boolean } = {}) => {
		const response = await fetch(`${emu.url}${init.raw ? '' : PREFIX}${path}`, {
			method,
			headers: { ...auth(init.user), ...(init.headers ?? {}) },
			body: init.body,
		});
		const bytes = Buffer.from(await response.arrayBuffer());
		return { status: response.status, headers: response.headers, bytes, text: bytes.toString('utf8') };
	};
	return { call, state: () => emu.app.state.datasource as DatasourceState, emu: () => emu };
}

export const JSON_ACCEPT = { Accept: 'application/json' };

export const newConnection = {
	name: 'TestConn',
	databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL', defaultDatabasePort: 5432, supportedAccessTypes: ['NATIVE', 'ODBC', 'JNDI'] },
	accessType: 'NATIVE',
	hostname: 'pg.example.com',
	databaseName: 'warehouse',
	databasePort: '5432',
	username: 'etl',
	password: 'S3cret!',
	usingConnectionPool: true,
	extraOptions: { 'POSTGRESQL.ssl': 'true' },
};

export const SCHEMA = '<?xml version="1.0"?><Schema name="Uploaded"><Cube name="Sales"/></Schema>';
export const NAMELESS = '<?xml version="1.0"?><Schema><Cube name="Sales"/></Schema>';

export function schemaForm(fields: Record<string, string>, file?: { content: string; name: string }): FormData {
	const form = new FormData();
	if (file) form.append('uploadInput', new Blob([file.content], { type: 'text/xml' }), file.name);
	for (const [name, value] of Object.entries(fields)) form.append(name, value);
	return form;
}

export function schemaSource(name: string): string {
	return `<?xml version="1.0"?><Schema name="${name}"><Cube name="C"/></Schema>`;
}

/**
 * An error the resource answers without a body, as the client receives it: JAXRSPluginServlet calls
 * sendError and Tomcat writes the webapp's page for 403/404/500 (titled "Unavailable") or its own status
 * report for the others (emulator/core/errors.ts servletAnswer).
 */
export function expectContainerPage(answer: { status: number; text: string; headers: Headers }, status: number): void {
	expect(answer.status).toBe(status);
	expect(answer.headers.get('content-type')).toMatch(/^text\/html/);
	if (status === 403 || status === 404 || status === 500) expect(answer.text).toContain('<title>Unavailable</title>');
	else expect(answer.text).toContain(`HTTP Status ${status} – `);
}

export const JSON_BODY = { 'Content-Type': 'application/json' };
