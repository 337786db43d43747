/**
 * npm run screenshots [-- --example chain --node "Run and Wait"]
 *
 * Screenshots of the n8n editor for the README: the canvas with an example workflow, a node's
 * parameter panel, and the editor pass of a new user's first day: a repository picker open on the
 * emulator's folders, a picker that says why it cannot load (a credential with a wrong password),
 * the Update ACL panel with its defaults, the Worker's Job Path picker searching sub-folders by name
 * and its Transformation Path picker listing only the transformations of a folder that holds other
 * kinds too; and it checks that a first node added through the node creator preselects the main
 * emulator's credential and that the pickers list what their captions say. Runs a throwaway n8n (the pinned toolchain) with the package installed, the
 * emulator, credentials and the examples imported, and drives Debian's Chromium headless through
 * the toolchain's playwright-core. Needs `apt-get install -y chromium` (or CHROMIUM_PATH). Writes
 * PNGs to docs/screenshots/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

import { childrenFiles } from '../../nodes/common/repositoryPicker';
import { SCREENSHOTS_DIR } from './lib/paths';
import { discoverScenarios, Session } from './lib/runner';

/** The little of playwright-core used here (it is installed in the toolchain, not in this project). */
interface Locator {
	first(): Locator;
	waitFor(options?: { state?: string; timeout?: number }): Promise<void>;
	dblclick(options?: { timeout?: number }): Promise<void>;
	click(options?: { timeout?: number }): Promise<void>;
	count(): Promise<number>;
	isVisible(): Promise<boolean>;
	fill(value: string, options?: { timeout?: number }): Promise<void>;
	hover(options?: { timeout?: number }): Promise<void>;
	textContent(options?: { timeout?: number }): Promise<string | null>;
	allTextContents(): Promise<string[]>;
	inputValue(options?: { timeout?: number }): Promise<string>;
	locator(selector: string): Locator;
}
interface Page {
	goto(url: string, options?: { waitUntil?: string; timeout?: number }): Promise<unknown>;
	locator(selector: string): Locator;
	getByText(text: string, options?: { exact?: boolean }): Locator;
	screenshot(options: { path: string; fullPage?: boolean }): Promise<unknown>;
	waitForTimeout(ms: number): Promise<void>;
	keyboard: { press(key: string): Promise<void> };
	on(event: 'console' | 'pageerror', handler: (value: { text?(): string; message?: string }) => void): void;
}
interface Browser {
	newContext(options: Record<string, unknown>): Promise<{
		addCookies(cookies: Array<Record<string, unknown>>): Promise<void>;
		newPage(): Promise<Page>;
	}>;
	close(): Promise<void>;
}
interface PlaywrightCore {
	chromium: { launch(options: Record<string, unknown>): Promise<Browser> };
}

const CHROMIUM_FLAGS = [
	'--no-sandbox',
	'--disable-gpu',
	'--disable-quic',
	'--no-first-run',
	'--disable-background-networking',
	'--disable-component-update',
	'--disable-sync',
	'--disable-dev-shm-usage',
];

function option(args: string[], name: string, fallback: string): string {
	const index = args.indexOf(name);
	return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
}

