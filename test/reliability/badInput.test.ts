/**
 * Bad input fails with a clear message before any request is sent (the emulator's request log
 * proves it), and awkward but valid values — <, &, ]]>, quotes, non-ASCII — arrive intact.
 */
import type { JdbcConnection } from '../../emulator/areas/datasource';
import { DataflowDataSource } from '../../nodes/DataSource/DataflowDataSource.node';
import { DataflowRepository } from '../../nodes/Repository/DataflowRepository.node';
import { DataflowScheduler } from '../../nodes/Scheduler/DataflowScheduler.node';
import { DataflowWorker } from '../../nodes/Worker/DataflowWorker.node';
import { run } from '../harness';
import { enumerateOperations, requiredTextParameters } from './catalogue';
import { isClearMessage, reliabilityEmulator, runSample, sampleOf } from './runner';
import { rl } from './samples';

const fixture = reliabilityEmulator();
const operations = enumerateOperations();

/** Requests a run may send before it checks names: the read-only list of reserved characters. */
const LOOKUPS = /\/api\/repo\/files\/reservedCharacters$/;

const emptyCases = operations.flatMap((ref) =>
	requiredTextParameters(ref, sampleOf(ref).parameters).map((name) => [`${ref.key} with ${name} empty`, ref, name] as const),
);

describe('an empty required field fails before any request', () => {
	it('covers many operations', () => expect(emptyCases.length).toBeGreaterThan(60));

	it.each(emptyCases)('%s', async (_label, ref, name) => {
		const original = sampleOf(ref).parameters[name] ?? ref.nodeType.description.properties.find((p) => p.name === name)?.default;
		const empty =
			original && typeof original === 'object' && '__rl' in (original as object)
				? { ...(original as object), value: '={{ "" }}' }
				: original && typeof original === 'object' && 'mode' in (original as object)
					? { __rl: true, mode: (original as { mode: string }).mode, value: '={{ "" }}' }
					: '={{ "" }}';
		const { result, paths } = await runSample(fixture, ref, { parameters: { [name]: empty } });
		expect(result.error).toBeDefined();
		expect(isClearMessage(result.error?.message)).toBe(true);
		expect(paths.filter((p) => !LOOKUPS.test(p))).toEqual([]);
	});
});

const badCases = operations.flatMap((ref) => (sampleOf(ref).bad ?? []).map((bad) => [`${ref.key}: ${bad.label}`, ref, bad] as const));

describe('invalid values fail before any request', () => {
	it('covers the kinds of bad input', () => expect(badCases.length).toBeGreaterThanOrEqual(15));

	it.each(badCases)('%s', async (_label, ref, bad) => {
		const { result, paths } = await runSample(fixture, ref, { parameters: bad.parameters });
		expect(result.error?.message).toMatch(bad.message);
		expect(isClearMessage(result.error?.message)).toBe(true);
		expect(paths.filter((p) => !LOOKUPS.test(p))).toEqual([]);
	});
});

const AWKWARD = `Sales & <Costs> ]]> "q" 'a' — Zürich 東京 😀`;

describe('awkward characters arrive intact', () => {
	it('in a JDBC connection (JSON body)', async () => {
		const result = await run(new DataflowDataSource(), {
			parameters: {
				resource: 'jdbcConnection',
				operation: 'createOrUpdate',
				connection: rl('awkward'),
				specifyConnection: 'fields',
				databaseType: 'POSTGRESQL',
				accessType: 'NATIVE',
				additionalFields: { hostname: 'db.example.com', databaseName: AWKWARD, databasePort: '5432', username: AWKWARD },
			},
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(result.error?.message).toBeUndefined();
		const stored = (fixture.emulator.app.state.datasource as { connections: JdbcConnection[] }).connections.find((c) => c.name === 'awkward');
		expect(stored?.databaseName).toBe(AWKWARD);
		expect(stored?.username).toBe(AWKWARD);
	});

	it('in a slave registration (XML body)', async () => {
		const node = new DataflowWorker();
		const registered = await run(node, {
			parameters: { resource: 'slave', operation: 'register', slaveName: AWKWARD, hostname: 'worker.example.com', additionalFields: { port: 8081 } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(registered.error?.message).toBeUndefined();
		const listed = await run(node, { parameters: { resource: 'slave', operation: 'list' }, credentials: { dataflowServerApi: fixture.server() } });
		expect(listed.items.map((i) => i.json.name)).toContain(AWKWARD);
	});

	it('in a schedule (JSON body) and back through Get', async () => {
		const node = new DataflowScheduler();
		const created = await run(node, {
			parameters: { resource: 'schedule', operation: 'create', scheduleMode: 'fields', jobName: AWKWARD, inputFile: '/home/admin/sales.ktr', triggerType: 'weekly', daysOfWeek: [2], options: { startTime: '2030-01-07T08:30:00', timeZone: 'UTC' } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(created.error?.message).toBeUndefined();
		const got = await run(node, {
			parameters: { resource: 'schedule', operation: 'get', jobId: { __rl: true, mode: 'id', value: String(created.items[0].json.jobId) } },
			credentials: { dataflowServerApi: fixture.server() },
		});
		expect(got.items[0].json.jobName).toBe(AWKWARD);
	});

	it('in repository metadata and locale properties (JSON and XML bodies)', async () => {
		const node = new DataflowRepository();
		const path = { __rl: true, mode: 'path', value: '/home/admin/sales.ktr' };
		const credentials = { dataflowServerApi: fixture.server() };
		expect((await run(node, { parameters: { resource: 'localeMetadata', operation: 'updateMetadata', path, metadata: { entry: [{ key: 'note', value: AWKWARD }] } }, credentials })).error?.message).toBeUndefined();
		const metadata = await run(node, { parameters: { resource: 'localeMetadata', operation: 'getMetadata', path }, credentials });
		expect(JSON.stringify(metadata.items.map((i) => i.json))).toContain(JSON.stringify(AWKWARD).slice(1, -1));
		expect((await run(node, { parameters: { resource: 'localeMetadata', operation: 'updateLocaleProperties', path, locale: 'fr', properties: { entry: [{ key: 'file.title', value: AWKWARD }] } }, credentials })).error?.message).toBeUndefined();
		const properties = await run(node, { parameters: { resource: 'localeMetadata', operation: 'getLocaleProperties', path, locale: 'fr' }, credentials });
		expect(JSON.stringify(properties.items.map((i) => i.json))).toContain(JSON.stringify(AWKWARD).slice(1, -1));
	});
});
