/**
 * What a JDBC connection written through `PUT …/jdbc/connection/{name}` becomes on the server, over plain
 * HTTP in every profile (emulator/areas/datasource/store.ts): the repository round trip of
 * pentaho-platform DatabaseHelper, the HTML-escaped name look-ups of data-access ConnectionServiceImpl, the
 * order of body binding and access check, and ConnectionServiceHelper's '*' passwords.
 */
import { kettleDecode, kettleEncode } from '../../../emulator/areas/datasource';
import { describeEachProfile } from '../../helpers/profiles';
import { expectContainerPage, harness, JSON_ACCEPT, JSON_BODY, newConnection } from './helpers';

describeEachProfile('emulator: JDBC connections as the repository keeps them', (profile) => {
	const { call, state } = harness({ profile });
	const put = (path: string, body: unknown, user?: string) => call('PUT', `/jdbc/connection/${path}`, { headers: JSON_BODY, body: JSON.stringify(body), user });
	const get = async (name: string) => JSON.parse((await call('GET', `/jdbc/connection/${encodeURIComponent(name)}`, { headers: JSON_ACCEPT })).text);

	it('null texts read back as "", a missing port as "0" (also in PORT_NUMBER), unstored flags as false, the port as a long', async () => {
		const body = { name: 'Sparse', accessType: 'NATIVE', databaseType: newConnection.databaseType, streamingResults: true, partitioned: true, changed: true, databasePort: '+05432' };
		expect((await put('Sparse', body)).status).toBe(204);
		expect(await get('Sparse')).toMatchObject({
			hostname: '',
			// "" as stored; getDatabaseName() then answers the type's default database name (none for PostgreSQL here).
			databaseName: null,
			username: '',
			connectSql: '',
			dataTablespace: '',
			databasePort: '5432',
			attributes: { PORT_NUMBER: '5432' },
			streamingResults: false,
			partitioned: false,
			changed: false,
			// The server's own type of that short name, not the one sent.
			databaseType: { name: 'PostgreSQL', shortName: 'POSTGRESQL', extraOptionsHelpUrl: 'http://jdbc.postgresql.org/documentation/83/connect.html#connection-parameters' },
		});
		expect((await put('Sparse', { ...body, databasePort: null })).status).toBe(204);
		expect(await get('Sparse')).toMatchObject({ databasePort: '0', attributes: { PORT_NUMBER: '0' } });
		expect((await call('DELETE', '/jdbc/connection/Sparse')).status).toBe(204);
	});

	it('no access type, a port that is not a whole number, or a type given as a bare name: a 500 and nothing stored', async () => {
		const { accessType: _a, ...noAccess } = newConnection;
		for (const body of [
			{ ...noAccess, name: 'Bad' },
			{ ...newConnection, name: 'Bad', databasePort: '${PG_PORT}' },
			{ ...newConnection, name: 'Bad', databasePort: '54 32' },
			{ ...newConnection, name: 'Bad', databaseType: 'POSTGRESQL' },
		]) {
			expectContainerPage(await put('Bad', body), 500);
		}
		expect(state().connections.some((c) => c.name === 'Bad')).toBe(false);
		// The same for an update: the stored connection is left as it was.
		const before = JSON.stringify(state().connections.find((c) => c.name === 'SalesDW'));
		expectContainerPage(await put('SalesDW', { ...newConnection, name: 'SalesDW', databasePort: 'x' }), 500);
		expect(JSON.stringify(state().connections.find((c) => c.name === 'SalesDW'))).toBe(before);
	});

	it('the body is bound before the access check: a body that does not bind is a 500 even for a user who may not write', async () => {
		expectContainerPage(await put('X', { ...newConnection, accessType: 'TELEPATHY' }, 'suzy'), 500);
		expectContainerPage(await put('X', { ...newConnection, accessType: 'NATIVE' }, 'suzy'), 401);
	});

	it('a password of only "*" keeps the stored one, but only that of a connection named as the body names it', async () => {
		expect((await put('Starry', { ...newConnection, name: 'Starry', password: 'first' })).status).toBe(204);
		expect((await put('Starry', { ...newConnection, name: 'Starry', password: '*****' })).status).toBe(204);
		expect(state().connections.find((c) => c.name === 'Starry')?.password).toBe('first');
		// Renamed in the same PUT: ConnectionServiceHelper looks for "Renamed", finds none, keeps the stars.
		expect((await put('Starry', { ...newConnection, name: 'Renamed', password: '***' })).status).toBe(204);
		expect(state().connections.find((c) => c.name === 'Renamed')?.password).toBe('***');
		expect(state().connections.some((c) => c.name === 'Starry')).toBe(false);
		expect((await call('DELETE', '/jdbc/connection/Renamed')).status).toBe(204);
	});

	it('a name with "&" or a non-ASCII letter is stored as sent and listed, but looked up HTML-escaped: never found again', async () => {
		for (const name of ['Café', 'R&D']) {
			expect((await put(encodeURIComponent(name), { ...newConnection, name })).status).toBe(204);
			const list = JSON.parse((await call('GET', '/jdbc/connection', { headers: JSON_ACCEPT })).text);
			expect(JSON.stringify(list)).toContain(JSON.stringify(name));
			expectContainerPage(await call('GET', `/jdbc/connection/${encodeURIComponent(name)}`, { headers: JSON_ACCEPT }), 500);
			// A second PUT does not find it either, tries to add it, and meets the existing file.
			expectContainerPage(await put(encodeURIComponent(name), { ...newConnection, name }), 500);
			expectContainerPage(await call('DELETE', `/jdbc/connection/${encodeURIComponent(name)}`), 500);
		}
		expect(state().connections.filter((c) => c.name === 'Café' || c.name === 'R&D')).toHaveLength(2);
		state().connections = state().connections.filter((c) => c.name !== 'Café' && c.name !== 'R&D');
	});

	it('names may hold slashes ({name : .+}); an empty name matches no method', async () => {
		expect((await put('team/sales', { ...newConnection, name: 'team/sales' })).status).toBe(204);
		expect((await get('team/sales')).name).toBe('team/sales');
		expect((await call('GET', '/jdbc/connection/team/sales', { headers: JSON_ACCEPT })).status).toBe(200);
		expect((await call('DELETE', '/jdbc/connection/team/sales')).status).toBe(204);
		expect((await call('PUT', '/jdbc/connection/', { headers: JSON_BODY, body: JSON.stringify(newConnection) })).status).toBe(405);
	});
});

describe('emulator: Kettle’s two-way password codec (kettle.ts)', () => {
	it('matches values computed from KettleTwoWayPasswordEncoder’s algorithm, and decodes them back', () => {
		const pairs: Array<[string, string]> = [
			['password', '2be98afc86aa7f2e4bb18bd63c99dbdde'],
			['abc', '2be98afc86aa7f2e4cb79ce10be93add9'],
			['p@ss wörd', '2be98afc86aa782a4b80aee677d44bdde'],
			// A first byte ≥ 0x80 makes the BigInteger negative: BigInteger.toString(16) writes a minus sign.
			['élan', '-2be98afc86aa7f2e4cb79ce2ce861512c'],
		];
		for (const [plain, hex] of pairs) {
			expect(kettleEncode(plain)).toBe(hex);
			expect(kettleDecode(hex)).toBe(plain);
		}
		expect(kettleEncode('')).toBe('');
		expect(kettleDecode('not hex')).toBe('');
	});
});
