/** The data-source area: JDBC connections (JDBCDatasourceResource). Sources at each route. */
import { randomUUID } from 'node:crypto';

import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import { connectionXml, encryptPassword, flexjsonConnection, jacksonConnection, sendList } from './format';
import { BEAN_PROPS, bindConnection, DATASOURCE_PREFIX, findConnection, mayManage, type DatasourceState, type Json, type JdbcConnection, type JdbcPut } from './store';

export function registerJdbcRoutes(app: EmulatorApp, state: DatasourceState): void {
	const jdbc = `${DATASOURCE_PREFIX}/jdbc/connection`;

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/JDBCDatasourceResource.java@9.3.0.0-422 and @HEAD, getConnectionIDs:
	// ConnectionServiceImpl.getConnections checks the data access permission first; any
	// ConnectionServiceException becomes WebApplicationException(500) with no body.
	app.server.add(
		'GET',
		jdbc,
		(ctx) => {
			if (!mayManage(ctx)) throw EmulatorHttpError.bare(500);
			sendList(app, ctx, state.connections.map((c) => c.name));
		},
		{ format: 'xml' },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/JDBCDatasourceResource.java@HEAD getConnection (@9.3.0.0-422: password always nulled),
	// writer wizard/service/impl/DatabaseConnectionReaderWriter.java@11.0.0.0-237 (flexjson) and @HEAD (Jackson).
	// Every ConnectionServiceException (no permission, no such connection) is an empty 500.
	// The password is nullified (always at 9.3; by the default settings/nullify-password=true from 10.2).
	app.server.add(
		'GET',
		`${jdbc}/:name`,
		(ctx) => {
			const connection = findConnection(state, ctx.params.name);
			if (!mayManage(ctx) || !connection) throw EmulatorHttpError.bare(500);
			const out = { ...connection } as JdbcConnection;
			const stored = connection.password;
			out.password =
				app.profile.before('10.2') || state.passwordMode === 'nullify' || stored === null
					? null
					: state.passwordMode === 'encrypt'
						? encryptPassword(String(stored))
						: stored;
			const accept = ctx.req.headers.accept ?? '';
			if (/xml/i.test(accept) && !/json/i.test(accept)) ctx.sendXml(200, connectionXml(out), 'application/xml');
			else ctx.sendJson(200, state.connectionJson === 'jackson' ? jacksonConnection(out) : flexjsonConnection(out));
		},
		{ format: 'json' },
	);

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/JDBCDatasourceResource.java@9.3.0.0-422 and @HEAD addOrUpdate, with
	// wizard/service/impl/ConnectionServiceImpl.java and ConnectionServiceHelper.java@HEAD:
	// validateAccess (401), then update the connection the path names (a blank password, or
	// one of only '*', keeps the stored one; the body replaces every other property and may rename it),
	// else add the body's connection. Success is always 204: updateConnection and addConnection answer
	// true or throw, so the documented 304 never happens; every failure is an empty 500.
	app.server.add('PUT', `${jdbc}/:connectionId`, async (ctx) => {
		const record: JdbcPut = { pathName: ctx.params.connectionId, user: ctx.user?.name ?? '', body: undefined, ignoredFields: [], status: 0 };
		state.jdbcPuts.push(record);
		const answer = (status: number) => {
			record.status = status;
			ctx.send(status);
		};
		/** An error status, recorded and thrown (core/errors.ts): with no body, or a text/plain message. */
		const fail = (status: number, message?: string): EmulatorHttpError => {
			record.status = status;
			return message === undefined ? EmulatorHttpError.bare(status) : new EmulatorHttpError(status, message, { body: message, contentType: 'text/plain;charset=UTF-8' });
		};
		if (!/application\/json/i.test(ctx.req.headers['content-type'] ?? '')) {
			// @Consumes(APPLICATION_JSON): the container refuses other types before the method runs.
			throw fail(415, 'Unsupported Media Type');
		}
		let body: unknown;
		try {
			body = await ctx.json<unknown>();
		} catch {
			throw fail(500);
		}
		record.body = body;
		if (typeof body !== 'object' || body === null || Array.isArray(body)) throw fail(500);
		record.ignoredFields = Object.keys(body).filter((key) => !BEAN_PROPS.has(key));
		if (!mayManage(ctx)) throw fail(401);
		let bean: JdbcConnection;
		try {
			bean = bindConnection(body as Record<string, unknown>);
		} catch {
			throw fail(500);
		}
		const type = bean.databaseType as Record<string, Json> | null;
		const name = bean.name === null ? '' : String(bean.name);
		if (!type || !type.shortName || name.trim() === '') throw fail(500);
		const pathName = ctx.params.connectionId;
		const existing = findConnection(state, pathName);
		if (existing) {
			const password = bean.password === null ? '' : String(bean.password);
			if (password.trim() === '' || /^\*+$/.test(password)) bean.password = existing.password;
			bean.id = existing.id;
			if (name !== pathName && findConnection(state, name)) throw fail(500);
			state.connections[state.connections.indexOf(existing)] = bean;
			answer(204);
			return;
		}
		if (findConnection(state, name)) throw fail(500);
		bean.id = randomUUID();
		state.connections.push(bean);
		answer(204);
	});

	// pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/JDBCDatasourceResource.java@HEAD deleteConnection, with pentaho/pentaho-platform:
	// repository/src/main/java/org/pentaho/platform/repository/JcrBackedDatasourceMgmtService.java@HEAD.
	// ConnectionServiceImpl.deleteConnection(String) answers true or throws (no
	// permission, no such connection: JcrBackedDatasourceMgmtService.deleteDatasource(null) throws), so
	// the resource answers 204 or an empty 500; the documented 304 never happens.
	app.server.add('DELETE', `${jdbc}/:name`, (ctx) => {
		const connection = findConnection(state, ctx.params.name);
		if (!mayManage(ctx) || !connection) throw EmulatorHttpError.bare(500);
		state.connections.splice(state.connections.indexOf(connection), 1);
		ctx.send(204);
	});
}
