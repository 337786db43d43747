/**
 * The Hop Server area playing release 2.17.0 (Jetty 12, before 2.18.0's changes), started without
 * authentication (`--auth false`, seed.hop.enableAuth = false).
 */
import { call, xml } from './helpers';
import { useHopEmulator } from './helpers';

useHopEmulator({}, { version: '2.17.0', enableAuth: false });

describe('hop emulator 2.17.0', () => {
	it('needs no credentials with enable_auth off', async () => {
		const answer = await call('/hop/status/?xml=Y', { auth: null });
		expect(answer.status).toBe(200);
	});

	it('redirects a context path without the trailing slash with Jetty 12\'s 301 and a relative Location', async () => {
		const answer = await call('/hop/status?xml=Y', { auth: null });
		expect(answer.status).toBe(301);
		expect(answer.headers.get('location')).toBe('/hop/status/?xml=Y');
	});

	it('has execPipeline, whose answer ignores json=Y; status XML still comes as text/html', async () => {
		const exec = await call('/hop/execPipeline/?pipeline=/opt/hop/project/pipelines/generate-rows.hpl&json=Y');
		expect(exec.status).toBe(200);
		expect(exec.type).toBe('text/xml;charset=UTF-8');
		expect(exec.text).toContain('<message>Pipeline executed successfully</message>');
		const status = await xml('/hop/status/?xml=Y');
		expect(status.type).toBe('text/html;charset=UTF-8');
		expect(status.text).toContain('<workflow_status_list>');
		// Unknown path: GetRootServlet's sendError(404) without message before 2.18.0.
		const missing = await call('/hop/nextSequence/');
		expect(missing.status).toBe(404);
		expect(missing.text).toContain('<h2>HTTP ERROR 404 Not Found</h2>');
	});
});
