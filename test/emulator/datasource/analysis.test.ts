/**
 * The data-source area's analysis (Mondrian schema) routes over plain HTTP (routes-analysis.ts, after
 * AnalysisResource) in every server profile: upload, download, delete, their statuses and refusals.
 */
import { unzipSync } from 'fflate';

import { connectStringValue } from '../../../emulator/areas/datasource';
import { describeEachProfile } from '../../helpers/profiles';
import { expectContainerPage, harness, NAMELESS, SCHEMA, schemaForm, schemaSource } from './helpers';

describeEachProfile('emulator: data-source endpoints', (profile) => {
	const { call, state } = harness({ profile });

	it('analysis: upload names the catalog after the schema, takes the data source from the parameters, answers 201', async () => {
		const put = await call('PUT', '/analysis/catalog/RequestedName', {
			body: schemaForm(
				{ overwrite: 'false', xmlaEnabledFlag: 'true', datasourceName: 'Ignored', parameters: "DataSource='Sales;DW';EnableXmla=true", schemaFileInfo: 'x.xml' },
				{ content: SCHEMA, name: 'uploaded.mondrian.xml' },
			),
		});
		expect([put.status, put.text]).toEqual([201, '']);
		const upload = state().uploads.at(-1);
		expect(upload?.catalogName).toBe('Uploaded');
		expect(upload?.ignoredFields).toEqual(['schemaFileInfo']);
		expect(state().catalogs.find((c) => c.id === 'Uploaded')).toMatchObject({ datasourceName: 'Sales;DW', xmlaEnabled: true });
		expect(state().catalogs.some((c) => c.id === 'RequestedName')).toBe(false);
		// Listed, downloadable as <id>.mondrian.xml, then removed (200, no body).
		const list = await call('GET', '/analysis/catalog');
		expect(list.text).toContain('<Item xsi:type="xs:string">Uploaded</Item>');
		const download = await call('GET', '/analysis/catalog/Uploaded');
		expect(download.status).toBe(200);
		expect(download.headers.get('content-disposition')).toBe('attachment; filename="Uploaded.mondrian.xml"');
		expect(download.text).toBe(SCHEMA);
		const removed = await call('DELETE', '/analysis/catalog/Uploaded');
		expect([removed.status, removed.text]).toEqual([200, '']);
	});

	it('analysis: a schema without a name takes the path id (cut at its first dot); without parameters it has no data source', async () => {
		const put = await call('PUT', '/analysis/catalog/Nameless.v2', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false', datasourceName: 'SampleData' }, { content: NAMELESS, name: 'n.mondrian.xml' }) });
		expect(put.status).toBe(201);
		expect(state().catalogs.find((c) => c.id === 'Nameless')).toMatchObject({ datasourceName: undefined, parameters: 'Provider=mondrian;datasourceName=null;EnableXmla=false' });
		expect((await call('DELETE', '/analysis/catalog/Nameless')).status).toBe(200);
	});

	it('analysis: 409/412 without overwrite, 412 for .xmi and malformed files (the server’s messages), the container’s 500 page without the booleans or the file', async () => {
		// SampleData exists with the data source SampleData: the same data source is a 409, another one a 412.
		const same = await call('PUT', '/analysis/catalog/SampleData', { body: schemaForm({ overwrite: 'false', xmlaEnabledFlag: 'false', parameters: 'DataSource=SampleData' }, { content: schemaSource('SampleData'), name: 's.mondrian.xml' }) });
		expect([same.status, same.text]).toEqual([409, 'MondrianCatalogHelper.ERROR_0004 - already exists']);
		const other = await call('PUT', '/analysis/catalog/SampleData', { body: schemaForm({ overwrite: 'false', xmlaEnabledFlag: 'false', parameters: 'DataSource=Other' }, { content: schemaSource('SampleData'), name: 's.mondrian.xml' }) });
		expect([other.status, other.text]).toEqual([412, 'MondrianCatalogHelper.ERROR_0004 - already exists']);
		const xmi = await call('PUT', '/analysis/catalog/X', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }, { content: SCHEMA, name: 'model.xmi' }) });
		expect([xmi.status, xmi.text]).toEqual([412, 'Error creating Analysis datasource. Mondrian does not support .xmi files.']);
		const malformed = await call('PUT', '/analysis/catalog/X', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }, { content: '<Schema name="X"><Cube>', name: 'a.xml' }) });
		expect([malformed.status, malformed.text]).toEqual([412, 'Bundle data is not valid']);
		// Only well-formedness is checked: other XML is stored (named after the path id).
		expect((await call('PUT', '/analysis/catalog/NotASchema', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }, { content: '<a/>', name: 'a.xml' }) })).status).toBe(201);
		expect((await call('DELETE', '/analysis/catalog/NotASchema')).status).toBe(200);
		const noBooleans = await call('PUT', '/analysis/catalog/X', { body: schemaForm({}, { content: SCHEMA, name: 'a.mondrian.xml' }) });
		expectContainerPage(noBooleans, 500);
		const noFile = await call('PUT', '/analysis/catalog/X', { body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }) });
		expectContainerPage(noFile, 500);
	});

	it('analysis: a missing catalog downloads as a 400 and deletes as a 500 (container pages); several files come as <id>.zip', async () => {
		const missing = await call('GET', '/analysis/catalog/Nope');
		expectContainerPage(missing, 400);
		expectContainerPage(await call('DELETE', '/analysis/catalog/Nope'), 500);
		const zip = await call('GET', '/analysis/catalog/SteelWheels');
		expect(zip.headers.get('content-type')).toMatch(/application\/zip/);
		expect(zip.headers.get('content-disposition')).toBe('attachment; filename="SteelWheels.zip"');
		expect(Object.keys(unzipSync(new Uint8Array(zip.bytes))).sort()).toEqual(['SteelWheels.mondrian.xml', 'annotations.xml']);
	});

	it('analysis: non-administrators list, but get 403 (upload, with the reason), 401 (download, delete)', async () => {
		expect((await call('GET', '/analysis/catalog', { user: 'suzy' })).status).toBe(200);
		const put = await call('PUT', '/analysis/catalog/X', { user: 'suzy', body: schemaForm({ overwrite: 'true', xmlaEnabledFlag: 'false' }, { content: SCHEMA, name: 'a.mondrian.xml' }) });
		expect([put.status, put.text]).toEqual([403, 'Access Denied']);
		expect((await call('GET', '/analysis/catalog/SampleData', { user: 'suzy' })).status).toBe(401);
		expect((await call('DELETE', '/analysis/catalog/SampleData', { user: 'suzy' })).status).toBe(401);
	});
});

