/** The platform's time-zone list, which the schedule editor reads (registered with the scheduler area). */
import type { EmulatorApp } from '../../core/app';
import { jersey1Json } from '../../core/jsonStyle';
import { escapeXml } from '../../core/xml';
import { XML_DECLARATION } from './format';
import { schedulerRules } from './store';
import { formatInZone } from './time';

export function registerSystemRoutes(app: EmulatorApp): void {
	// The zone list PUC's schedule editor reads, with the server's own zone first
	// (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/SystemResource.java@727e5c86b9
	// and @9.3.0.0-422, TimeZoneWrapper.java). The emulator lists a few zones, not all of Java's.
	app.server.add(
		'GET',
		'/api/system/timezones',
		(ctx) => {
			const serverTzId = schedulerRules(app).serverTimeZone;
			const ids = [...new Set([serverTzId, 'UTC', 'Europe/Berlin', 'Europe/London', 'America/New_York', 'Asia/Tokyo'])];
			const entries = ids.map((key) => ({ key, value: `${key} (${formatInZone(app.now(), key).slice(-6)})` }));
			if (ctx.wantsJson()) {
				// 11.x: TimeZonesEntries { entry: [...] }; 9.x/10.x: a map written by Jersey 1.
				const body = app.profile.atLeast('11') ? { timeZones: { entry: entries }, serverTzId } : jersey1Json({ timeZones: { entry: entries }, serverTzId });
				ctx.sendJson(200, body);
			} else {
				ctx.sendXml(
					200,
					`${XML_DECLARATION}<timeZoneWrapper><serverTzId>${escapeXml(serverTzId, 'noApostrophe')}</serverTzId><timeZones>${entries.map((e) => `<entry><key>${escapeXml(e.key, 'noApostrophe')}</key><value>${escapeXml(e.value, 'noApostrophe')}</value></entry>`).join('')}</timeZones></timeZoneWrapper>`,
					'application/xml',
				);
			}
		},
		{ format: 'json', errorStyle: 'platform' },
	);
}