async function main(): Promise<number> {
	const args = process.argv.slice(2);
	const exampleName = option(args, '--example', 'chain');
	const nodeName = option(args, '--node', 'Run and Wait');
	const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
	if (!existsSync(chromiumPath)) {
		console.error(`No Chromium at ${chromiumPath}: install Debian's (apt-get install -y chromium) or set CHROMIUM_PATH`);
		return 1;
	}
	const say = (line: string) => console.log(line);
	const session = new Session('screenshots');
	let ok = false;
	let browser: Browser | undefined;
	try {
		await session.prepare(say);
		const scenarios = await discoverScenarios();
		const example = scenarios.find((s) => s.name === exampleName || `${s.number}-${s.name}` === exampleName);
		if (!example?.workflow) throw new Error(`No example ${exampleName}`);
		const { emulators } = await session.provision(scenarios, { allKnownCredentials: true });
		const server = await session.n8n.start();
		await server.setupOwnerAndLogin();
		say(`n8n ready on ${server.url}`);

		const requireFromToolchain = createRequire(path.join(session.toolchain.dir, 'package.json'));
		const { chromium } = requireFromToolchain('playwright-core') as PlaywrightCore;
		browser = await chromium.launch({ executablePath: chromiumPath, headless: true, args: CHROMIUM_FLAGS });
		const context = await browser.newContext({ viewport: { width: 1440, height: 860 }, deviceScaleFactor: 1, colorScheme: 'light' });
		await context.addCookies(
			server.cookieHeader
				.split('; ')
				.filter(Boolean)
				.map((pair) => {
					const at = pair.indexOf('=');
					return { name: pair.slice(0, at), value: pair.slice(at + 1), domain: '127.0.0.1', path: '/' };
				}),
		);
		const page = await context.newPage();
		mkdirSync(SCREENSHOTS_DIR, { recursive: true });

		await page.goto(`${server.url}/workflow/${example.workflow.id}`, { waitUntil: 'load', timeout: 90_000 });
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 90_000 });
		await page.waitForTimeout(1500);
		// Run it from the editor, so the canvas shows the result (ticks, item counts) and the panel its output.
		try {
			await page.locator('[data-test-id="execute-workflow-button"]').first().click({ timeout: 10_000 });
			await page.getByText('Workflow executed successfully').first().waitFor({ timeout: example.definition?.timeoutMs ?? 120_000 });
			say('Ran the workflow in the editor');
			await page
				.locator('.el-notification__closeBtn')
				.first()
				.click({ timeout: 3000 })
				.catch(() => undefined);
			await page.waitForTimeout(1500);
		} catch (error) {
			say(`(could not run the workflow in the editor, screenshots show it unrun: ${(error as Error).message.split('\n')[0]})`);
		}
		const canvasFile = path.join(SCREENSHOTS_DIR, `${example.name}-workflow.png`);
		await page.screenshot({ path: canvasFile });
		say(`Wrote ${path.relative(process.cwd(), canvasFile)}`);

		await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).first().dblclick({ timeout: 30_000 });
		await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
		await page.waitForTimeout(2000);
		const ndvFile = path.join(SCREENSHOTS_DIR, `${example.name}-node-parameters.png`);
		await page.screenshot({ path: ndvFile });
		say(`Wrote ${path.relative(process.cwd(), ndvFile)}`);

		await editorPass(page, server, emulators.main.url, say);
		ok = true;
	} catch (error) {
		say(`Screenshots failed: ${(error as Error).message}`);
	} finally {
		await browser?.close().catch(() => undefined);
		await session.close(!ok, say);
	}
	return ok ? 0 : 1;
}

type Server = Awaited<ReturnType<Session['n8n']['start']>>;

const MAIN_CREDENTIAL = 'Dataflow Server (emulator)';

/**
 * A new user's first node: on a workflow with only a manual trigger, add Dataflow Repository
 * through the node creator (the + on the trigger's output, search, the first action) and read which
 * credential the editor preselected. It must be the main emulator's, not the second emulator's
 * (the runner imports the main emulator's credentials with the latest times, test/e2e/lib/runner.ts).
 * Runs before anything else creates a credential. Fails the run otherwise.
 */
async function newNodeCredential(page: Page, server: Server, say: (line: string) => void): Promise<void> {
	const created = await server.request<{ data?: { id?: string } }>('POST', '/rest/workflows', {
		name: 'First node',
		active: false,
		settings: {},
		connections: {},
		nodes: [{ id: 'trigger', name: 'When clicking', type: 'n8n-nodes-base.manualTrigger', typeVersion: 1, position: [0, 0], parameters: {} }],
	});
	const workflowId = created.body?.data?.id;
	if (!workflowId) throw new Error(`creating the first-node workflow answered ${created.status}`);
	const file = path.join(SCREENSHOTS_DIR, 'new-node-credential.png');
	try {
		await page.goto(`${server.url}/workflow/${workflowId}`, { waitUntil: 'load', timeout: 90_000 });
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 90_000 });
		await page.waitForTimeout(1500);
		await page.locator('[data-test-id="canvas-node"]').first().hover({ timeout: 10_000 });
		await page.locator('[data-test-id="canvas-handle-plus"]').first().click({ timeout: 30_000 });
		await page.locator('[data-test-id="node-creator-search-bar"]').first().fill('Dataflow Repository', { timeout: 30_000 });
		await page.waitForTimeout(1000);
		// The node (with its trigger, as n8n groups them), then one of its actions.
		await page.locator('[data-test-id="item-iterator-item"]').first().click({ timeout: 30_000 });
		await page.getByText('Check whether file exists', { exact: true }).first().click({ timeout: 30_000 });
		await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
		await page.waitForTimeout(2000);
		await page.screenshot({ path: file });
		say(`Wrote ${path.relative(process.cwd(), file)}`);
	} catch (error) {
		await page.screenshot({ path: file }).catch(() => undefined);
		throw new Error(`adding a first node in the editor failed (see ${path.relative(process.cwd(), file)}): ${(error as Error).message.split('\n')[0]}`);
	}
	const select = page.locator('[data-test-id="node-credentials-select"]').first();
	const shown = `${(await select.textContent({ timeout: 10_000 })) ?? ''} ${await select
		.locator('input')
		.first()
		.inputValue({ timeout: 5_000 })
		.catch(() => '')}`.replace(/\s+/g, ' ');
	if (!shown.includes(MAIN_CREDENTIAL)) throw new Error(`a new Dataflow Repository node preselected "${shown.trim()}", not "${MAIN_CREDENTIAL}"`);
	say(`A new node preselects "${MAIN_CREDENTIAL}"`);
}

