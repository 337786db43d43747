/** The data-source area: Data source wizard domains (DataSourceWizardResource / DataSourceWizardService). Sources at each route. */
import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import { attachment, sendList } from './format';
import { DATASOURCE_PREFIX, mayManage, type DatasourceState } from './store';

export function registerDswRoutes(app: EmulatorApp, state: DatasourceState): void {
	const dsw = `${DATASOURCE_PREFIX}/dsw/domain`;

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/DataSourceWizardResource.java@10.2.0.0-222 getDSWDIds (DataSourceWizardService.getDSWDatasourceIds;
	// @Produces { APPLICATION_XML, APPLICATION_JSON }: XML unless the client asks for JSON).
	app.server.add('GET', dsw, (ctx) => sendList(app, ctx, state.domains.map((d) => d.id), ['application/xml', 'application/json']), { format: 'xml' });

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/DataSourceWizardResource.java@9.3.0.0-422 and @HEAD downloadDsw, api/DataSourceWizardService.java@HEAD:
	// no manage permission → 401 (Tomcat's status page); a missing domain fails inside the service
	// (null domain, an unmapped exception) → Tomcat's 500 page (core/errors.ts servletAnswer).
	app.server.add(
		'GET',
		`${dsw}/*dswId`,
		(ctx) => {
			if (!ctx.params.dswId) throw EmulatorHttpError.bare(405);
			if (!mayManage(ctx)) throw EmulatorHttpError.bare(401);
			const domain = state.domains.find((d) => d.id === ctx.params.dswId);
			if (!domain) throw EmulatorHttpError.bare(500);
			attachment(ctx, domain.id, domain.files, 'text/xml');
		},
		{ format: 'binary' },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/DataSourceWizardResource.java@HEAD remove, api/DataSourceWizardService.java@HEAD removeDSW:
	// no data access permission → 401; a missing domain → 500 (null domain); the domain's
	// analysis catalog (MondrianCatalogRef) goes with it. 200 without body.
	app.server.add('DELETE', `${dsw}/*dswId`, (ctx) => {
		if (!ctx.params.dswId) throw EmulatorHttpError.bare(405);
		if (!mayManage(ctx)) throw EmulatorHttpError.bare(401);
		const index = state.domains.findIndex((d) => d.id === ctx.params.dswId);
		if (index < 0) throw EmulatorHttpError.bare(500);
		const [domain] = state.domains.splice(index, 1);
		if (domain.catalogRef) state.catalogs = state.catalogs.filter((c) => c.id !== domain.catalogRef);
		ctx.send(200);
	});
}
