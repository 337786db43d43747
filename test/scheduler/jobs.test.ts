import { parseXml } from '../../nodes/common/xml';
import { toBoolean } from '../../nodes/common/values';
import { describeJob, jobFromBody, jobsFromBody, normalizeJob } from '../../nodes/Scheduler/shared/jobs';

const JACKSON_JOB = {
	jobId: 'admin\tDaily sales\t1712345678901',
	jobName: 'Daily sales',
	userName: 'admin',
	groupName: 'admin',
	state: 'NORMAL',
	lastRun: '2026-01-14T06:00:00.000+01:00',
	nextRun: '2026-01-15T06:00:00.000+01:00',
	jobParams: {
		jobParams: [
			{ name: 'uiPassParam', value: 'DAILY' },
			{ name: 'ActionAdapterQuartzJob-StreamProvider', value: 'input file = /public/sales.ktr:outputFile = /home/admin/output/Daily sales.*' },
			{ name: 'ActionAdapterQuartzJob-StreamProvider-InputFile', value: '/public/sales.ktr' },
			{ name: 'region', value: 'EMEA' },
			{ name: 'region', value: 'APAC' },
		],
	},
	jobTrigger: {
		'@type': 'complexJobTrigger',
		startTime: '2026-01-01T00:00:00.000+01:00',
		uiPassParam: 'DAILY',
		cronString: '0 0 6 ? * 2,3,4,5,6 *',
		duration: '-1',
		startHour: '6',
		startMin: '0',
		dayOfWeekRecurrences: { recurrenceList: { values: ['2', '3', '4', '5', '6'] } },
		hourlyRecurrences: { recurrenceList: { values: ['6'] } },
		yearlyRecurrences: {},
		timeZone: 'Europe/Berlin',
	},
};

const EXPECTED = {
	jobId: 'admin\tDaily sales\t1712345678901',
	jobName: 'Daily sales',
	state: 'NORMAL',
	userName: 'admin',
	groupName: 'admin',
	nextRun: '2026-01-15T05:00:00.000Z',
	lastRun: '2026-01-14T05:00:00.000Z',
	inputFile: '/public/sales.ktr',
	outputFolder: '/home/admin/output',
	jobTrigger: {
		type: 'complexJobTrigger',
		startTime: '2025-12-31T23:00:00.000Z',
		uiPassParam: 'DAILY',
		cronString: '0 0 6 ? * 2,3,4,5,6 *',
		duration: -1,
		startHour: 6,
		startMin: 0,
		dayOfWeekRecurrences: [2, 3, 4, 5, 6],
		hourlyRecurrences: [6],
		yearlyRecurrences: [],
		timeZone: 'Europe/Berlin',
	},
	jobParams: {
		uiPassParam: 'DAILY',
		'ActionAdapterQuartzJob-StreamProvider': 'input file = /public/sales.ktr:outputFile = /home/admin/output/Daily sales.*',
		'ActionAdapterQuartzJob-StreamProvider-InputFile': '/public/sales.ktr',
		region: ['EMEA', 'APAC'],
	},
};