describe('emulator: Mondrian connect-string values', () => {
	it('reads names case-insensitively and quoted values with doubled quotes', () => {
		expect(connectStringValue("Provider=mondrian;DataSource='a;b''c';EnableXmla=true", 'datasource')).toBe("a;b'c");
		expect(connectStringValue('datasource = Sample ; overwrite=true', 'DataSource')).toBe('Sample');
		expect(connectStringValue('', 'x')).toBeUndefined();
	});
});

describeEachProfile('emulator: analysis catalogs the data-access list leaves out', (profile) => {
	const hidden = { id: 'SmeModel', content: schemaSource('SmeModel'), parameters: 'Provider=mondrian;DataSource=SampleData;DataAccessNotListedCatalog=true' };
	const shown = { id: 'Plain', content: schemaSource('Plain'), parameters: 'Provider=mondrian;DataSource=SampleData;DataAccessNotListedCatalog=false' };
	const { call } = harness({ profile, seed: { datasource: { catalogs: [hidden, shown] } } });

	it('DataAccessNotListedCatalog=true hides a catalog from 10.2.0.2-265 (service packs) and in 11.0, not in 9.3 or 10.2 GA', async () => {
		const list = (await call('GET', '/analysis/catalog')).text;
		expect(list).toContain('>Plain<');
		if (profile === '10.2sp' || profile === '11.0') expect(list).not.toContain('>SmeModel<');
		else expect(list).toContain('>SmeModel<');
		// Only the list: the catalog itself is still there.
		expect((await call('GET', '/analysis/catalog/SmeModel')).status).toBe(200);
	});
});
