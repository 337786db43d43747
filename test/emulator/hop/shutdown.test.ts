/**
 * Graceful shutdown of a Hop Server 2.19.0 (emulator/areas/hop/routes-exec.ts `/shutdown`, state.ts):
 * with --shutdown-timeout 60 s, so the shutting-down phase can be seen.
 */
import { advance, call, registerPipeline, useHopEmulator, xml } from './helpers';

useHopEmulator({}, { shutdownTimeoutMs: 60_000 });

describe('hop emulator: /shutdown', () => {
	it('answers 200 without body, refuses new work with 503 two seconds later, reports Shutting down, then stops listening', async () => {
		const id = await registerPipeline({ name: 'busy', neverEnding: true });
		await call(`/hop/startPipeline/?name=busy&id=${id}&xml=Y`);
		const answer = await call('/shutdown');
		expect(answer.status).toBe(200);
		expect(answer.text).toBe('');
		// The shutdown starts after the servlet's two-second timer.
		expect((await xml('/hop/status?xml=Y')).doc.serverstatus.shutting_down).toBe('N');
		advance(2000);
		const status = (await xml('/hop/status?xml=Y')).doc.serverstatus;
		expect(status.statusdesc).toBe('Shutting down');
		expect(status.shutting_down).toBe('Y');
		const refused = await call(`/hop/registerPipeline/?xml=Y`, { method: 'POST', body: '<x/>' });
		expect(refused.status).toBe(503);
		expect(refused.text).toContain('The Hop server is shutting down and is not accepting new work.');
		expect((await call(`/hop/startPipeline/?name=busy&id=${id}&xml=Y`)).status).toBe(503);
		// Reading and stopping still work.
		expect((await xml(`/hop/stopPipeline/?name=busy&id=${id}&xml=Y`)).doc.webresult.result).toBe('OK');
		// Nothing runs any more: the server stops.
		await expect(call('/hop/status?xml=Y')).rejects.toThrow();
	});
});