describe('job normaliser', () => {
	it('reads an 11.x JSON job list: typed numbers, ISO dates, parameters as an object, recurrences as numbers', () => {
		const jobs = jobsFromBody({ job: [JACKSON_JOB] }).map(normalizeJob);
		expect(jobs).toEqual([EXPECTED]);
	});

	it('reads an older server: scalars as strings and a one-element list as a bare object', () => {
		const legacy = {
			job: {
				...JACKSON_JOB,
				jobParams: { jobParams: { name: 'uiPassParam', value: 'MINUTES' } },
				jobTrigger: { '@type': 'simpleJobTrigger', startTime: '2026-01-01T00:00:00+01:00', repeatCount: '-1', repeatInterval: '1800', endTime: '' },
			},
		};
		const jobs = jobsFromBody(legacy).map(normalizeJob);
		expect(jobs).toHaveLength(1);
		expect(jobs[0].jobParams).toEqual({ uiPassParam: 'MINUTES' });
		expect(jobs[0].jobTrigger).toEqual({
			type: 'simpleJobTrigger',
			startTime: '2025-12-31T23:00:00.000Z',
			repeatCount: -1,
			repeatInterval: 1800,
			endTime: null,
		});
		expect(jobs[0].inputFile).toBeUndefined();
	});

	it('reads the XML form (<jobs><job>, xsi:type, tab in the id, input file from the stream provider only)', () => {
		const xml = `<?xml version="1.0"?><jobs><job><groupName>admin</groupName><jobId>admin\tUpdateAuditData\t1408373019115</jobId><jobName>UpdateAuditData</jobName>
<jobParams><jobParams><name>ActionAdapterQuartzJob-StreamProvider</name><value>input file = /public/audit/UpdateAuditData.xaction:outputFile = /public/audit/logs/UpdateAuditData.*</value></jobParams></jobParams>
<jobTrigger xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:type="simpleJobTrigger"><duration>-1</duration><startTime>2014-07-14T12:47:00-04:00</startTime><uiPassParam>MINUTES</uiPassParam><repeatCount>-1</repeatCount><repeatInterval>1800</repeatInterval></jobTrigger>
<lastRun>2014-08-18T12:47:00-04:00</lastRun><nextRun>2014-08-18T13:17:00-04:00</nextRun><state>NORMAL</state><userName>admin</userName></job><job><jobId>admin\tx\t1</jobId><state>PAUSED</state></job></jobs>`;
		const jobs = jobsFromBody(parseXml(xml)).map(normalizeJob);
		expect(jobs).toHaveLength(2);
		expect(jobs[0]).toEqual({
			jobId: 'admin\tUpdateAuditData\t1408373019115',
			jobName: 'UpdateAuditData',
			state: 'NORMAL',
			userName: 'admin',
			groupName: 'admin',
			nextRun: '2014-08-18T17:17:00.000Z',
			lastRun: '2014-08-18T16:47:00.000Z',
			inputFile: '/public/audit/UpdateAuditData.xaction',
			outputFolder: '/public/audit/logs',
			jobTrigger: {
				type: 'simpleJobTrigger',
				duration: -1,
				startTime: '2014-07-14T16:47:00.000Z',
				uiPassParam: 'MINUTES',
				repeatCount: -1,
				repeatInterval: 1800,
			},
			jobParams: {
				'ActionAdapterQuartzJob-StreamProvider':
					'input file = /public/audit/UpdateAuditData.xaction:outputFile = /public/audit/logs/UpdateAuditData.*',
			},
		});
		expect(jobs[1]).toEqual({ jobId: 'admin\tx\t1', state: 'PAUSED', jobParams: {} });
	});

	it('finds the job of a one-job answer in JSON and in XML', () => {
		expect(jobFromBody(JACKSON_JOB)?.jobId).toBe(JACKSON_JOB.jobId);
		expect(jobFromBody(parseXml('<job><jobId>admin\tx\t1</jobId></job>'))?.jobId).toBe('admin\tx\t1');
		expect(jobFromBody(undefined)).toBeUndefined();
		expect(jobsFromBody('')).toEqual([]);
		expect(jobsFromBody({ job: [] })).toEqual([]);
		expect(jobsFromBody([JACKSON_JOB])).toHaveLength(1);
	});

	// Block status fields come as JSON booleans (Jackson) or as strings (Jersey 1); whole yes/no bodies
	// (quoted too) are read by the common booleanAnswer, tested in test/common/primitives.test.ts.
	it('reads yes/no answers as text or JSON', () => {
		expect(toBoolean('true')).toBe(true);
		expect(toBoolean(' false\n')).toBe(false);
		expect(toBoolean(true)).toBe(true);
		expect(toBoolean('maybe')).toBeUndefined();
	});
});

describe('describeJob: Get and Get Many rows', () => {
	const monthly = {
		jobId: 'admin\tClose\t1',
		jobName: 'Close',
		userName: 'admin',
		state: 'NORMAL',
		nextRun: '2026-11-27T18:00:00.000+01:00',
		jobParams: { jobParams: [] },
		jobTrigger: {
			'@type': 'complexJobTrigger',
			uiPassParam: 'MONTHLY',
			duration: '-1',
			startHour: '18',
			startMin: '0',
			startYear: '126',
			startMonth: '10',
			startDay: '15',
			startAmPm: '-1',
			timeZone: 'Europe/Berlin',
			cronString: '0 0 18 ? 1,4 6L *',
			dayOfWeekRecurrences: { qualifiedDayOfWeek: { qualifier: 'LAST', dayOfWeek: 'FRI' } },
			monthlyRecurrences: { recurrenceList: { values: ['1', '4'] } },
			yearlyRecurrences: {},
			dayOfMonthRecurrences: {},
			hourlyRecurrences: { recurrenceList: { values: ['18'] } },
			minuteRecurrences: { recurrenceList: { values: ['0'] } },
			secondRecurrences: { recurrenceList: { values: ['0'] } },
		},
	};

	it('says when the job runs in words: month 10 is November, years since 1900, "last Friday", month names; empty fields left out; raw only when asked', () => {
		expect(describeJob(monthly)).not.toHaveProperty('raw');
		const row = describeJob(monthly, true);
		expect(row.jobTrigger).toEqual({
			type: 'complex',
			uiPassParam: 'MONTHLY',
			timeOfDay: '18:00',
			startDate: '2026-11-15',
			timeZone: 'Europe/Berlin',
			cronString: '0 0 18 ? 1,4 6L *',
			daysOfWeek: ['last Friday'],
			months: ['January', 'April'],
		});
		expect(row.raw).toBe(monthly);
		expect(JSON.stringify(row.jobTrigger)).not.toMatch(/":"?-1|Recurrences/);
	});

	it('plain days of week (Quartz 1 = Sunday) become day names', () => {
		const row = describeJob({ ...monthly, jobTrigger: { ...monthly.jobTrigger, dayOfWeekRecurrences: { recurrenceList: { values: ['2', '6'] } }, monthlyRecurrences: {} } });
		expect((row.jobTrigger as { daysOfWeek: string[] }).daysOfWeek).toEqual(['Monday', 'Friday']);
	});
});
