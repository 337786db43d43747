/**
 * Get for File against the two kinds of lineage service: the real one, whose JSON reader needs the
 * "@class" type id (a bare 500 without it: CXF's JSON reader), and one that follows the interface
 * documents strictly and refuses "@class". The node works against both by default.
 */
import { DataflowLineage } from '../../nodes/Lineage/DataflowLineage.node';
import { run } from '../harness';
import { useEmulator } from '../helpers/emulator';

const node = new DataflowLineage();
const parameters = { resource: 'lineage', operation: 'getForFile', filePath: '/home/admin/sales.ktr', dateRange: 'all', options: { extract: true } };

function bodiesOf(fixture: ReturnType<typeof useEmulator>): number {
	return fixture.emulator.app.requests.filter((r) => r.path.endsWith('/download/file')).length;
}

describe('Lineage Get for File against the real service (type id required)', () => {
	const fixture = useEmulator();

	it('works by default with one request', async () => {
		fixture.resetRequests();
		const result = await run(node, { parameters, credentials: { dataflowServerApi: fixture.server() } });
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBe(6);
		expect(bodiesOf(fixture)).toBe(1);
	});

	it('with Send Type Hint off, the refused bare body is sent again with the type id', async () => {
		fixture.resetRequests();
		const result = await run(node, {
			parameters: { ...parameters, options: { extract: true, sendTypeHint: false } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBe(6);
		expect(fixture.emulator.app.requests.filter((r) => r.path.endsWith('/download/file')).map((r) => r.status)).toEqual([500, 200]);
	});
});

describe('Lineage Get for File against a service that follows the documents (type id refused)', () => {
	const fixture = useEmulator({ seed: { lineage: { typeHint: 'refused' } } });

	it('works by default: the refused hint is dropped on the second request', async () => {
		fixture.resetRequests();
		const result = await run(node, { parameters, credentials: { dataflowServerApi: fixture.server() } });
		expect(result.error).toBeUndefined();
		expect(result.items.length).toBe(6);
		expect(fixture.emulator.app.requests.filter((r) => r.path.endsWith('/download/file')).map((r) => r.status)).toEqual([500, 200]);
	});
});
