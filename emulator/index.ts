/**
 * The emulator: a stand-in for the worker server, the BI server and the catalog on 127.0.0.1.
 * Dev-only, never in the published package.
 *
 *   const emu = await startEmulator();            // a free port
 *   emu.url        → http://127.0.0.1:PORT/pentaho   (Base URL of the Dataflow Server API credential)
 *   emu.catalogUrl → http://127.0.0.1:PORT/catalog   (Catalog URL of the Dataflow Catalog API credential)
 *   await emu.stop();
 */
import { AREAS } from './areas';
import { EmulatorApp, type EmulatorOptions } from './core/app';

export { EmulatorApp, DEFAULT_USERS, webResultXml, type EmulatorOptions } from './core/app';
export { FAULT_KINDS, type FaultKind, type FaultRule } from './core/faults';
export type { EmulatorUser, LoggedRequest, RequestContext } from './core/types';

export interface RunningEmulator {
	url: string;
	catalogUrl: string;
	app: EmulatorApp;
	stop(): Promise<void>;
}

export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
	const app = new EmulatorApp(options);
	for (const area of AREAS) await area.register(app);
	await app.start();
	return { url: app.url, catalogUrl: app.catalogUrl, app, stop: () => app.stop() };
}
