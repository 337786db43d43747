/**
 * The schedule builder's fields, as the Create and blockout operations show them: trigger type,
 * recurrence, duration (blockouts), job name, input file and parameters (jobs), and an Options
 * collection (start, end, zone, repeat count; output folder and run options for jobs), or a schedule
 * request written as JSON. What they become is in scheduleRequest.ts.
 */
import type { IDisplayOptions, INodeProperties, INodePropertyOptions } from 'n8n-workflow';

import { LOG_LEVEL_OPTIONS } from '../../common/logLevels';
import { repositoryPathField } from '../../common/repositoryPicker';
import type { SchedulePurpose } from './scheduleRequest';

// Days in calendar order (Monday first) for the Days of Week list (a multiOptions field, which the sort rule leaves alone).
const DAY_OPTIONS = [
	{ name: 'Monday', value: 1 },
	{ name: 'Tuesday', value: 2 },
	{ name: 'Wednesday', value: 3 },
	{ name: 'Thursday', value: 4 },
	{ name: 'Friday', value: 5 },
	{ name: 'Saturday', value: 6 },
	{ name: 'Sunday', value: 0 },
];

type Show = NonNullable<IDisplayOptions['show']>;

/** An `options` field's choices sorted by name (n8n's rule for option lists). */
const byName = <T extends { name: string }>(options: T[]): T[] =>
	[...options].sort((a, b) => a.name.localeCompare(b.name, 'en', { sensitivity: 'base' }));

/** The trigger types, sorted by name (n8n's rule for option lists). */
const TRIGGER_TYPE_OPTIONS: INodePropertyOptions[] = [
	{ name: 'Cron Expression', value: 'cron', description: 'A Quartz cron expression (a 5-field Unix one is converted)' },
	{ name: 'Daily', value: 'daily', description: 'Every day, every weekday, or every N days at the time of day of the start time' },
	{ name: 'Every N Hours', value: 'hours' },
	{ name: 'Every N Minutes', value: 'minutes' },
	{ name: 'Every N Seconds', value: 'seconds' },
	{ name: 'Monthly', value: 'monthly', description: 'On a day of the month, or on a weekday of a week of the month' },
	{ name: 'Run Once', value: 'runOnce', description: 'Once, at the start time' },
	{ name: 'Weekly', value: 'weekly', description: 'On the chosen days of the week at the time of day of the start time' },
];

/**
 * The builder's fields for one operation. `show` is the operation's `{ resource, operation }`;
 * `purpose` says whether it schedules a job (input file, output folder, parameters), a blockout
 * (duration) or a schedule to check against blockouts.
 */
