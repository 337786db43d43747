/**
 * The data-source area: JDBC connections (JDBCDatasourceResource). Sources at each route; D is
 * pentaho/data-access, paths under core/src/main/java/org/pentaho/platform/dataaccess/datasource/.
 * The resource's paths are `{name : .+}` / `{connectionId : .+}`: a name may hold slashes.
 */
import { randomUUID } from 'node:crypto';

import type { EmulatorApp } from '../../core/app';
import { EmulatorHttpError } from '../../core/errors';
import type { RequestContext } from '../../core/types';
import { connectionXml, flexjsonConnection, jacksonConnection, negotiate, sendList } from './format';
import { PASSWORD_ENCRYPTED_PREFIX, kettleEncode } from './kettle';
import {
	BEAN_PROPS,
	bindConnection,
	DATASOURCE_PREFIX,
	lookupConnection,
	mayManage,
	repositoryRoundTrip,
	storedConnection,
	unsanitized,
	type DatasourceState,
	type JdbcConnection,
	type JdbcPut,
} from './store';

/** `{name : .+}`: the rest of the path, at least one character (an empty one matches no method: 405). */
function pathName(ctx: RequestContext): string {
	const name = ctx.params.name;
	if (!name) throw EmulatorHttpError.bare(405);
	return name;
}

/**
 * Whether GET one reads the nullify/encrypt settings: pentaho/data-access commit da5a6bf7c (PPP-4947), first in
 * 10.1.0.0-70 (so in every 10.2 and 11.x build, not in 10.0), and its 9.3 backport ce7525066 (SP-6432), first in the
 * 9.3.0.6 service pack. Before those the password is always null.
 */
function passwordSettings(app: EmulatorApp): boolean {
	return app.profile.atLeast('10.1.0.0-70') || (app.profile.atLeast('9.3.0.6') && app.profile.before('10.0'));
}

