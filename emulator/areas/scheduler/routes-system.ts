/** The platform's time-zone list, which the schedule editor reads (registered with the scheduler area). */
import type { EmulatorApp } from '../../core/app';
import { jersey1Json } from '../../core/jsonStyle';
import { escapeXml } from '../../core/xml';
import { XML_DECLARATION } from './format';
import { negotiate } from './request';
import { schedulerRules } from './store';
import { offsetMinutes, wallOf } from '../../core/time';

function longName(instant: number, zone: string): string {
	const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'long' }).formatToParts(new Date(instant)).find((p) => p.type === 'timeZoneName');
	return part?.value ?? zone;
}

/**
 * SystemResource.formatTimezoneIdToDisplayName: `<id> - <TimeZone.getDisplayName(true, LONG)> (UTC±hhmm)`, the
 * offset at the current time and the zone's daylight-saving name (its standard name when it has none). Intl's
 * names stand in for Java's (they differ for a few zones).
 */
function displayName(zone: string, now: number): string {
	const year = wallOf(now, 'UTC').year;
	const jan = Date.UTC(year, 0, 15);
	const jul = Date.UTC(year, 6, 15);
	const daylight = offsetMinutes(jul, zone) > offsetMinutes(jan, zone) ? jul : offsetMinutes(jan, zone) > offsetMinutes(jul, zone) ? jan : now;
	const offset = offsetMinutes(now, zone);
	const abs = Math.abs(offset);
	const text = `${offset >= 0 ? '+' : '-'}${String(Math.trunc(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
	return `${zone} - ${longName(daylight, zone)} (UTC${text})`;
}

function zoneIds(serverTzId: string): string[] {
	const intl = Intl as unknown as { supportedValuesOf?: (key: string) => string[] };
	const ids = typeof intl.supportedValuesOf === 'function' ? intl.supportedValuesOf('timeZone') : ['Europe/Berlin', 'Europe/London', 'America/New_York', 'Asia/Tokyo'];
	return [...new Set([serverTzId, 'UTC', ...ids])].filter((id) => !id.toLowerCase().includes('gmt'));
}

export function registerSystemRoutes(app: EmulatorApp): void {
	// GET /api/system/timezones, @Produces({APPLICATION_JSON, APPLICATION_XML}): every Java zone id without "gmt"
	// in it, each with its display name, and serverTzId = TimeZone.getDefault().getID().
	// pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/SystemResource.java@9.3.0.0-R
	// and @11.0.0.0-237; TimeZoneWrapper.java there: 9.x/10.x a Map (JAXB <timeZones><entry><key/><value/></entry>…,
	// Jersey 1 JSON {"timeZones":{"entry":[…]}}), 11.x TimeZonesEntries { entry: [{key, value}] } (same JSON shape).
	// The order is a HashMap's in the real server (none in particular).
	app.server.add(
		'GET',
		'/api/system/timezones',
		(ctx) => {
			const serverTzId = schedulerRules(app).serverTimeZone;
			const entries = zoneIds(serverTzId).map((key) => ({ key, value: displayName(key, app.now()) }));
			if (negotiate(ctx, 'json') === 'json') {
				const body = { serverTzId, timeZones: { entry: entries } };
				ctx.sendJson(200, app.profile.jsonStyle === 'jackson' ? body : jersey1Json(body));
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
