/**
 * The data-source area's data-source-wizard domain routes over plain HTTP (routes-dsw.ts, after
 * DataSourceWizardResource) in every server profile.
 */
import { unzipSync, strFromU8 } from 'fflate';

import { describeEachProfile } from '../../helpers/profiles';
import { harness, schemaSource } from './helpers';

describeEachProfile('emulator: data-source endpoints', (profile) => {
	const { call, state } = harness({ profile });

	it('wizard domains: list, download (XMI as is, XMI + schema as a zip), missing → 500, delete takes the catalog along', async () => {
		const one = await call('GET', '/dsw/domain/sales_model.xmi');
		expect(one.headers.get('content-disposition')).toBe('attachment; filename="sales_model.xmi"');
		const zip = await call('GET', '/dsw/domain/inventory.xmi');
		expect(zip.headers.get('content-disposition')).toBe('attachment; filename="inventory.zip"');
		expect(Object.keys(unzipSync(new Uint8Array(zip.bytes))).sort()).toEqual(['inventory.mondrian.xml', 'inventory.xmi']);
		expect(strFromU8(unzipSync(new Uint8Array(zip.bytes))['inventory.xmi'])).toContain('xmi:XMI');
		expect([(await call('GET', '/dsw/domain/nope.xmi')).status, (await call('DELETE', '/dsw/domain/nope.xmi')).status]).toEqual([500, 500]);
		expect([(await call('GET', '/dsw/domain/inventory.xmi', { user: 'suzy' })).status, (await call('DELETE', '/dsw/domain/inventory.xmi', { user: 'suzy' })).status]).toEqual([401, 401]);
		// The analysis half of a wizard domain is not listed among analysis catalogs; it goes with the domain.
		state().catalogs.push({ id: 'inventory', content: Buffer.from(schemaSource('inventory')), mimeType: 'text/xml', extraFiles: {}, xmlaEnabled: false });
		expect((await call('GET', '/analysis/catalog')).text).not.toContain('>inventory<');
		expect((await call('DELETE', '/dsw/domain/inventory.xmi')).status).toBe(200);
		expect(state().catalogs.some((c) => c.id === 'inventory')).toBe(false);
		expect(state().domains.map((d) => d.id)).toEqual(['sales_model.xmi']);
	});
});
