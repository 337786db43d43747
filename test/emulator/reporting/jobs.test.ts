/**
 * Asynchronous report jobs: `/api/repos/{pathId}/reportjob` and `/plugin/reporting/api/jobs/…` (JobManager):
 * emulator/areas/reporting/routes-jobs.ts and routes-render.ts.
 */
import { BROKEN, bytesOf, call, expectPdf, report, SALES, useReportingEmulator } from './helpers';

useReportingEmulator({ seed: { reporting: { asyncDurationMs: 50 } } });

const JOBS = '/plugin/reporting/api/jobs';

async function submit(path: string, pairs: Array<[string, string]>, user = 'admin'): Promise<string> {
	const response = await call('POST', report(path, 'reportjob'), { body: new URLSearchParams(pairs), contentType: 'application/x-www-form-urlencoded', user });
	expect(response.status).toBe(302);
	const location = response.headers.get('location') ?? '';
	const match = /^\/pentaho\/plugin\/reporting\/api\/jobs\/([0-9a-f-]{36})\/status$/.exec(location);
	expect(match).not.toBeNull();
	return match![1];
}

async function status(uuid: string, user = 'admin'): Promise<Record<string, unknown>> {
	const response = await call('GET', `${JOBS}/${uuid}/status`, { user });
	expect(response.status).toBe(200);
	expect(response.headers.get('content-type')).toBe('application/json');
	return (await response.json()) as Record<string, unknown>;
}

async function settled(uuid: string): Promise<Record<string, unknown>> {
	for (let i = 0; i < 100; i++) {
		const state = await status(uuid);
		if (!['QUEUED', 'WORKING'].includes(String(state.status))) return state;
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	throw new Error('the job did not finish');
}

it('config: the JobManager settings in alphabetical order, the default output path being the home folder', async () => {
	const response = await call('GET', `${JOBS}/config`);
	expect(response.headers.get('content-type')).toBe('application/json');
	expect(await response.text()).toBe(
		'{"defaultOutputPath":"/home/admin","dialogThresholdMilliseconds":1500,"pollingIntervalMilliseconds":500,"promptForLocation":true,"supportAsync":true}',
	);
});

it('a job runs, is polled and its content fetched (202 until it finishes)', async () => {
	const uuid = await submit(SALES, [
		['Region', 'APAC'],
		['output-target', 'table/csv;page-mode=stream'],
	]);
	const first = await status(uuid);
	expect(Object.keys(first)).toEqual(['path', 'uuid', 'status', 'progress', 'page', 'totalPages', 'row', 'totalRows', 'activity', 'mimeType', 'errorMessage', 'generatedPage', 'isQueryLimitReached']);
	expect(first).toMatchObject({ path: '/public/Steel Wheels/Sales by Region.prpt', uuid, status: 'QUEUED', mimeType: 'text/csv', errorMessage: null });
	expect((await call('GET', `${JOBS}/${uuid}/content`)).status).toBe(202);
	const done = await settled(uuid);
	expect(done).toMatchObject({ status: 'FINISHED', progress: 100, totalRows: 84 });
	const content = await call('POST', `${JOBS}/${uuid}/content`);
	expect(content.status).toBe(200);
	expect(content.headers.get('content-type')).toBe('text/csv');
	expect(content.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''Sales%20by%20Region.csv");
	expect(content.headers.get('content-description')).toBe('Sales by Region.prpt');
	expect(content.headers.get('cache-control')).toBe('private, no-transform, must-revalidate, max-age=0');
	expect(await content.text()).toContain('APAC,2004,Jan,Classic Cars');
});

it('a PDF job is inline', async () => {
	const uuid = await submit(SALES, [['Region', 'EMEA'], ['output-target', 'pageable/pdf']]);
	await settled(uuid);
	const content = await call('GET', `${JOBS}/${uuid}/content`);
	expect(content.headers.get('content-disposition')).toBe("inline; filename*=UTF-8''Sales%20by%20Region.pdf");
	expectPdf(await bytesOf(content));
});

it('a reserved id is used by the next job of the same user', async () => {
	const reserve = await call('POST', `${JOBS}/reserveId`);
	const { reservedId } = (await reserve.json()) as { reservedId: string };
	const uuid = await submit(SALES, [['Region', 'EMEA'], ['reservedId', reservedId]]);
	expect(uuid).toBe(reservedId);
});

it('failures: FAILED with the messages of the cause chain, or without a message when execute() returns false', async () => {
	const missing = await settled(await submit(SALES, []));
	expect(missing).toMatchObject({ status: 'FAILED', errorMessage: 'The parameters provided for this report are not valid..\n' });
	const broken = await settled(await submit(BROKEN, []));
	expect(broken).toMatchObject({ status: 'FAILED', errorMessage: 'Failed to execute query..\nTable "CUSTOMERS_ARCHIVE" not found.\n' });
	const unconvertible = await settled(await submit(SALES, [['Region', 'EMEA'], ['Year', 'x']]));
	expect(unconvertible).toMatchObject({ status: 'FAILED', errorMessage: null });
});

it('cancel, requestPage, and 404 for unknown ids and other users’ jobs', async () => {
	const uuid = await submit(SALES, [['Region', 'EMEA']]);
	expect((await call('GET', `${JOBS}/${uuid}/cancel`)).status).toBe(200);
	expect((await status(uuid)).status).toBe('CANCELED');
	const page = await call('GET', `${JOBS}/${uuid}/requestPage/3`);
	expect(await page.text()).toBe('3');
	const other = await call('GET', `${JOBS}/${uuid}/status`, { user: 'suzy' });
	expect(other.status).toBe(404);
	expect(await other.text()).toContain('Sorry, something went wrong.');
	expect((await call('GET', `${JOBS}/not-a-uuid/status`)).status).toBe(404);
	expect((await call('GET', `${JOBS}/00000000-0000-0000-0000-000000000000/content`)).status).toBe(404);
});