/**
 * Pickers (one that loads, one that cannot and says why), the Update ACL panel with its defaults, and
 * the Worker's pickers: a search by name that reaches sub-folders, and a picker that lists only its kind.
 */
async function editorPass(page: Page, server: Server, baseUrl: string, say: (line: string) => void): Promise<void> {
	await newNodeCredential(page, server, say);
	const bad = await server.request<{ data?: { id?: string } }>('POST', '/rest/credentials', {
		name: 'Dataflow Server (wrong password)',
		type: 'dataflowServerApi',
		data: { baseUrl, username: 'admin', password: 'not-the-password', serverKind: 'biServer', workerPath: 'kettle', schedulerPath: 'api/scheduler', ignoreSslIssues: false },
	});
	const badId = bad.body?.data?.id;
	if (!badId) throw new Error(`creating the wrong-password credential answered ${bad.status}`);
	const node = (name: string, x: number, parameters: Record<string, unknown>, credential: { id: string; name: string }) => ({
		id: name.replace(/\W+/g, '-').toLowerCase(),
		name,
		type: 'n8n-nodes-dataflow.dataflowRepository',
		typeVersion: 1,
		position: [x, 0],
		parameters,
		credentials: { dataflowServerApi: credential },
	});
	const main = { id: 'dataflowServer01', name: MAIN_CREDENTIAL };
	const worker = (name: string, x: number, parameters: Record<string, unknown>) => ({
		...node(name, x, parameters, main),
		type: 'n8n-nodes-dataflow.dataflowWorker',
		position: [x, 300],
	});
	const created = await server.request<{ data?: { id?: string } }>('POST', '/rest/workflows', {
		name: 'Editor pass',
		active: false,
		settings: {},
		connections: {},
		nodes: [
			node('Get Properties', 0, { resource: 'file', operation: 'getProperties', path: { __rl: true, mode: 'list', value: '' } }, main),
			node('Wrong Password', 300, { resource: 'file', operation: 'getProperties', path: { __rl: true, mode: 'list', value: '' } }, { id: badId, name: 'Dataflow Server (wrong password)' }),
			node('Update ACL', 600, { resource: 'access', operation: 'updateAcl', path: { __rl: true, mode: 'path', value: '/public/sales.ktr' } }, main),
			worker('Run Job and Wait', 0, { resource: 'job', operation: 'runAndWait', jobPath: { __rl: true, mode: 'list', value: '' } }),
			worker('Run Transformation and Wait', 300, { resource: 'transformation', operation: 'runAndWait', transPath: { __rl: true, mode: 'list', value: '' } }),
		],
	});
	const workflowId = created.body?.data?.id;
	if (!workflowId) throw new Error(`creating the editor-pass workflow answered ${created.status}`);
	const shoot = async (name: string) => {
		const file = path.join(SCREENSHOTS_DIR, `${name}.png`);
		await page.screenshot({ path: file });
		say(`Wrote ${path.relative(process.cwd(), file)}`);
	};
	const open = async (nodeName: string) => {
		// A fresh page for each node: an open dropdown and panel are gone, nothing intercepts the click.
		await page.goto(`${server.url}/workflow/${workflowId}`, { waitUntil: 'load', timeout: 90_000 });
		await page.locator('[data-test-id="canvas-node"]').first().waitFor({ timeout: 90_000 });
		await page.waitForTimeout(1500);
		await page.locator(`[data-test-id="canvas-node"][data-node-name="${nodeName}"]`).first().dblclick({ timeout: 30_000 });
		await page.locator('[data-test-id="ndv"]').first().waitFor({ timeout: 30_000 });
		await page.waitForTimeout(1500);
	};

	await open('Get Properties');
	await page.locator('[data-test-id="rlc-input"]').first().click({ timeout: 30_000 });
	await page.locator('[data-test-id="rlc-item"]').first().waitFor({ timeout: 60_000 });
	await page.waitForTimeout(1000);
	await shoot('picker-list');

	await open('Wrong Password');
	await page.locator('[data-test-id="rlc-input"]').first().click({ timeout: 30_000 });
	await page.locator('[data-test-id="rlc-error-container"]').first().waitFor({ timeout: 60_000 });
	await page.waitForTimeout(1000);
	await shoot('picker-error');

	await open('Update ACL');
	await shoot('update-acl-panel');

	await workerPickers(page, open, shoot, baseUrl, say);
}

