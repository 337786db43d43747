/** Exact requests of the Repository Locale & Metadata operations. */
import { exec, FILES, rl, server, json, useNock } from './helpers';

useNock();

describe('Locale & Metadata', () => {
	const report = `${FILES}/:public:Sample%20Reports:r.prpt`;

	it('Get Locales gives one item per locale with its properties: the locales answer has names only, so each is read (issue 28, defect 13)', async () => {
		// FileService.doGetFileLocales builds each entry as new LocaleMapDto(locale.toString(), null).
		const scope = server({ accept: 'application/json' })
			.get(`${report}/locales`)
			.reply(200, { localeMapDto: [{ locale: 'default' }, { locale: 'de' }] }, json)
			.get(`${report}/localeProperties`)
			.query({ locale: 'default' })
			.reply(200, { stringKeyStringValueDto: [{ key: 'file.title', value: 'R' }] }, json)
			.get(`${report}/localeProperties`)
			.query({ locale: 'de' })
			.reply(200, { stringKeyStringValueDto: { key: 'file.title', value: 'B' } }, json);
		const result = await exec('localeMetadata', 'getLocales', { path: rl('/public/Sample Reports/r.prpt') });
		scope.done();
		expect(result.items.map((i) => i.json)).toEqual([
			{ path: '/public/Sample Reports/r.prpt', locale: 'default', properties: { 'file.title': 'R' } },
			{ path: '/public/Sample Reports/r.prpt', locale: 'de', properties: { 'file.title': 'B' } },
		]);
	});

	it('Get Locale Properties sends the locale', async () => {
		server().get(`${report}/localeProperties`).query({ locale: 'de' }).reply(200, { stringKeyStringValueDto: [{ key: 'file.title', value: 'B' }] }, json);
		const result = await exec('localeMetadata', 'getLocaleProperties', { path: rl('/public/Sample Reports/r.prpt'), locale: 'de' });
		expect(result.items[0].json).toEqual({ path: '/public/Sample Reports/r.prpt', locale: 'de', properties: { 'file.title': 'B' } });
	});

	it('Update Locale Properties PUTs the key/value list as XML', async () => {
		const body =
			'<?xml version="1.0" encoding="UTF-8"?>\n<stringKeyStringValueDtoes>' +
			'<stringKeyStringValueDto><key>file.title</key><value>Ventes &amp; marges</value></stringKeyStringValueDto>' +
			'<stringKeyStringValueDto><key>file.description</key><value>&lt;b&gt;</value></stringKeyStringValueDto></stringKeyStringValueDtoes>';
		const after = { stringKeyStringValueDto: [{ key: 'file.title', value: 'Ventes & marges' }, { key: 'file.description', value: '<b>' }] };
		const scope = server({ 'content-type': 'application/xml' }).put(`${report}/localeProperties`, body).query({ locale: 'fr' }).reply(200);
		const read = server().get(`${report}/localeProperties`).query({ locale: 'fr' }).reply(200, after, json);
		const result = await exec('localeMetadata', 'updateLocaleProperties', {
			path: rl('/public/Sample Reports/r.prpt'),
			locale: 'fr',
			options: { replaceAll: true },
			properties: { entry: [{ key: 'file.title', value: 'Ventes & marges' }, { key: 'file.description', value: '<b>' }] },
		});
		expect(result.error).toBeUndefined();
		scope.done();
		read.done();
		expect(result.items[0].json).toEqual({
			path: '/public/Sample Reports/r.prpt',
			locale: 'fr',
			properties: { 'file.title': 'Ventes & marges', 'file.description': '<b>' },
			updated: true,
		});
	});

	it('Update Locale Properties keeps the properties not named (the server replaces the whole locale)', async () => {
		const body =
			'<?xml version="1.0" encoding="UTF-8"?>\n<stringKeyStringValueDtoes>' +
			'<stringKeyStringValueDto><key>file.title</key><value>Neu</value></stringKeyStringValueDto>' +
			'<stringKeyStringValueDto><key>file.description</key><value>Alt</value></stringKeyStringValueDto></stringKeyStringValueDtoes>';
		const scope = server()
			.get(`${report}/localeProperties`)
			.query({ locale: 'de' })
			.reply(200, { stringKeyStringValueDto: [{ key: 'file.title', value: 'Alt' }, { key: 'file.description', value: 'Alt' }] }, json)
			.put(`${report}/localeProperties`, body)
			.query({ locale: 'de' })
			.reply(200)
			.get(`${report}/localeProperties`)
			.query({ locale: 'de' })
			.reply(200, { stringKeyStringValueDto: [{ key: 'file.title', value: 'Neu' }, { key: 'file.description', value: 'Alt' }] }, json);
		const result = await exec('localeMetadata', 'updateLocaleProperties', { path: rl('/public/Sample Reports/r.prpt'), locale: 'de', properties: { entry: [{ key: 'file.title', value: 'Neu' }] } });
		expect(result.error).toBeUndefined();
		scope.done();
	});

	it('Delete Locale PUTs deleteLocale with the locale; a bad locale fails before any request', async () => {
		const scope = server().put(`${report}/deleteLocale`).query({ locale: 'de' }).reply(200);
		const result = await exec('localeMetadata', 'deleteLocale', { path: rl('/public/Sample Reports/r.prpt'), locale: 'de' });
		scope.done();
		expect(result.items[0].json).toEqual({ path: '/public/Sample Reports/r.prpt', locale: 'de', deleted: true });
		const bad = await exec('localeMetadata', 'deleteLocale', { path: rl('/public/Sample Reports/r.prpt'), locale: 'de/x' });
		expect(bad.error?.message).toBe('The locale "de/x" is not a locale name such as "de" or "en_US"');
	});

	it.each([
		['the real key', { stringKeyStringValueDto: [{ key: 'category', value: 'sales' }, { key: '_PERM_HIDDEN', value: 'false' }] }],
		['the documented key', { stringKeyStringValueDtoes: [{ key: 'category', value: 'sales' }, { key: '_PERM_HIDDEN', value: 'false' }] }],
	])('Get Metadata reads JSON under %s', async (_label, body) => {
		server({ accept: 'application/json' }).get(`${report}/metadata`).reply(200, body, json);
		const result = await exec('localeMetadata', 'getMetadata', { path: rl('/public/Sample Reports/r.prpt') });
		expect(result.items[0].json).toEqual({ path: '/public/Sample Reports/r.prpt', metadata: { category: 'sales', _PERM_HIDDEN: 'false' } });
	});

	it('Update Metadata PUTs {"stringKeyStringValueDto": [...]} as JSON', async () => {
		// The current flags are sent along when not given: the server unhides a file whose list lacks _PERM_HIDDEN.
		const current = { stringKeyStringValueDto: [{ key: '_PERM_SCHEDULABLE', value: 'false' }, { key: '_PERM_HIDDEN', value: 'false' }] };
		const reads = server().get(`${report}/metadata`).twice().reply(200, current, json);
		const scope = server({ 'content-type': 'application/json' })
			.put(`${report}/metadata`, { stringKeyStringValueDto: [{ key: 'category', value: 'finance' }, { key: '_PERM_HIDDEN', value: 'true' }, { key: '_PERM_SCHEDULABLE', value: 'false' }] })
			.reply(200);
		const result = await exec('localeMetadata', 'updateMetadata', {
			path: rl('/public/Sample Reports/r.prpt'),
			metadata: { entry: [{ key: 'category', value: 'finance' }, { key: '_PERM_HIDDEN', value: 'true' }] },
		});
		expect(result.error).toBeUndefined();
		scope.done();
		reads.done();
		const duplicate = await exec('localeMetadata', 'updateMetadata', {
			path: rl('/public/Sample Reports/r.prpt'),
			metadata: { entry: [{ key: 'a', value: '1' }, { key: 'a', value: '2' }] },
		});
		expect(duplicate.error?.message).toBe('The metadata key "a" is given twice');
		const keyless = await exec('localeMetadata', 'updateMetadata', {
			path: rl('/public/Sample Reports/r.prpt'),
			metadata: { entry: [{ key: ' ', value: '1' }] },
		});
		expect(keyless.error?.message).toBe('A metadata entry has no key');
		const property = await exec('localeMetadata', 'updateLocaleProperties', {
			path: rl('/public/Sample Reports/r.prpt'),
			locale: 'de',
			properties: { entry: [{ key: 'title', value: 'a' }, { key: 'title', value: 'b' }] },
		});
		expect(property.error?.message).toBe('The property key "title" is given twice');
	});
});
