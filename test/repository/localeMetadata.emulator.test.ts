/**
 * Repository Locale & Metadata operations against the emulator: metadata and locale properties, and
 * what updates keep.
 */

import { repositoryOf } from '../../emulator/areas/repository';
import { useFilesystemBinaryData } from '../helpers/binaryData';
import { describeEachProfile } from '../helpers/profiles';

import { rl, repositoryEmulator } from './helpers';

useFilesystemBinaryData();

// Every behaviour below must hold on each server version users run (9.3 and 10.2: Jersey 1 JSON,
// GET backup, no /exists; 11.0: Jackson JSON, POST backup with log fields, /exists).
describeEachProfile('Repository node', (profile) => {
const { fixture, ok } = repositoryEmulator(profile);

describe('Locale & Metadata', () => {
	const path = rl('/public/Sample Reports/Sales Summary.prpt');

	it('Get Locales, Update / Get / Delete Locale Properties', async () => {
		const locales = await ok('localeMetadata', 'getLocales', { path });
		expect(locales.items.map((i) => i.json.locale)).toEqual(['default', 'de']);
		// Each locale with its properties, as the README promises (issue 28, defect 13).
		for (const item of locales.items) {
			const own = await ok('localeMetadata', 'getLocaleProperties', { path, locale: item.json.locale });
			expect(item.json.properties).toEqual(own.items[0].json.properties);
			expect(Object.keys(item.json.properties as object).length).toBeGreaterThan(0);
		}
		await ok('localeMetadata', 'updateLocaleProperties', { path, locale: 'fr', properties: { entry: [{ key: 'file.title', value: 'Ventes & <marges>' }] } });
		const fr = await ok('localeMetadata', 'getLocaleProperties', { path, locale: 'fr' });
		expect(fr.items[0].json.properties).toEqual({ 'file.title': 'Ventes & <marges>' });
		await ok('localeMetadata', 'deleteLocale', { path, locale: 'fr' });
		const after = await ok('localeMetadata', 'getLocales', { path });
		expect(after.items.map((i) => i.json.locale)).toEqual(['default', 'de']);
	});

	it('Update Metadata merges keys; Get Metadata reads them back', async () => {
		await ok('localeMetadata', 'updateMetadata', { path, metadata: { entry: [{ key: 'team', value: 'finance' }] } });
		const metadata = await ok('localeMetadata', 'getMetadata', { path });
		expect(metadata.items[0].json.metadata).toMatchObject({ category: 'sales', team: 'finance', _PERM_HIDDEN: 'false' });
	});
});

describe('what the server really holds (issues 17 and 18)', () => {
	it('Update Metadata keeps a hidden file hidden and Update Locale Properties keeps the properties not named', async () => {
		const repo = repositoryOf(fixture.emulator.app);
		await repo.writeFile('/public/meta/hidden.ktr', '<t/>', { name: 'admin', password: '', admin: true });
		const node = repo.find('/public/meta/hidden.ktr')!;
		node.hidden = true;
		node.locales.set('de', { 'file.title': 'Alt', 'file.description': 'Beschreibung' });
		const meta = await ok('localeMetadata', 'updateMetadata', { path: rl('/public/meta/hidden.ktr'), metadata: { entry: [{ key: 'team', value: 'finance' }] } });
		expect(node.hidden).toBe(true);
		expect(meta.items[0].json.metadata).toMatchObject({ team: 'finance', _PERM_HIDDEN: 'true' });
		const locale = await ok('localeMetadata', 'updateLocaleProperties', { path: rl('/public/meta/hidden.ktr'), locale: 'de', properties: { entry: [{ key: 'file.title', value: 'Neu' }] } });
		expect(node.locales.get('de')).toEqual({ 'file.title': 'Neu', 'file.description': 'Beschreibung' });
		expect(locale.items[0].json.properties).toEqual({ 'file.title': 'Neu', 'file.description': 'Beschreibung' });
	});
});
});
