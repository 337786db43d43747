/**
 * npm run screenshots [-- --example chain --node "Run and Wait"]
 *
 * Screenshots of the n8n editor for the README: the canvas with an example workflow, and a node's
 * parameter panel. Runs a throwaway n8n (the pinned toolchain) with the package installed, the
 * emulator, credentials and the examples imported, and drives Debian's Chromium headless through
 * the toolchain's playwright-core. Needs `apt-get install -y chromium` (or CHROMIUM_PATH). Writes
 * PNGs to docs/screenshots/.
 */
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

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
		await session.provision(scenarios, { allKnownCredentials: true });
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
		ok = true;
	} catch (error) {
		say(`Screenshots failed: ${(error as Error).message}`);
	} finally {
		await browser?.close().catch(() => undefined);
		await session.close(!ok, say);
	}
	return ok ? 0 : 1;
}

main().then(
	(code) => process.exit(code),
	(error: Error) => {
		console.error(error.stack ?? error.message);
		process.exit(1);
	},
);
