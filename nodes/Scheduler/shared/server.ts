/**
 * What the scheduler needs to know about the server before it sends a schedule: which rules its
 * version follows and the time zone its JVM runs in (the real servers read some dates in it).
 *
 * - Version: `serverVersion` (GET /api/version/show). 10.3 and later read the start fields
 *   (startHour, startMin, startYear as years since 1900, startMonth, startDay) and the end's wall
 *   clock in the server's zone; 9.3 and 10.2 read `startTime`, moved by the server's zone, and run
 *   complex and cron triggers in the server's zone (see scheduleBuilder.ts for the sources).
 *   10.2 service packs from build 10.2.0.2-270 on carry the 10.3 scheduler (pentaho-scheduler-plugin
 *   31e88a17 "[SP-6650][BISERVER-14374] backport to 10.2 suite for 10.2.0.2"; first tag 10.2.0.2-270, last
 *   without it 10.2.0.2-267), so they follow the 10.3+ rules too.
 *   Unknown version: the 10.3+ rules (what current servers do).
 * - Server zone: `GET /api/system/timezones` → `serverTzId`
 *   (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/SystemResource.java@9.3.0.0-422 and @727e5c86b9,
 *   the list PUC's schedule editor reads). When the server does not have it (404), the schedule's
 *   own zone is assumed and the output says so; when it fails, the item fails.
 * Both are asked once per execution.
 */
import type { IDataObject } from 'n8n-workflow';

import { serverVersion, type ServerVersion } from '../../common/serverVersion';
import { dataflowRequest, type RequestContext } from '../../common/transport';
import { isValidTimeZone } from './time';

export interface SchedulerServer {
	/** 10.3 or later, a 10.2 service pack from 10.2.0.2-270 on, or unknown: the start fields and the 10.3+ reading of dates. */
	modern: boolean;
	/** 9.3 and older: no logLevel, runSafeMode, gatheringMetrics in the request. */
	hasRunOptions: boolean;
	/**
	 * A complex trigger at minute M also fires at minute 0 of the hour: SchedulerResourceUtil adds the start minute to
	 * a ComplexJobTrigger whose constructor already set minute 0 (cron minutes "0,M"). pentaho-scheduler-plugin 10eef812,
	 * first 10.1.0.0-196; fixed by d60dee34 (first 10.2.0.6-362) and 65ae9ad9 (first 11.0.0.0-38); every 10.3 build has it.
	 */
	complexMinuteBug?: boolean;
	/**
	 * The job parameter "timezone" does nothing: the Quartz 2.3.2 upgrade (pentaho-scheduler-plugin e381752e, first
	 * 10.2.0.1-241) left QuartzScheduler.setTimezone building a trigger it never uses, and these builds predate the
	 * 10.3 scheduler that reads the request's timeZone (10.2.0.2-270).
	 */
	zoneParameterIgnored?: boolean;
	/** The server's version as it said it, when it did. */
	version?: string;
	/** The server JVM's time zone, when it said it. */
	timeZone?: string;
}

const zoneCache = new WeakMap<object, Promise<string | undefined>>();

async function serverTimeZone(ctx: RequestContext, itemIndex?: number): Promise<string | undefined> {
	let entry = zoneCache.get(ctx);
	if (!entry) {
		entry = dataflowRequest<IDataObject>(ctx, {
			method: 'GET',
			path: '/api/system/timezones',
			expect: 'json',
			okStatuses: [403, 404, 405],
			itemIndex,
		})
			.then(({ body, status }) => {
				if (status !== 200 || !body || typeof body !== 'object') return undefined;
				const id = (body as IDataObject).serverTzId ?? ((body as IDataObject).timeZoneWrapper as IDataObject | undefined)?.serverTzId;
				return typeof id === 'string' && isValidTimeZone(id) ? id : undefined;
			});
		zoneCache.set(ctx, entry);
		// A failed request is not kept: the next item asks again.
		entry.catch(() => zoneCache.delete(ctx));
	}
	return await entry;
}

/** The first 10.2 service-pack build with the 10.3 scheduler (see above). */
export const SCHEDULER_BACKPORT_BUILD = '10.2.0.2-270';

/** Whether a server of this version reads schedules the 10.3+ way (start fields, no repeat count). */
export function readsStartFields(version: ServerVersion | undefined): boolean {
	if (version === undefined || version.atLeast('10.3')) return true;
	return version.major === 10 && version.minor === 2 && version.atLeast(SCHEDULER_BACKPORT_BUILD);
}

/** See SchedulerServer.complexMinuteBug. */
export function hasComplexMinuteBug(version: ServerVersion | undefined): boolean {
	if (version === undefined || !version.atLeast('10.1.0.0-196')) return false;
	if (version.major === 10 && version.minor <= 2) return !version.atLeast('10.2.0.6-362');
	if (version.major === 10 && version.minor === 3) return true;
	if (version.major === 11 && version.minor === 0) return !version.atLeast('11.0.0.0-38');
	return false;
}

/** See SchedulerServer.zoneParameterIgnored. */
export function ignoresZoneParameter(version: ServerVersion | undefined): boolean {
	return version !== undefined && version.major === 10 && version.minor === 2 && version.atLeast('10.2.0.1-241') && !readsStartFields(version);
}

export async function schedulerServer(ctx: RequestContext, itemIndex?: number): Promise<SchedulerServer> {
	// A server without these endpoints (404) is read as the newest rules in the schedule's zone (the
	// output says so); a failing one (500, no answer) fails the item: guessing could schedule wrongly.
	const version = await serverVersion(ctx, itemIndex);
	const timeZone = await serverTimeZone(ctx, itemIndex);
	return {
		modern: readsStartFields(version),
		complexMinuteBug: hasComplexMinuteBug(version),
		zoneParameterIgnored: ignoresZoneParameter(version),
		hasRunOptions: version === undefined || version.atLeast('10'),
		version: version?.raw,
		timeZone,
	};
}

/** The 10.3+ rules with the schedule's own zone: what planning checks input against. */
export const PLANNING_SERVER: SchedulerServer = { modern: true, hasRunOptions: true };
