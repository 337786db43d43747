/**
 * Scenario 4, examples/04-promote-datasources.json: JDBC connections and an analysis schema are
 * read from one server and created on a second one. The second emulator starts without data
 * sources here, so everything it has afterwards came from the workflow: each connection as the
 * first server described it (its id and password aside: servers give passwords out as null), and
 * the schema byte for byte.
 */
import assert from 'node:assert/strict';

import { normalizeConnection } from '../../../nodes/DataSource/shared/connection';
import { count, defineScenario } from '../lib/scenario';

const DATASOURCE = '/plugin/data-access/api/datasource';
const JDBC = `${DATASOURCE}/jdbc/connection`;
const CATALOG = 'SampleData';

/** A connection without what may differ between two servers: its id, and the password neither gives out. */
function comparable(connection: Record<string, any>): Record<string, any> {
	const { id: _id, password: _password, ...rest } = connection;
	return rest;
}

export default defineScenario({
	title: 'Promote data sources: JDBC connections and an analysis schema copied to a second server',
	emulators: {
		main: {},
		// The target starts empty, so what it holds afterwards is what the workflow sent.
		second: { seed: { datasource: { connections: [], catalogs: [], domains: [] } } },
	},
	expect: { status: 'success' },

	async after(run) {
		const target = run.emulators.second;
		const source = run.emulators.main;
		const names = run.items('List Connections').map((c) => String(c.name));
		run.facts.targetConnections = {};
		for (const name of names) {
			const answer = await target.call('GET', `${JDBC}/${encodeURIComponent(name)}`, { headers: { accept: 'application/json' } });
			run.facts.targetConnections[name] = answer.status === 200 ? answer.json() : `HTTP ${answer.status}`;
		}
		const list = await target.call('GET', JDBC, { headers: { accept: 'application/json' } });
		run.facts.targetList = list.text();
		run.facts.sourceSchema = (await source.call('GET', `${DATASOURCE}/analysis/catalog/${CATALOG}`)).body;
		const schema = await target.call('GET', `${DATASOURCE}/analysis/catalog/${CATALOG}`);
		run.facts.targetSchema = schema.status === 200 ? schema.body : undefined;
	},

	check(run) {
		// Connections: listed, read one by one, written to the target one by one, paired.
		const names = run.items('List Connections').map((c) => String(c.name));
		assert.deepEqual(names, ['SampleData', 'SalesDW', 'baseball connection']);
		const read = run.expectItems('Read Connection', 3);
		assert.deepEqual(
			read.map((c) => c.name),
			names,
		);
		assert.ok(
			read.every((c) => !('password' in c)),
			'Read Connection gives no passwords out (Include Password is off)',
		);
		const created = run.pairedItems('Create on Target');
		assert.deepEqual(
			created.map((c) => c.json),
			names.map((name) => ({ name, created: true, modified: true })),
			'each connection was created on the target',
		);
		assert.deepEqual(
			created.map((c) => c.pairedItem),
			[{ item: 0 }, { item: 1 }, { item: 2 }],
		);
		const puts = run.requestsTo('PUT', new RegExp(`^/pentaho${JDBC}/`), 'second');
		// (The node sends the first item alone, then the others in parallel: their order may vary.)
		assert.deepEqual(
			puts.map((r) => `${decodeURIComponent(r.path.slice(`/pentaho${JDBC}/`.length))} ${r.status}`).sort(),
			names.map((name) => `${name} 204`).sort(),
			'the second emulator received one PUT per connection, answered 204 (created)',
		);
		assert.equal(run.requestsTo('PUT', /./, 'main').length, 0, 'nothing was written to the source');
		for (const source of read) {
			const target = run.facts.targetConnections[source.name] as Record<string, any> | string;
			assert.equal(typeof target, 'object', `the target has the connection "${source.name}": ${String(target)}`);
			// The target's bean read as the node reads it (typed, every field), like the source's Get items.
			assert.deepEqual(comparable(normalizeConnection(target)), comparable(source), `the target's "${source.name}" is the source's`);
		}

		// Schema: downloaded from the source, uploaded to the target, the same bytes on both servers.
		const [download] = run.expectItems('Download Schema', 1);
		assert.equal(download.catalogId, CATALOG);
		const [upload] = run.expectItems('Upload Schema to Target', 1);
		assert.deepEqual({ catalogId: upload.catalogId, uploaded: upload.uploaded, statusCode: upload.statusCode }, { catalogId: CATALOG, uploaded: true, statusCode: 201 });
		const sourceBytes = run.facts.sourceSchema as Buffer;
		assert.ok(sourceBytes.toString('utf8').includes(`<Schema name="${CATALOG}">`), 'the source serves the SampleData schema');
		assert.ok(run.binaryBytes('Download Schema').equals(sourceBytes), 'Download Schema holds the source schema byte for byte');
		assert.ok(run.facts.targetSchema, 'the target serves the SampleData schema');
		assert.ok((run.facts.targetSchema as Buffer).equals(sourceBytes), 'the target stored the schema byte for byte');
		const [schemaPut] = run.requestsTo('PUT', `/pentaho${DATASOURCE}/analysis/catalog/${CATALOG}`, 'second');
		assert.equal(schemaPut?.status, 201, 'the second emulator received the schema (201)');
	},

	account(run) {
		const created = run.items('Create on Target');
		const [upload] = run.items('Upload Schema to Target');
		const same = (run.facts.targetSchema as Buffer | undefined)?.equals(run.facts.sourceSchema as Buffer);
		return [
			`List Connections → ${count(run.items('List Connections').length, 'connection')} on the first server`,
			`Read Connection → ${run.items('Read Connection')
				.map((c) => `${c.name} (${c.databaseType?.shortName} ${c.hostname}:${c.databasePort})`)
				.join(', ')}`,
			`Create on Target → ${created.map((c) => `${c.name}: ${c.modified ? 'created' : 'unchanged'}`).join(', ')}`,
			`Download Schema → ${run.items('Download Schema')[0].fileName} (${run.binaryBytes('Download Schema').length} bytes)`,
			`Upload Schema to Target → ${upload.catalogId} published (HTTP ${upload.statusCode}); the second server serves ${same ? 'the same bytes' : 'DIFFERENT bytes'}`,
		];
	},
});
