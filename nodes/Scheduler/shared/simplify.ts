/** What Simplify keeps of a schedule (nodes/common/simplify.ts): at most 10 fields, nested trigger and parameters flattened. */
import type { SimplifiedFields } from '../../common/simplify';

/**
 * Get, Get Many, Get Content Cleaner: the job's ID and name, state, next and last run, owner, the file it
 * runs and where its output goes, the trigger's kind (from jobTrigger.type) and the lineage ID (from
 * jobParams, what Get Generated Content finds the schedule's files by).
 */
export const SIMPLE_SCHEDULE: SimplifiedFields = [
	'jobId',
	'jobName',
	'state',
	'nextRun',
	'lastRun',
	'userName',
	'inputFile',
	'outputFolder',
	{ as: 'triggerType', from: 'jobTrigger.type' },
	{ as: 'lineageId', from: 'jobParams.lineage-id' },
];

/** Get Generated Content: a generated file as the Repository's Simplify keeps one, with the lineage ID it was found by. */
export const SIMPLE_GENERATED_FILE: SimplifiedFields = ['name', 'path', 'id', 'lineageId', 'fileSize', 'createdDate', 'lastModifiedDate', 'title', 'owner', 'locale'];
