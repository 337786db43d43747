/**
 * Workflows on the Hop Server area: registerWorkflow, startWorkflow (and its restart with a new container id),
 * workflowStatus with action statuses and the tracker (2.19.0), stopWorkflow, removeWorkflow, workflowImage.
 */
import { advance, call, decodeLog, json, registerWorkflow, state, useHopEmulator, workflowConfiguration, xml } from './helpers';

useHopEmulator();

describe('hop emulator: workflows', () => {
	it('registers a workflow_configuration: "Workflow \'…\' was added to the list with id …", Waiting', async () => {
		const doc = (await xml('/hop/registerWorkflow/?xml=Y', { method: 'POST', body: workflowConfiguration({ name: 'wf-reg' }) })).doc.webresult;
		expect(doc.result).toBe('OK');
		expect(doc.message).toBe(`Workflow 'wf-reg' was added to the list with id ${doc.id}`);
		const ws = (await xml(`/hop/workflowStatus/?name=wf-reg&id=${doc.id}&xml=Y`)).doc['workflow-status'];
		expect(ws.status_desc).toBe('Waiting');
		expect(ws.log_date).toBe('');
		expect(ws.result).toBeUndefined();
		expect(ws.action_status_list).toBe('');
	});

	it('runs: Running with the active action, then Finished with the action results, the tracker and the result', async () => {
		const id = await registerWorkflow({ name: 'wf-run', delaySeconds: 2 });
		const started = (await xml(`/hop/startWorkflow/?name=wf-run&id=${id}&xml=Y`)).doc.webresult;
		expect(started).toEqual({ result: 'OK', message: 'Workflow [wf-run] was started.', id });
		advance(1000);
		let answer = await xml(`/hop/workflowStatus/?name=wf-run&id=${id}&xml=Y`);
		let ws = answer.doc['workflow-status'];
		expect(ws.status_desc).toBe('Running');
		expect(ws.log_date).toBe(ws.execution_start_date);
		const running = [ws.action_status_list.action_status].flat();
		expect(running.map((a: any) => [a.name, a.status])).toEqual([
			['Start', 'FINISHED'],
			['Wait', 'RUNNING'],
		]);
		advance(2000);
		answer = await xml(`/hop/workflowStatus/?name=wf-run&id=${id}&xml=Y`);
		ws = answer.doc['workflow-status'];
		expect(ws.status_desc).toBe('Finished');
		const done = [ws.action_status_list.action_status].flat();
		expect(done.map((a: any) => [a.name, a.status, a.result.result])).toEqual([
			['Start', 'FINISHED', 'Y'],
			['Wait', 'FINISHED', 'Y'],
			['Success', 'FINISHED', 'Y'],
		]);
		expect(done[1].result.elapsedTimeMillis).toBe('2000');
		expect(ws.result).toMatchObject({ result: 'Y', nr_errors: '0' });
		const tracker = ws.workflow_tracker;
		expect(tracker.workflow_name).toBe('wf-run');
		const comments = [tracker.workflow_trackers.workflow_tracker].flat().map((t: any) => t.action_result.comment);
		expect(comments[0]).toBe('Start of workflow execution');
		expect(comments).toContain('End of action');
		expect(comments[comments.length - 1]).toBe('Workflow execution finished');
		const log = decodeLog(ws.logging_string);
		expect(log).toContain('wf-run - Start of workflow execution');
		expect(log).toContain('wf-run - Starting action [Wait]');
		expect(log).toContain('wf-run - Finished action [Wait] (result=[true])');
		expect(log).toContain('wf-run - Workflow execution finished');
		// Layout: logging string, line numbers, action list, tracker, result.
		expect(answer.text).toMatch(/<\/logging_string>\n {2}<first_log_line_nr>0<\/first_log_line_nr>\n {2}<last_log_line_nr>\d+<\/last_log_line_nr>\n {2}<action_status_list>\n<action_status><name>Start<\/name>\n<status>FINISHED<\/status>\n<result>/);
		expect(answer.text).toMatch(/<\/action_status_list>\n<workflow_tracker>[\s\S]*<\/workflow_tracker>\n<result>[\s\S]*<\/result><\/workflow-status>$/);
	});

	it('restarting a workflow that ran makes a new engine: a new container id, the entry keeps the old one', async () => {
		const id = await registerWorkflow({ name: 'wf-again', delaySeconds: 1 });
		await call(`/hop/startWorkflow/?name=wf-again&id=${id}&xml=Y`);
		advance(2000);
		const again = (await xml(`/hop/startWorkflow/?name=wf-again&id=${id}&xml=Y`)).doc.webresult;
		expect(again.result).toBe('OK');
		expect(again.id).not.toBe(id);
		// By name and id: the entry's id still finds it; the new id only without a name (findWorkflow by container id).
		expect((await xml(`/hop/workflowStatus/?name=wf-again&id=${id}&xml=Y`)).doc['workflow-status'].status_desc).toBe('Running');
		expect((await xml(`/hop/workflowStatus/?name=wf-again&id=${again.id}&xml=Y`)).doc.webresult.result).toBe('ERROR');
		const byContainer = (await xml(`/hop/workflowStatus/?id=${again.id}&xml=Y`)).doc['workflow-status'];
		expect(byContainer.status_desc).toBe('Running');
		expect(byContainer.workflowname).toBe('');
	});

	it('stops a running workflow: Stopped (not finished), the cut action STOPPED', async () => {
		const id = await registerWorkflow({ name: 'wf-stop', delaySeconds: 3600 });
		await call(`/hop/startWorkflow/?name=wf-stop&id=${id}&xml=Y`);
		advance(1000);
		const stop = (await xml(`/hop/stopWorkflow/?name=wf-stop&id=${id}&xml=Y`)).doc.webresult;
		expect(stop).toEqual({ result: 'OK', message: 'Workflow [wf-stop] stop requested.', id: '' });
		const ws = (await xml(`/hop/workflowStatus/?name=wf-stop&id=${id}&xml=Y`)).doc['workflow-status'];
		expect(ws.status_desc).toBe('Stopped');
		expect([ws.action_status_list.action_status].flat().map((a: any) => [a.name, a.status])).toEqual([
			['Start', 'FINISHED'],
			['Wait', 'STOPPED'],
		]);
		expect(ws.execution_end_date).not.toBe('');
		expect(decodeLog(ws.logging_string)).toContain('wf-stop - Stop workflow execution');
	});

	it('an Abort action stops the workflow with an error: Stopped (with errors)', async () => {
		const id = await registerWorkflow({ name: 'wf-abort', abort: true });
		await call(`/hop/startWorkflow/?name=wf-abort&id=${id}&xml=Y`);
		const ws = (await xml(`/hop/workflowStatus/?name=wf-abort&id=${id}&xml=Y`)).doc['workflow-status'];
		expect(ws.status_desc).toBe('Stopped (with errors)');
		expect(ws.result.nr_errors).toBe('1');
	});

	it('answers JSON and not-found, removes, and draws', async () => {
		const id = await registerWorkflow({ name: 'wf-misc' });
		const asJson = await json(`/hop/workflowStatus/?name=wf-misc&id=${id}&json=Y`);
		expect(asJson.value.workflowName).toBe('wf-misc');
		expect(asJson.value.statusDescription).toBe('Waiting');
		const missing = await call('/hop/workflowStatus/?name=nope&xml=Y');
		expect(missing.text).toContain('<message>The specified workflow [nope] could not be found</message>');
		expect((await call('/hop/workflowStatus/?name=nope')).text).toContain('<H1>Workflow &#39;nope&#39; could not be found.</H1>');
		const image = await call('/hop/workflowImage/?name=wf-misc');
		expect(image.type).toBe('image/svg+xml;charset=UTF-8');
		expect(image.text).toContain('Wait');
		const removed = await call(`/hop/removeWorkflow/?name=wf-misc&id=${id}&xml=Y`);
		expect(removed.text).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<webresult>\n  <result>OK</result>\n  <message/>\n  <id/>\n</webresult>\n');
		expect((await xml(`/hop/removeWorkflow/?name=wf-misc&id=${id}&xml=Y`)).doc.webresult.message).toBe('Could not find the workflow with specified name [wf-misc]!');
		expect((await xml('/hop/stopWorkflow/?name=nope&xml=Y')).doc.webresult.message).toBe('Workflow [nope] could not be found.');
		expect((await xml('/hop/startWorkflow/?name=nope&xml=Y')).doc.webresult.message).toBe('The specified workflow [nope] could not be found');
		expect(state().workflows.some((w) => w.id === id)).toBe(false);
	});
});
