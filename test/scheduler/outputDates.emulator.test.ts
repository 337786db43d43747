/**
 * Every date the Scheduler outputs is a UTC ISO string (`…Z`), as in every other node: no date
 * with an offset beside one without. The server's own text stays only under `raw`, and the request
 * that was sent (`scheduleRequest`) in the server's form. Runs on every server-version profile, with
 * the schedule in Europe/Berlin so that an offset would show.
 */
import type { IDataObject, INodeParameters } from 'n8n-workflow';

import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';
import { describeEachProfile } from '../helpers/profiles';

const node = new DataflowScheduler();
const rl = (value: string) => ({ __rl: true, mode: 'id', value });
const WEEKLY = { scheduleMode: 'fields', triggerType: 'weekly', daysOfWeek: [1, 3], options: { startTime: '2030-01-07T08:30:00', timeZone: 'Europe/Berlin' } };
const OFFSET_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?[+-]\d{2}:?\d{2}$/;

/** Paths of string values that are dates with an offset, outside `raw` and `scheduleRequest`. */
function offsetDates(value: unknown, path = ''): string[] {
	if (typeof value === 'string') return OFFSET_DATE.test(value) ? [`${path} = ${value}`] : [];
	if (Array.isArray(value)) return value.flatMap((v, i) => offsetDates(v, `${path}[${i}]`));
	if (value && typeof value === 'object') {
		return Object.entries(value as IDataObject)
			.filter(([key]) => key !== 'raw' && key !== 'scheduleRequest')
			.flatMap(([key, v]) => offsetDates(v, path ? `${path}.${key}` : key));
	}
	return [];
}

describeEachProfile('Scheduler output dates', (profile) => {
	const fixture = useEmulator({ profile, seed: { scheduler: { blockouts: [] } } });
	const exec = async (parameters: INodeParameters) => {
		const result = await run(node, { parameters, credentials: { dataflowServerApi: fixture.server() } });
		expect(result.error).toBeUndefined();
		return result.items.map((item) => item.json);
	};

	it('are UTC ISO strings in every output: schedules, blockouts and the schedule summary', async () => {
		const created = await exec({ resource: 'schedule', operation: 'create', ...WEEKLY, jobName: 'Dates', inputFile: '/home/admin/sales.ktr', options: { ...WEEKLY.options, outputFolder: '/home/admin' } });
		const jobId = created[0].jobId as string;
		const blockout = await exec({ resource: 'blockout', operation: 'create', ...WEEKLY, durationAmount: 2, durationUnit: 'hours' });
		const outputs = [
			...created,
			...(await exec({ resource: 'schedule', operation: 'get', jobId: rl(jobId) })),
			...(await exec({ resource: 'schedule', operation: 'getMany', returnAll: true })),
			...blockout,
			...(await exec({ resource: 'blockout', operation: 'getMany', returnAll: true })),
			...(await exec({ resource: 'blockout', operation: 'getBlockStatus', ...WEEKLY })),
			...(await exec({ resource: 'blockout', operation: 'willFire', ...WEEKLY })),
		];
		// The summary is there, and in UTC: 08:30 in Berlin in January is 07:30Z.
		expect((created[0].schedule as IDataObject).start).toBe('2030-01-07T07:30:00.000Z');
		expect(outputs.flatMap((json) => offsetDates(json))).toEqual([]);
	});
});