/** The items the open picker lists, as shown. */
async function pickerItems(page: Page): Promise<string[]> {
	return (await page.locator('[data-test-id="rlc-item"]').allTextContents()).map((text) => text.trim()).filter(Boolean);
}

/** Types into the search box of the open picker and waits until an item with `expect` is listed. */
async function searchPicker(page: Page, text: string, expect: string): Promise<string[]> {
	await page.locator('[data-test-id="rlc-input"]').first().click({ timeout: 30_000 });
	await page.locator('input[data-test-id="rlc-search"], [data-test-id="rlc-search"] input').first().fill(text, { timeout: 30_000 });
	await page.locator(`[data-test-id="rlc-item"]:has-text("${expect}")`).first().waitFor({ timeout: 60_000 });
	await page.waitForTimeout(1500);
	return await pickerItems(page);
}

/** A request to the emulator's repository as its admin (the credentials' user). */
async function repository(baseUrl: string, method: string, pathId: string, body?: string): Promise<string> {
	const response = await fetch(`${baseUrl}/api/repo/${pathId}`, {
		method,
		headers: {
			authorization: `Basic ${Buffer.from('admin:password').toString('base64')}`,
			accept: 'application/json',
			...(body !== undefined ? { 'content-type': 'application/octet-stream' } : {}),
		},
		body,
	});
	if (!response.ok) throw new Error(`${method} /api/repo/${pathId} answered ${response.status}`);
	return await response.text();
}

/**
 * The Worker's pickers, in list mode. Job Path with `load` typed: the search reaches the jobs in
 * sub-folders (/public/etl/daily_load.kjb) and leaves out the transformation load_sales.ktr.
 * Transformation Path on /public/etl/, which is first given a second transformation, a report page and
 * a sub-folder beside its job: only the two transformations are listed.
 */
async function workerPickers(
	page: Page,
	open: (nodeName: string) => Promise<void>,
	shoot: (name: string) => Promise<void>,
	baseUrl: string,
	say: (line: string) => void,
): Promise<void> {
	await open('Run Job and Wait');
	const found = await searchPicker(page, 'load', 'daily_load.kjb');
	if (!found.includes('/public/etl/daily_load.kjb') || found.some((item) => !item.endsWith('.kjb'))) {
		throw new Error(`the Job Path search for "load" listed ${JSON.stringify(found)}: expected /public/etl/daily_load.kjb and jobs only`);
	}
	await shoot('picker-search');
	say(`Job Path, "load": ${found.join(', ')}`);

	const transformation = await repository(baseUrl, 'GET', 'files/:public:etl:load_sales.ktr');
	await repository(baseUrl, 'PUT', 'files/:public:etl:load_customers.ktr', transformation.replace(/load_sales/g, 'load_customers'));
	await repository(baseUrl, 'PUT', 'files/:public:etl:sales_report.html', '<html><body><h1>Sales</h1></body></html>\n');
	await repository(baseUrl, 'PUT', 'dirs/:public:etl:archive');
	const inFolder = childrenFiles(JSON.parse(await repository(baseUrl, 'GET', 'files/:public:etl/children?showHidden=false')) as unknown);
	const kinds = inFolder.map((file) => (file.folder ? `${file.name}/` : file.name));
	if (!['daily_load.kjb', 'sales_report.html', 'archive/', 'load_sales.ktr'].every((name) => kinds.includes(name))) {
		throw new Error(`/public/etl holds ${JSON.stringify(kinds)}: expected a job, a transformation, a report page and a folder`);
	}

	await open('Run Transformation and Wait');
	const listed = await searchPicker(page, '/public/etl/', 'load_customers.ktr');
	const expected = ['/public/etl/load_customers.ktr', '/public/etl/load_sales.ktr'];
	if (JSON.stringify(listed) !== JSON.stringify(expected)) {
		throw new Error(`the Transformation Path picker on /public/etl/ (holding ${kinds.join(', ')}) listed ${JSON.stringify(listed)}, not ${JSON.stringify(expected)}`);
	}
	await shoot('picker-kinds');
	say(`Transformation Path, /public/etl/ (${kinds.join(', ')}): ${listed.join(', ')}`);
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		process.exit(1);
	},
);
