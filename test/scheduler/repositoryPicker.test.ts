/**
 * Input File and Output Folder of a new schedule are repository pickers (issue 18): "From List"
 * browses the repository (files for the input, folders only for the output, the user's home folder
 * among them), "By Path" takes a typed path, and a picked value is what the server stores.
 */
import type { INodeParameters, INodeProperties } from 'n8n-workflow';

import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowScheduler();
const fixture = useEmulator();

it('Input File and Output Folder are pickers (files, and folders only)', () => {
	const input = node.description.properties.find((p) => p.name === 'inputFile' && p.type === 'resourceLocator');
	// Output Folder is optional: it sits in the Options collection of Create.
	const options = node.description.properties.find((p) => p.name === 'options' && p.displayOptions?.show?.operation?.includes('create') && p.displayOptions?.show?.resource?.includes('schedule'));
	const output = (options?.options as INodeProperties[] | undefined)?.find((p) => p.name === 'outputFolder' && p.type === 'resourceLocator');
	expect(input?.modes?.[0].typeOptions?.searchListMethod).toBe('searchRepositoryPaths');
	expect(output?.modes?.[0].typeOptions?.searchListMethod).toBe('searchRepositoryFolders');
	expect(Object.keys(node.methods?.listSearch ?? {})).toEqual(expect.arrayContaining(['searchRepositoryPaths', 'searchRepositoryFolders']));
});

it('a schedule created with picked paths stores those paths', async () => {
	const parameters: INodeParameters = {
		resource: 'schedule',
		operation: 'create',
		jobName: 'Picked',
		inputFile: { __rl: true, mode: 'list', value: '/home/admin/sales.ktr' },
		triggerType: 'runOnce',
		options: { outputFolder: { __rl: true, mode: 'list', value: '/home/admin' }, startTime: '2030-01-15T09:30:00', timeZone: 'UTC' },
	};
	const created = await run(node, { parameters, credentials: { dataflowServerApi: fixture.server() } });
	expect(created.error).toBeUndefined();
	const got = await run(node, {
		parameters: { resource: 'schedule', operation: 'get', jobId: { __rl: true, mode: 'id', value: created.items[0].json.jobId as string } },
		credentials: { dataflowServerApi: fixture.server() },
	});
	expect(got.items[0].json).toMatchObject({ inputFile: '/home/admin/sales.ktr', outputFolder: '/home/admin' });
});