export function registerJdbcRoutes(app: EmulatorApp, state: DatasourceState): void {
	const jdbc = `${DATASOURCE_PREFIX}/jdbc/connection`;

	// D api/resources/JDBCDatasourceResource.java@9.3.0.0-R, @10.2.0.0-222 and @11.0.0.3-300 getConnectionIDs
	// (@Produces { APPLICATION_JSON, APPLICATION_XML }: JSON unless the client asks for XML): ConnectionServiceImpl.getConnections
	// checks the data access permission first; any ConnectionServiceException becomes WebApplicationException(500),
	// Tomcat's error page. Names are the stored titles unescaped (unsanitizeConnectionParameters).
	app.server.add(
		'GET',
		jdbc,
		(ctx) => {
			if (!mayManage(ctx)) throw EmulatorHttpError.bare(500);
			sendList(app, ctx, state.connections.map((c) => unsanitized(c).name), ['application/json', 'application/xml']);
		},
		{ format: 'json' },
	);

	// D api/resources/JDBCDatasourceResource.java getConnection: @9.3.0.0-R (and 10.0) password always null; from commit
	// da5a6bf7c (first tags 10.1.0.0-70, 10.2.0.0-8, 11.0.0.0-2; backport ce7525066 in 9.3.0.6-R) the plugin settings
	// settings/nullify-password (shipped true) and settings/encrypt-password (shipped true): null, else
	// "Encrypted " + Encr.encryptPassword(password) (kettle.ts), else the password. ConnectionServiceImpl.getConnectionByName
	// looks the name up HTML-escaped and unescapes the result (store.ts lookupConnection, unsanitized).
	// Writer: wizard/service/impl/DatabaseConnectionReaderWriter.java flexjson @11.0.0.3-300, Jackson @HEAD (11.1+);
	// JAXB XML when the client asks for XML (@Produces { APPLICATION_JSON, APPLICATION_XML }).
	// Every ConnectionServiceException (no permission, no such connection) is Response.serverError(): Tomcat's 500 page.
	app.server.add(
		'GET',
		`${jdbc}/*name`,
		(ctx) => {
			const name = pathName(ctx);
			const stored = lookupConnection(state, name);
			if (!mayManage(ctx) || !stored) throw EmulatorHttpError.bare(500);
			const out = unsanitized(stored);
			const password = out.password === null ? null : String(out.password);
			if (!passwordSettings(app) || state.passwordMode === 'nullify') out.password = null;
			else if (state.passwordMode === 'encrypt') out.password = PASSWORD_ENCRYPTED_PREFIX + kettleEncode(password);
			const media = negotiate(ctx.req.headers.accept, ['application/json', 'application/xml']);
			if (media === undefined) throw EmulatorHttpError.bare(406);
			if (media === 'application/xml') ctx.sendXml(200, connectionXml(out), 'application/xml');
			else ctx.sendJson(200, state.connectionJson === 'jackson' ? jacksonConnection(out) : flexjsonConnection(out));
		},
		{ format: 'json' },
	);

	// D api/resources/JDBCDatasourceResource.java addOrUpdate (@9.3.0.0-R = @10.2.0.0-222 = @11.0.0.3-300), with
	// wizard/service/impl/ConnectionServiceImpl.java, utils/ConnectionServiceHelper.java and pentaho/pentaho-platform:
	// repository/src/main/java/org/pentaho/platform/repository/JcrBackedDatasourceMgmtService.java and DatabaseHelper.java@10.2.0.0-222:
	// 1. the body is bound first (DatabaseConnectionReaderWriter: a body that does not bind fails before the method runs: 500);
	// 2. DatasourceService.validateAccess (read, create, publish) → 401;
	// 3. getConnectionByName(path name) (HTML-escaped look-up). Found: a blank password (StringUtils.isBlank) takes the
	//    found one's, the id becomes the found one's, and updateConnection runs ConnectionServiceHelper.getConnectionPassword
	//    (body name, password): a password of only '*' (or null) is replaced by the stored password of the connection that
	//    has the BODY's name, if there is one, else kept as sent; the repository file is rewritten and renamed to the body's
	//    name. Not found, or the update threw: addConnection (a file of that name already there → 500).
	// 4. the password is stored as sent: nothing decodes an `Encrypted …` text (DatabaseHelper encrypts it once more and
	//    decrypts it once on reading), so the text itself is what GET returns and what the pool logs in with (store.ts poolLogin);
	// 5. the repository round trip (store.ts repositoryRoundTrip): no access type or a port that is not a long → 500.
	// updateConnection and addConnection answer true or throw, so the documented 304 never happens: 204 or 500.
	app.server.add('PUT', `${jdbc}/*name`, async (ctx) => {
		const name = pathName(ctx);
		const record: JdbcPut = { pathName: name, user: ctx.user?.name ?? '', body: undefined, ignoredFields: [], status: 0 };
		state.jdbcPuts.push(record);
		/** An error status, recorded and thrown: Tomcat's error page (core/errors.ts servletAnswer). */
		const fail = (status: number): EmulatorHttpError => {
			record.status = status;
			return EmulatorHttpError.bare(status);
		};
		if (!/application\/json/i.test(ctx.req.headers['content-type'] ?? '')) {
			// @Consumes(APPLICATION_JSON): the container refuses other types before the method runs.
			throw fail(415);
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
		let bean: JdbcConnection;
		try {
			bean = bindConnection(body as Record<string, unknown>);
		} catch {
			throw fail(500);
		}
		if (!mayManage(ctx)) throw fail(401);
		const bodyName = bean.name === null ? null : String(bean.name);
		// A body without a name is refused here; what the real repository does with the name null (a file "null.kdb")
		// is not settled from the source.
		if (bodyName === null || bodyName.trim() === '') throw fail(500);
		const found = lookupConnection(state, name);
		if (found) {
			const update = { ...bean } as JdbcConnection;
			const sent = update.password === null ? '' : String(update.password);
			if (sent.trim() === '') update.password = unsanitized(found).password;
			const password = update.password === null ? null : String(update.password);
			if (password === null || /^\*+$/.test(password)) {
				const namesake = storedConnection(state, bodyName);
				if (namesake) update.password = namesake.password;
			}
			update.id = found.id;
			const clash = storedConnection(state, bodyName);
			try {
				if (clash && clash !== found) throw new Error('the rename target exists');
				state.connections[state.connections.indexOf(found)] = repositoryRoundTrip(update);
				record.status = 204;
				ctx.send(204);
				return;
			} catch {
				// updateConnection threw: the resource swallows it and tries addConnection, which fails the same way or
				// finds the name taken.
				throw fail(500);
			}
		}
		if (storedConnection(state, bodyName)) throw fail(500);
		let created: JdbcConnection;
		try {
			created = repositoryRoundTrip({ ...bean, id: randomUUID() } as JdbcConnection);
		} catch {
			throw fail(500);
		}
		state.connections.push(created);
		record.status = 204;
		ctx.send(204);
	});

	// D api/resources/JDBCDatasourceResource.java@10.2.0.0-222 deleteConnection, ConnectionServiceImpl.deleteConnection(String)
	// (the name HTML-escaped), with pentaho/pentaho-platform: repository/src/main/java/org/pentaho/platform/repository/JcrBackedDatasourceMgmtService.java@10.2.0.0-222:
	// it answers true or throws (no permission; no such connection: deleteDatasource(null) throws), so the resource answers
	// 204 or Response.serverError() (Tomcat's 500 page); the documented 304 never happens.
	app.server.add('DELETE', `${jdbc}/*name`, (ctx) => {
		const connection = lookupConnection(state, pathName(ctx));
		if (!mayManage(ctx) || !connection) throw EmulatorHttpError.bare(500);
		state.connections.splice(state.connections.indexOf(connection), 1);
		ctx.send(204);
	});
}
