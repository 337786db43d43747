/**
 * The analysis upload in n8n's filesystem binary-data mode (files as streams): the node reads the
 * schema's name from the head of its own stream, and the upload still sends the whole file.
 */
import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import type { DatasourceState } from '../../emulator/areas/datasource';
import { run } from '../harness';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowDataSource();
const fixture = useEmulator();
useFilesystemBinaryData();
const rl = (value: string) => ({ __rl: true, mode: 'list', value, cachedResultName: value });

describe('analysis upload from a streamed file', () => {
	it('refuses a schema named for another catalog, and uploads the whole file to its own', async () => {
		const credentials = { dataflowServerApi: fixture.server() };
		const downloaded = await run(node, { parameters: { resource: 'analysisSchema', operation: 'download', catalog: rl('SampleData') }, credentials });
		expect(downloaded.items[0].binary?.data.id).toMatch(/^filesystem/);
		const original = (fixture.emulator.app.state.datasource as DatasourceState).catalogs.find((c) => c.id === 'SampleData')!.content;

		fixture.resetRequests();
		const wrong = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('Other'), options: { overwrite: true }, additionalFields: { datasourceName: 'SampleData' } },
			credentials,
			input: downloaded.items,
		});
		expect(wrong.error?.message).toBe('The schema names its catalog "SampleData" (<Schema name="SampleData">): the server would publish it as "SampleData", not as "Other"');
		expect(fixture.requests()).toEqual([]);

		const right = await run(node, {
			parameters: { resource: 'analysisSchema', operation: 'upload', catalog: rl('SampleData'), options: { overwrite: true }, additionalFields: { datasourceName: 'SampleData' } },
			credentials,
			input: downloaded.items,
		});
		expect(right.error).toBeUndefined();
		const upload = (fixture.emulator.app.state.datasource as DatasourceState).uploads.at(-1);
		expect(upload?.file?.size).toBe(original.length);
	});
});