export function scheduleFields(purpose: SchedulePurpose): INodeProperties[] {
	const fieldsMode: Show = { scheduleMode: ['fields'] };
	const jsonExample =
		purpose === 'job'
			? '{\n  "jobName": "Daily sales",\n  "inputFile": "/home/admin/sales.ktr",\n  "outputFile": "/home/admin/output",\n  "simpleJobTrigger": {\n    "uiPassParam": "HOURS",\n    "repeatInterval": 3600,\n    "repeatCount": -1,\n    "startTime": "2026-01-15T09:30:00.000+01:00"\n  },\n  "timeZone": "Europe/Berlin",\n  "jobParameters": []\n}'
			: '{\n  "complexJobTrigger": {\n    "uiPassParam": "WEEKLY",\n    "daysOfWeek": [0],\n    "startTime": "2026-01-18T01:00:00.000+01:00",\n    "startHour": 1,\n    "startMin": 0\n  },\n  "timeZone": "Europe/Berlin"' +
				(purpose === 'blockout' ? ',\n  "duration": 7200000' : '') +
				'\n}';
	const fields: INodeProperties[] = [
		{
			displayName: 'Define Schedule',
			name: 'scheduleMode',
			type: 'options',
			noDataExpression: true,
			options: [
				{ name: 'Using Fields Below', value: 'fields', description: 'Build the schedule request from a trigger type and times' },
				{ name: 'Using JSON', value: 'json', description: 'Send a schedule request written by hand' },
			],
			default: 'fields',
			required: true,
		},
		{
			displayName: 'Schedule Request (JSON)',
			name: 'scheduleJson',
			type: 'json',
			default: jsonExample,
			required: true,
			description: 'The jobScheduleRequest as the scheduler takes it, sent unchanged',
			displayOptions: { show: { scheduleMode: ['json'] } },
		},
	];
	if (purpose === 'job') {
		fields.push(
			{
				displayName: 'Job Name',
				name: 'jobName',
				type: 'string',
				default: '',
				required: true,
				placeholder: 'e.g. Daily sales load',
				displayOptions: { show: fieldsMode },
			},
			repositoryPathField({
				name: 'inputFile',
				displayName: 'Input File',
				description: 'Repository path of the file to run (a transformation, job or report)',
				placeholder: 'e.g. /home/admin/sales.ktr',
				show: fieldsMode,
				required: true,
			}),
		);
	}
	fields.push(
		{
			displayName: 'Trigger Type',
			name: 'triggerType',
			type: 'options',
			options: TRIGGER_TYPE_OPTIONS,
			default: 'daily',
			required: true,
			displayOptions: { show: fieldsMode },
		},
		{
			displayName: 'Interval',
			name: 'interval',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 1,
			required: true,
			description: 'How many seconds, minutes or hours lie between two runs',
			displayOptions: { show: { ...fieldsMode, triggerType: ['seconds', 'minutes', 'hours'] } },
		},
		{
			displayName: 'Recurrence',
			name: 'dailyRecurrence',
			type: 'options',
			options: [
				{ name: 'Every Day', value: 'everyDay' },
				{
					name: 'Every N Days',
					value: 'everyNDays',
					description:
						'Every N calendar days from the start time (servers before 10.3 count N × 24 hours, so runs move by an hour after a daylight-saving change)',
				},
				{ name: 'Every Weekday', value: 'weekdays', description: 'Monday to Friday' },
			],
			default: 'everyDay',
			required: true,
			displayOptions: { show: { ...fieldsMode, triggerType: ['daily'] } },
		},
		{
			displayName: 'Days',
			name: 'dayInterval',
			type: 'number',
			typeOptions: { minValue: 1, numberPrecision: 0 },
			default: 2,
			required: true,
			description: 'How many days lie between two runs',
			displayOptions: { show: { ...fieldsMode, triggerType: ['daily'], dailyRecurrence: ['everyNDays'] } },
		},
		{
			displayName: 'Days of Week',
			name: 'daysOfWeek',
			type: 'multiOptions',
			options: DAY_OPTIONS,
			default: [1],
			required: true,
			displayOptions: { show: { ...fieldsMode, triggerType: ['weekly'] } },
		},
		{
			displayName: 'On',
			name: 'monthlyOn',
			type: 'options',
			options: [
				{ name: 'Day of the Month', value: 'dayOfMonth', description: 'For example the 15th' },
				{ name: 'Weekday of the Month', value: 'weekdayOfMonth', description: 'For example the last Friday' },
			],
			default: 'dayOfMonth',
			required: true,
			displayOptions: { show: { ...fieldsMode, triggerType: ['monthly'] } },
		},
		{
			displayName: 'Day of Month',
			name: 'dayOfMonth',
			type: 'number',
			typeOptions: { minValue: 1, maxValue: 31, numberPrecision: 0 },
			default: 1,
			required: true,
			description: 'The day of the month (1–31); months without that day are skipped',
			displayOptions: { show: { ...fieldsMode, triggerType: ['monthly'], monthlyOn: ['dayOfMonth'] } },
		},
		{
			displayName: 'Week of Month',
			name: 'weekOfMonth',
			type: 'options',
			options: [
				{ name: 'First', value: 0 },
				{ name: 'Fourth', value: 3 },
				{ name: 'Last', value: 4 },
				{ name: 'Second', value: 1 },
				{ name: 'Third', value: 2 },
			],
			default: 0,
			required: true,
			displayOptions: { show: { ...fieldsMode, triggerType: ['monthly'], monthlyOn: ['weekdayOfMonth'] } },
		},
		{
			displayName: 'Day of Week',
			name: 'weekday',
			type: 'options',
			options: byName(DAY_OPTIONS),
			default: 1,
			required: true,
			displayOptions: { show: { ...fieldsMode, triggerType: ['monthly'], monthlyOn: ['weekdayOfMonth'] } },
		},
		{
			displayName: 'Cron Expression',
			name: 'cronExpression',
			type: 'string',
			default: '',
			required: true,
			placeholder: 'e.g. 0 30 9 ? * MON-FRI',
			description:
				'Quartz style: seconds minutes hours day-of-month month day-of-week [year], with "?" in one of the two day fields. A 5-field Unix expression (minutes hours day-of-month month day-of-week) is converted. Day and month names are sent as numbers (the scheduler reads names wrongly); L-3, 15W and LW are refused because the scheduler refuses them. Runs in the zone of the \'Time Zone\' option (the workflow\'s when not set).',
			displayOptions: { show: { ...fieldsMode, triggerType: ['cron'] } },
		},
		{
			displayName:
				"Each run happens at the time of day of the 'Start Time' option. Without a start time, at the time of day at which this workflow runs (to the minute): add 'Options' → 'Start Time' to choose the time of day.",
			name: 'startTimeNotice',
			type: 'notice',
			default: '',
			displayOptions: { show: { ...fieldsMode, triggerType: ['daily', 'weekly', 'monthly'] } },
		},
	);
	if (purpose === 'blockout') {
		fields.push(
			{
				displayName: 'Duration',
				name: 'durationAmount',
				type: 'number',
				typeOptions: { minValue: 1, numberPrecision: 0 },
				default: 1,
				required: true,
				description: 'How long each blockout lasts from its start',
				displayOptions: { show: fieldsMode },
			},
			{
				displayName: 'Duration Unit',
				name: 'durationUnit',
				type: 'options',
				options: [
					{ name: 'Days', value: 'days' },
					{ name: 'Hours', value: 'hours' },
					{ name: 'Minutes', value: 'minutes' },
					{ name: 'Weeks', value: 'weeks' },
				],
				default: 'hours',
				required: true,
				displayOptions: { show: fieldsMode },
			},
		);
	}
	if (purpose === 'job') {
		fields.push({
			displayName: 'Job Parameters',
			name: 'jobParameters',
			type: 'fixedCollection',
			typeOptions: { multipleValues: true },
			placeholder: 'Add Parameter',
			default: {},
			description: 'Parameters handed to the file when it runs; a name given twice sends both values',
			displayOptions: { show: fieldsMode },
			options: [
				{
					name: 'parameter',
					displayName: 'Parameter',
					values: [
						{ displayName: 'Name', name: 'name', type: 'string', default: '' },
						{ displayName: 'Value', name: 'value', type: 'string', default: '' },
						{
							displayName: 'Type',
							name: 'type',
							type: 'options',
							options: [
								{ name: 'Boolean', value: 'boolean' },
								{ name: 'Date', value: 'date' },
								{ name: 'Number', value: 'number' },
								{ name: 'String', value: 'string' },
							],
							default: 'string',
						},
					],
				},
			],
		});
	}
	// Optional: each one absent behaves as before the fields moved here (start now, the workflow's zone,
	// no end, repeat forever, no output folder, the server's run options).
	const options: INodeProperties[] = [
		{
			displayName: 'End Time',
			name: 'endTime',
			type: 'dateTime',
			default: '',
			description: 'When the schedule stops; a date without a time ends at the end of that day. Not used by \'Run Once\'.',
		},
		{
			displayName: 'Repeat Count',
			name: 'repeatCount',
			type: 'number',
			typeOptions: { minValue: -1, numberPrecision: 0 },
			default: -1,
			description:
				'For interval triggers: how many times the run repeats after the first one; -1 repeats until the end time, or forever. Servers from 10.3 on do not take a count: the schedule then ends after the last run.',
		},
		{
			displayName: 'Start Time',
			name: 'startTime',
			type: 'dateTime',
			default: '',
			description:
				'When the schedule starts; for daily, weekly and monthly triggers also the time of day of each run. A time without an offset is read in the zone of the \'Time Zone\' option.',
			hint: 'Not set or empty: now, when the workflow runs. The output\'s "schedule" says which start and time zone were used.',
		},
		{
			displayName: 'Time Zone',
			name: 'timeZone',
			type: 'string',
			default: '',
			description:
				'Time zone of the schedule, an IANA name such as Europe/Berlin, America/New_York or UTC. Not set or empty: the workflow\'s time zone (Workflow Settings → Timezone, else the n8n instance\'s).',
			hint: 'Not set or empty: the workflow\'s time zone. The output\'s "schedule.timeZone" says which zone was sent.',
		},
	];
	if (purpose === 'job') {
		options.push(
			{
				displayName: 'Gather Metrics',
				name: 'gatheringMetrics',
				type: 'boolean',
				default: false,
				description: 'Whether transformations and jobs record performance metrics when they run',
			},
			{
				displayName: 'Log Level',
				name: 'logLevel',
				type: 'options',
				options: LOG_LEVEL_OPTIONS,
				default: 'Basic',
				description: 'Log level of transformations and jobs when they run',
			},
			repositoryPathField({
				name: 'outputFolder',
				displayName: 'Output Folder',
				description: 'Repository folder for what the run generates; the server names the files after the job. Not set: the request names no output folder',
				placeholder: 'e.g. /home/admin/output',
				folders: true,
			}),
			{
				displayName: 'Safe Mode',
				name: 'runSafeMode',
				type: 'boolean',
				default: false,
				description: 'Whether transformations run in safe mode (checking every row layout)',
			},
		);
	}
	fields.push({
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		displayOptions: { show: fieldsMode },
		options: [...options].sort((a, b) => a.displayName.localeCompare(b.displayName, 'en', { sensitivity: 'base' })),
	});
	return fields;
}
