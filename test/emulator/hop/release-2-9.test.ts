/**
 * The Hop Server area playing release 2.9.0 (Jetty 9.4.41): what differs from the newest release
 * (emulator/areas/hop/version.ts).
 */
import { advance, call, decodeLog, emu, registerPipeline, registerWorkflow, useHopEmulator, xml, pipelineConfiguration } from './helpers';

// enable_auth does not exist before 2.17.0: authentication stays on.
useHopEmulator({}, { version: '2.9.0', enableAuth: false });

describe('hop emulator 2.9.0', () => {
	it('challenges with Jetty 9.4\'s lowercase "basic realm" and error page', async () => {
		const anonymous = await call('/hop/status/', { auth: null });
		expect(anonymous.status).toBe(401);
		expect(anonymous.headers.get('www-authenticate')).toBe('basic realm="Hop"');
		expect(anonymous.text).toContain('<meta http-equiv="Content-Type" content="text/html;charset=utf-8"/>');
		expect(anonymous.text).toContain('<tr><th>URI:</th><td>/hop/status/</td></tr>');
		expect(anonymous.text).toContain('<tr><th>SERVLET:</th><td>-</td></tr>');
		expect(anonymous.text).toContain('<hr><a href="https://eclipse.org/jetty">Powered by Jetty:// 9.4.41.v20210516</a><hr/>');
	});

	it('redirects a context path without the trailing slash (302, absolute Location)', async () => {
		const answer = await call('/hop/status?xml=Y');
		expect(answer.status).toBe(302);
		expect(answer.headers.get('location')).toBe(`${emu().url}/hop/status/?xml=Y`);
	});

	it('answers the status XML as text/html, with job_status_list and no shutting_down', async () => {
		const answer = await call('/hop/status/?xml=Y');
		expect(answer.type).toBe('text/html;charset=UTF-8');
		expect(answer.text).toContain('<job_status_list>');
		expect(answer.text).not.toContain('shutting_down');
	});

	it('has no execPipeline, execWorkflow or shutdown; unknown paths get a 404 without message; /api is Jersey\'s', async () => {
		for (const path of ['/hop/execPipeline/?pipeline=/opt/hop/project/pipelines/generate-rows.hpl', '/hop/execWorkflow/', '/shutdown/']) {
			const answer = await call(path);
			expect(answer.status).toBe(404);
			expect(answer.text).toContain('<h2>HTTP ERROR 404 Not Found</h2>');
		}
		const api = await call('/api/carte/systemInfo');
		expect(api.status).toBe(404);
		expect(api.text).toMatch(/org\.glassfish\.jersey\.servlet\.ServletContainer-[0-9a-f]+/);
	});

	it('ignores json=Y on the control servlets and shows the stack trace of a failed registration', async () => {
		const page = await call('/hop/stopPipeline/?name=nope&json=Y');
		expect(page.type).toBe('text/html;charset=UTF-8');
		expect(page.status).toBe(400);
		const failed = (await xml('/hop/registerPipeline/?xml=Y', { method: 'POST', body: pipelineConfiguration({ name: 'x', runConfiguration: 'nowhere' }) })).doc.webresult;
		expect(failed.message).toMatch(/^org\.apache\.hop\.core\.exception\.HopException: \nUnable to find the specified pipeline run configuration 'nowhere'/);
	});

	it('writes transform statuses without log_text and workflow statuses without action list or tracker', async () => {
		const id = await registerPipeline({ name: 'old' });
		await call(`/hop/startPipeline/?name=old&id=${id}&xml=Y`);
		advance(3000);
		const ps = await call(`/hop/pipelineStatus/?name=old&id=${id}&xml=Y`);
		expect(ps.text).toContain('<paused>N</paused></transform_status>');
		// (the result's own <log_text/> is there in every release)
		expect(ps.text).not.toContain('<log_text>&lt;![CDATA[');
		const wid = await registerWorkflow({ name: 'old-wf', delaySeconds: 1 });
		await call(`/hop/startWorkflow/?name=old-wf&id=${wid}&xml=Y`);
		advance(2000);
		const ws = await xml(`/hop/workflowStatus/?name=old-wf&id=${wid}&xml=Y`);
		expect(ws.text).not.toContain('action_status_list');
		expect(ws.text).not.toContain('workflow_tracker');
		// Before 2.18.0 "Finished action" is logged as the chain of actions returns: last action first.
		const log = decodeLog(ws.doc['workflow-status'].logging_string);
		expect(log.indexOf('Finished action [Success]')).toBeLessThan(log.indexOf('Finished action [Wait]'));
	});
});
