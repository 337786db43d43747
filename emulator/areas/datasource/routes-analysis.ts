/** The data-source area: Analysis schemas (AnalysisResource / AnalysisService). Sources at each route. */
import { XMLValidator } from 'fast-xml-parser';
import { unzipSync } from 'fflate';

import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import { attachment, sendList } from './format';
import { readMultipart, type MultipartFile } from './request';
import type { DatasourceSeed } from './seed';
import { ANALYSIS_PARTS, catalogNameFor, connectStringValue, DATASOURCE_PREFIX, mayManage, schemaNameOf, type AnalysisCatalog, type AnalysisUpload, type DatasourceState } from './store';

export function registerAnalysisRoutes(app: EmulatorApp, state: DatasourceState, seed: DatasourceSeed): void {
	const analysis = `${DATASOURCE_PREFIX}/analysis/catalog`;

	/** pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/AnalysisService.java@HEAD getAnalysisDatasourceIds: catalogs that are not the analysis half of a wizard domain. */
	// From commit d603e76d6 (SME-294; first tags 10.2.0.2-265 and later 10.2 service packs, not 10.2.0.0-222 nor 10.2.0.1-*)
	// and 2a1f19e79 (10.3.0.0-155, 11.0.0.0-2), AnalysisService.shouldListCatalog also leaves out catalogs whose connect
	// properties (the datasource info) say DataAccessNotListedCatalog=true (AnalysisService.java@10.2.0.10-422, @11.0.0.3-300).
	const notListed = (c: AnalysisCatalog) =>
		(app.profile.atLeast('10.2.0.2-265') && !(app.profile.atLeast('10.3') && app.profile.before('10.3.0.0-155'))) &&
		(connectStringValue(c.parameters, 'DataAccessNotListedCatalog') ?? '').toLowerCase() === 'true';
	const listedCatalogs = () => state.catalogs.filter((c) => !state.domains.some((d) => d.id === `${c.id}.xmi` && d.catalogRef === c.id) && !notListed(c));

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/AnalysisResource.java@10.2.0.0-222 getSchemaIds
	// (@Produces { APPLICATION_XML, APPLICATION_JSON }: XML unless the client asks for JSON); no permission check.
	app.server.add('GET', analysis, (ctx) => sendList(app, ctx, listedCatalogs().map((c) => c.id), ['application/xml', 'application/json']), { format: 'xml' });

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/AnalysisResource.java@9.3.0.0-422 and @HEAD downloadSchema, api/resources/ResourceUtil.java@HEAD,
	// pentaho/pentaho-platform:extensions/src/main/java/org/pentaho/platform/plugin/services/importexport/legacy/MondrianCatalogRepositoryHelper.java@HEAD:
	// no manage permission → WebApplicationException(401), no such catalog →
	// RepositoryException → 400 (MondrianCatalogRepositoryHelper.getMondrianSchemaFiles), both without entity, so the
	// client gets Tomcat's status report (core/errors.ts servletAnswer). `{catalogId : .+}`: an id may hold slashes.
	// The stored schema.xml is renamed <id>.mondrian.xml (DatasourceService.parseMondrianSchemaName).
	app.server.add(
		'GET',
		`${analysis}/*catalogId`,
		(ctx) => {
			if (!ctx.params.catalogId) throw EmulatorHttpError.bare(405);
			if (!mayManage(ctx)) throw EmulatorHttpError.bare(401);
			const catalog = state.catalogs.find((c) => c.id === ctx.params.catalogId);
			if (!catalog) throw EmulatorHttpError.bare(400);
			attachment(ctx, catalog.id, { [`${catalog.id}.mondrian.xml`]: catalog.content, ...catalog.extraFiles }, catalog.mimeType);
		},
		{ format: 'binary' },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/AnalysisResource.java@9.3.0.0-422 and @HEAD putSchema, api/AnalysisService.java@HEAD putMondrianSchema:
	// multipart parts uploadInput (its file name is the schemaFileInfo), origCatalogName,
	// datasourceName (bound but unused by AnalysisService.putMondrianSchema), overwrite and
	// xmlaEnabledFlag (Boolean: missing → unboxing fails → 500), parameters, acl. 201 with no body.
	app.server.add(
		'PUT',
		`${analysis}/*catalogId`,
		async (ctx) => {
			const catalogId = ctx.params.catalogId;
			if (!catalogId) throw EmulatorHttpError.bare(405);
			const record: AnalysisUpload = { catalogId, user: ctx.user?.name ?? '', fields: {}, ignoredFields: [], status: 0 };
			state.uploads.push(record);
			const answer = (status: number) => {
				record.status = status;
				ctx.send(status);
			};
			/** An error status, recorded and thrown (core/errors.ts): with no body, or a text/plain message. */
			const fail = (status: number, message?: string): EmulatorHttpError => {
				record.status = status;
				return message === undefined ? EmulatorHttpError.bare(status) : new EmulatorHttpError(status, message, { body: message, contentType: 'text/plain' });
			};
			if (!/^multipart\/form-data/i.test(ctx.req.headers['content-type'] ?? '')) throw fail(415, 'Unsupported Media Type');
			let form: { fields: Record<string, string>; files: MultipartFile[] };
			try {
				form = await readMultipart(ctx);
			} catch (error) {
				throw fail(400, `The multipart body could not be read: ${(error as Error).message}`);
			}
			record.fields = form.fields;
			record.ignoredFields = [...Object.keys(form.fields), ...form.files.map((f) => f.fieldName)].filter((name) => !ANALYSIS_PARTS.has(name));
			const file = form.files.find((f) => f.fieldName === 'uploadInput');
			if (file) record.file = { fieldName: file.fieldName, fileName: file.fileName, mimeType: file.mimeType, size: file.content.length };
			// Boolean @FormDataParam: absent → null → unboxed into putMondrianSchema's boolean → NPE → 500, no message.
			if (form.fields.overwrite === undefined || form.fields.xmlaEnabledFlag === undefined) throw fail(500);
			if (!mayManage(ctx)) throw fail(403, 'Access Denied');
			if (!file) {
				// schemaFileInfo is null: getFileName() throws → "Unspecified general error" 500 with no message.
				throw fail(500);
			}
			// AnalysisService.fileNameValidation (BISERVER-12815): a PlatformImportException (general error) → 412 with its message.
			if (/\.xmi$/.test(file.fileName)) throw fail(412, 'Error creating Analysis datasource. Mondrian does not support .xmi files.');
			let content = file.content;
			if (/\.zip$/.test(file.fileName)) {
				let entries: Record<string, Uint8Array> = {};
				try {
					entries = unzipSync(new Uint8Array(content));
				} catch {
					entries = {};
				}
				const schema = Object.keys(entries).find((name) => name.endsWith('.mondrian.xml'));
				if (schema) content = Buffer.from(entries[schema]);
			}
			// pentaho/pentaho-platform:extensions/src/main/java/org/pentaho/platform/plugin/services/importer/MondrianImportHandler.java@10.2.0.0-222
			// validateFileData: only well-formedness is checked (an empty or malformed file → "Bundle data is not valid", a general
			// error → 412); a well-formed file that is no Mondrian schema is stored.
			if (content.length === 0 || XMLValidator.validate(content.toString('utf8')) !== true) throw fail(412, 'Bundle data is not valid');
			const parameters = form.fields.parameters;
			const overwriteParameter = connectStringValue(parameters, 'overwrite');
			const overwrite = overwriteParameter !== undefined ? overwriteParameter.toLowerCase() === 'true' : form.fields.overwrite === 'true';
			const name = catalogNameFor(schemaNameOf(content), parameters, catalogId, file.fileName);
			const existing = state.catalogs.find((c) => c.id === name);
			const datasource = parameters ? connectStringValue(parameters, 'Datasource') : undefined;
			// pentaho/pentaho-platform:extensions/src/main/java/org/pentaho/platform/plugin/action/mondrian/catalog/MondrianCatalogHelper.java@10.2.0.0-222
			// addCatalog without overwrite: the same name and the same data source info (EnableXmla and overwrite left out) →
			// ALREADY_EXISTS → 409; the same name with other data source info → XMLA_SCHEMA_NAME_EXISTS → 412; both with the
			// message "MondrianCatalogHelper.ERROR_0004 - already exists" (MessageUtil.formatErrorMessage). The emulator
			// compares the data source names only.
			if (existing && !overwrite) throw fail((existing.datasourceName ?? null) === (datasource ?? null) ? 409 : 412, 'MondrianCatalogHelper.ERROR_0004 - already exists');
			const original = form.fields.origCatalogName;
			if (original && original !== name) state.catalogs = state.catalogs.filter((c) => c.id !== original);
			const catalog: AnalysisCatalog = {
				id: name,
				content,
				mimeType: 'text/xml',
				extraFiles: {},
				datasourceName: datasource,
				xmlaEnabled: form.fields.xmlaEnabledFlag === 'true',
				parameters: parameters || `Provider=mondrian;datasourceName=${datasource ?? 'null'};EnableXmla=${form.fields.xmlaEnabledFlag === 'true'}`,
				schemaFileName: file.fileName,
			};
			state.catalogs = state.catalogs.filter((c) => c.id !== name);
			state.catalogs.push(catalog);
			record.catalogName = name;
			answer(201);
		},
		{ csrf: seed.csrfOnImports === true },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/AnalysisResource.java@HEAD deleteSchema, api/AnalysisService.java@HEAD removeAnalysis,
	// pentaho/pentaho-platform:extensions/src/main/java/org/pentaho/platform/plugin/action/mondrian/catalog/MondrianCatalogHelper.java@HEAD:
	// no data access permission → 401; removeCatalog of a missing catalog throws
	// MondrianCatalogServiceException, which nothing maps → 500, the webapp's error page (core/errors.ts servletAnswer).
	app.server.add('DELETE', `${analysis}/*catalogId`, (ctx) => {
		if (!ctx.params.catalogId) throw EmulatorHttpError.bare(405);
		if (!mayManage(ctx)) throw EmulatorHttpError.bare(401);
		const index = state.catalogs.findIndex((c) => c.id === ctx.params.catalogId);
		if (index < 0) throw EmulatorHttpError.bare(500);
		state.catalogs.splice(index, 1);
		ctx.send(200);
	});
}
