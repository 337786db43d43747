/**
 * The emulator's HTTP server: one listener on 127.0.0.1 with the server interfaces under the
 * context path (`/pentaho` by default), the catalog under `/catalog`, and a control interface
 * under `/__emulator`. Areas (worker, scheduler, repository ...) register their routes on it.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

import { EmulatorHttpError, jettyErrorPage, servletAnswer, servletOf, tomcatSendError, type ContainerAnswer, type ServletKind } from './errors';
import { Faults, type FaultRule } from './faults';
import { serverProfile, type ProfileName, type ServerProfile } from './profiles';
import { Router } from './router';
import type { EmulatorUser, ErrorStyle, LoggedRequest, RequestContext, RouteOptions } from './types';
import { escapeXml } from './xml';

export interface EmulatorOptions {
	port?: number;
	host?: string;
	/** Context path of the server interfaces, default `/pentaho` ('' for none). */
	contextPath?: string;
	/** Catalog token lifetime in seconds (default 300). */
	tokenTtl?: number;
	/** Whether the worker's stop operation is accepted. */
	allowStop?: boolean;
	/** Delay added to every answer, in ms. */
	latency?: number;
	/** Seed data, by area (merged over the built-in fixture). */
	seed?: Record<string, unknown>;
	/** Users (default: admin/password administrator, suzy/password and analyst/password non-administrators). */
	users?: EmulatorUser[];
	/** How long a worker job takes from start to finish, in ms (default 1500). */
	jobDurationMs?: number;
	/** Folder for file contents (default: a new temporary folder, removed on stop). */
	dataDir?: string;
	/** Which server version to play where versions differ (default '11.0'): see core/profiles.ts. */
	profile?: ProfileName;
	/** Another build of the profile's line to play (e.g. '10.2.0.2-289' on '10.2sp'), for tests on either side of a boundary. */
	build?: string;
	/** The server JVM's default time zone (default 'UTC'): the scheduler reads some dates in it (areas/scheduler/triggers.ts). */
	serverTimeZone?: string;
	/**
	 * CSRF protection on (the platform's `csrf-protection-enabled`, off by default on real servers):
	 * protected routes then need the token from `GET /api/csrf/token` and its session cookie.
	 */
	csrf?: boolean;
	/**
	 * Which product listens: 'pentaho' (default: the BI server, the worker and the catalog) or 'hop'
	 * (an Apache Hop Server: its servlets at the root with Jetty's Basic authentication, realm "Hop",
	 * user cluster/cluster unless `users` says otherwise; areas/hop.ts). The Hop flavour answers every
	 * path itself (`mountRaw`); the control interface under `/__emulator` stays.
	 */
	server?: 'pentaho' | 'hop';
}

/** Hop Server's default user: cluster/cluster (apache/hop:engine/src/main/java/org/apache/hop/www/HopServer.java@2.19.0-rc1, assemblies/static/src/main/resources/pwd/hop.pwd). */
export const HOP_DEFAULT_USERS: EmulatorUser[] = [{ name: 'cluster', password: 'cluster', admin: true }];

export const DEFAULT_USERS: EmulatorUser[] = [
	{ name: 'admin', password: 'password', admin: true, catalogRole: 'Administrator' },
	{ name: 'suzy', password: 'password', admin: false, catalogRole: 'Data Steward' },
	{ name: 'analyst', password: 'password', admin: false, catalogRole: 'Analyst' },
];

const ERROR_CONTENT_TYPES: Record<ErrorStyle, string> = {
	worker: 'text/xml;charset=UTF-8',
	catalog: 'application/json',
	platform: 'text/plain;charset=UTF-8',
};

/**
 * The platform's own protected set, per version
 * (pentaho-platform:assemblies/pentaho-solutions/src/main/resources/pentaho-solutions/system/applicationContext-spring-security-csrf.xml@9.3.0.0-422,
 * unchanged @10.2.0.10-434; @11.0.0.0-237 adds authorizationDecisionCache, pentaho-platform@b84e40e888, first tag 11.0.0.0-173).
 * The GWT-RPC matcher on /ws/gwt/unifiedRepository is not played. Plugins (data access, scheduler)
 * register theirs with `{ csrf: true }`.
 */
function platformCsrfPaths(profile: ServerProfile): Array<[string, RegExp]> {
	const caches = ['globalActions', 'metadata', 'systemSettings', 'reportingDataCache', 'mondrianSingleSchemaCache', 'mondrianSchemaCache'];
	if (profile.atLeast('11.0.0.0-173')) caches.push('authorizationDecisionCache');
	return [
		['POST', /^\/api\/user-settings\//],
		['POST', /^\/api\/mantle\/session-variable\b/],
		['POST', /^\/api\/repo\/files\/import\b/],
		['POST', /^\/api\/theme\/set\b/],
		['GET', new RegExp(`^/api/system/refresh/(${caches.join('|')})\\b`)],
		['POST', /^\/api\/licenseManager\/addLicense\b/],
		['POST', /^\/UploadService\b/],
		['POST', /^\/upload\//],
	];
}

export function webResultXml(result: 'OK' | 'ERROR', message: string, id = ''): string {
	return `<?xml version="1.0" encoding="UTF-8"?>\n<webresult>\n  <result>${result}</result>\n  <message>${escapeXml(message)}</message>\n  <id>${escapeXml(id)}</id>\n</webresult>\n`;
}

function errorBody(style: ErrorStyle, status: number, message: string): string {
	if (style === 'worker') return webResultXml('ERROR', message);
	if (style === 'catalog') return JSON.stringify({ status, message });
	return message;
}

/** A delay that does not keep the process alive (a slow answer pending when a test ends must not hold jest). */
function sleep(ms: number): Promise<void> {
	return new Promise((resolve) => setTimeout(resolve, ms).unref());
}

function base64url(data: Buffer | string): string {
	return Buffer.from(data).toString('base64').replace(/=+$/, '').replace(/\+/g, '-').replace(/\//g, '_');
}

export class EmulatorApp {
	readonly options: Required<Omit<EmulatorOptions, 'seed' | 'users' | 'dataDir' | 'port' | 'build'>> & { port: number; seed: Record<string, unknown>; dataDir?: string };
	readonly users: EmulatorUser[];
	/** Routes under the context path. */
	readonly server = new Router();
	/** Routes under `/catalog`. */
	readonly catalog = new Router();
	readonly faults = new Faults();
	/** Every request seen (control requests excluded), oldest first. */
	readonly requests: LoggedRequest[] = [];
	/** Area states, by area name. */
	readonly state: Record<string, unknown> = {};
	/** Secret that signs catalog tokens. */
	readonly tokenSecret = `emulator-${Math.random().toString(36).slice(2)}`;
	private readonly closers: Array<() => Promise<void> | void> = [];
	private http?: Server;
	/** A handler that answers every request (but the control interface) itself: the Hop flavour. */
	private rawHandler?: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>;
	private readonly sockets = new Set<Socket>();
	private clockOffsetMs = 0;

	constructor(options: EmulatorOptions = {}) {
		const server = options.server ?? 'pentaho';
		const contextPath = options.contextPath === undefined ? (server === 'hop' ? '' : '/pentaho') : options.contextPath.replace(/\/+$/, '');
		this.options = {
			port: options.port ?? 0,
			host: options.host ?? '127.0.0.1',
			contextPath: contextPath === '' || contextPath.startsWith('/') ? contextPath : `/${contextPath}`,
			tokenTtl: options.tokenTtl ?? 300,
			allowStop: options.allowStop ?? false,
			latency: options.latency ?? 0,
			jobDurationMs: options.jobDurationMs ?? 1500,
			seed: options.seed ?? {},
			dataDir: options.dataDir,
			profile: options.profile ?? '11.0',
			serverTimeZone: options.serverTimeZone ?? 'UTC',
			csrf: options.csrf ?? false,
			server,
		};
		this.profile = serverProfile(this.options.profile, options.build);
		this.users = options.users ?? (server === 'hop' ? HOP_DEFAULT_USERS : DEFAULT_USERS).map((u) => ({ ...u }));
		this.addPlatformCoreRoutes();
	}

	/** The server version being played. */
	readonly profile: ServerProfile;

	/** CSRF tokens by session id. */
	private readonly csrfSessions = new Map<string, string>();

	/** HTTP sessions of the BI server (Tomcat's, kept in memory: they end with the emulator). */
	private readonly sessions = new Set<string>();

	/** The session of each request under way. */
	private readonly requestSessions = new WeakMap<IncomingMessage, string>();

	/** The platform's CSRF-protected requests for this version. */
	private get csrfPaths(): Array<[string, RegExp]> {
		return platformCsrfPaths(this.profile);
	}

	/**
	 * Routes of the platform itself that every area relies on.
	 * - `GET /api/version/show`: pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/VersionResource.java@9.3.0.0-422
	 *   (same code @10.2.0.0-222, @10.2.0.10-434, @11.0.0.0-237): `Response.ok(versionInfo.getVersionNumber()).type(TEXT_PLAIN)`,
	 *   so `text/plain` with no charset (Jersey adds none; Tomcat adds one only for getWriter) and the
	 *   number joined with dots only: VersionHelper.getVersionInfo(PentahoSystem.class) reads the
	 *   Implementation-Version of pentaho-platform-core's jar manifest (no server-assembly.properties is
	 *   shipped since 692c857268, 2017), which maven-jar-plugin's addDefaultImplementationEntries fills with
	 *   the project version (pentaho/maven-parent-poms:pom.xml@10.2.0.0-222, @11.0.0.0-237), e.g. 9.3.0.0-428;
	 *   VersionInfo.setVersion splits it on '.' and '-' and getVersionNumber joins the five parts with '.'
	 *   (core/src/main/java/org/pentaho/platform/util/VersionHelper.java, VersionInfo.java @9.3.0.0-422 and @11.0.0.0-237):
	 *   "9.3.0.0.428".
	 * - `GET /api/csrf/token?url=`: the CSRF token service, configured in
	 *   pentaho-platform:assemblies/pentaho-solutions/src/main/resources/pentaho-solutions/system/applicationContext-spring-security-csrf.xml@9.3.0.0-422
	 *   (and @HEAD): it answers the token in the headers X-CSRF-HEADER (the header to send it in),
	 *   X-CSRF-PARAM and X-CSRF-TOKEN, stored in the HTTP session; with protection off no token header
	 *   is sent (the browser client, common-ui util/pentaho-csrf.js, treats a missing X-CSRF-TOKEN as "off"
	 *   and accepts 200 or 204). The service is hitachivantara security-web's CsrfTokenService (a public copy:
	 *   org/hitachivantara/security/web/impl/service/csrf/jaxrs/CsrfTokenService.java, found by code search):
	 *   `Response.noContent()` (204) with the three headers when Spring's CsrfFilter put a token in the request
	 *   attribute `_csrf`, i.e. only with protection on; its chain is csrfGateFilter and corsFilter only, so no
	 *   login. The token lives in the HTTP session (HttpSessionCsrfTokenRepository); the session cookie comes
	 *   from the encoding filter (see `handle`). Spring's token is a random UUID.
	 *   Servers before 9.x served it at `/api/system/csrf` (the 2019 common-ui client); the emulator plays 9.3+.
	 */
	private addPlatformCoreRoutes(): void {
		this.server.add('GET', '/api/version/show', (ctx) => ctx.send(200, this.profile.versionNumber, 'text/plain'));
		this.server.add(
			'GET',
			'/api/csrf/token',
			(ctx) => {
				const headers: Record<string, string> = {};
				const session = this.sessionOf(ctx.req);
				if (this.options.csrf && session) {
					const token = this.csrfSessions.get(session) ?? randomUUID();
					this.csrfSessions.set(session, token);
					headers['X-CSRF-HEADER'] = 'X-CSRF-TOKEN';
					headers['X-CSRF-PARAM'] = '_csrf';
					headers['X-CSRF-TOKEN'] = token;
				}
				ctx.send(204, undefined, undefined, headers);
			},
			{ auth: 'none' },
		);
	}

	/** The HTTP session of a BI server request (the one it sent, or the one created for it: see `handle`). */
	private sessionOf(req: IncomingMessage): string | undefined {
		return this.requestSessions.get(req);
	}

	private static requestedSession(req: IncomingMessage): string | undefined {
		const cookie = String(req.headers.cookie ?? '');
		const match = /(?:^|;\s*)JSESSIONID=([^;]+)/.exec(cookie);
		return match?.[1];
	}

	/** Whether a protected request carries the token of its session (header or form parameter _csrf). */
	private csrfAccepted(req: IncomingMessage, query: URLSearchParams): boolean {
		const session = this.sessionOf(req);
		const expected = session ? this.csrfSessions.get(session) : undefined;
		if (!expected) return false;
		const sent = String(req.headers['x-csrf-token'] ?? query.get('_csrf') ?? '');
		return sent === expected;
	}

	/** The emulator's clock (tests may move it forward with `advanceClock`). */
	now(): number {
		return Date.now() + this.clockOffsetMs;
	}

	advanceClock(ms: number): void {
		this.clockOffsetMs += ms;
	}

	/** Runs on stop (areas remove temporary files, stop timers). */
	onClose(closer: () => Promise<void> | void): void {
		this.closers.push(closer);
	}

	/** Lets one area answer every request itself (after the request log and the latency): the Hop flavour. */
	mountRaw(handler: (req: IncomingMessage, res: ServerResponse, url: URL) => Promise<void>): void {
		this.rawHandler = handler;
	}

	get port(): number {
		return (this.http?.address() as AddressInfo | null)?.port ?? this.options.port;
	}

	get url(): string {
		return `http://${this.options.host}:${this.port}${this.options.contextPath}`;
	}

	get catalogUrl(): string {
		return `http://${this.options.host}:${this.port}/catalog`;
	}

	/** A signed catalog token for a user, valid for the token lifetime. */
	issueToken(user: EmulatorUser): string {
		const now = Math.floor(this.now() / 1000);
		const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
		const payload = base64url(
			JSON.stringify({
				sub: user.name,
				preferred_username: user.name,
				roles: [user.catalogRole ?? (user.admin ? 'Administrator' : 'Analyst')],
				iat: now,
				exp: now + this.options.tokenTtl,
				jti: Math.random().toString(36).slice(2),
			}),
		);
		const signature = base64url(createHmac('sha256', this.tokenSecret).update(`${header}.${payload}`).digest());
		return `${header}.${payload}.${signature}`;
	}

	/** The user of a valid, unexpired catalog token, else undefined. */
	verifyToken(token: string): EmulatorUser | undefined {
		const [header, payload, signature] = token.split('.');
		if (!header || !payload || !signature) return undefined;
		const expected = base64url(createHmac('sha256', this.tokenSecret).update(`${header}.${payload}`).digest());
		if (expected.length !== signature.length || !timingSafeEqual(Buffer.from(expected), Buffer.from(signature))) return undefined;
		try {
			const claims = JSON.parse(Buffer.from(payload.replace(/-/g, '+').replace(/_/g, '/'), 'base64').toString('utf8')) as { sub?: string; exp?: number };
			if (typeof claims.exp !== 'number' || claims.exp * 1000 <= this.now()) return undefined;
			return this.users.find((u) => u.name === claims.sub);
		} catch {
			return undefined;
		}
	}

	private basicUser(req: IncomingMessage): EmulatorUser | undefined {
		const header = req.headers.authorization ?? '';
		const match = /^Basic\s+(.+)$/i.exec(header);
		if (!match) return undefined;
		const decoded = Buffer.from(match[1], 'base64').toString('utf8');
		const colon = decoded.indexOf(':');
		if (colon < 0) return undefined;
		const name = decoded.slice(0, colon);
		const password = decoded.slice(colon + 1);
		return this.users.find((u) => u.name === name && u.password === password);
	}

	async start(): Promise<this> {
		this.http = createServer((req, res) => {
			this.handle(req, res).catch((error: Error) => {
				if (!res.headersSent) {
					res.writeHead(500, { 'Content-Type': 'text/plain' });
					res.end(`Emulator error: ${error.message}`);
				} else {
					res.destroy();
				}
			});
		});
		this.http.keepAliveTimeout = 1000;
		this.http.on('connection', (socket) => {
			this.sockets.add(socket);
			socket.on('close', () => this.sockets.delete(socket));
		});
		await new Promise<void>((resolve, reject) => {
			this.http!.once('error', reject);
			this.http!.listen(this.options.port, this.options.host, () => resolve());
		});
		return this;
	}

	async stop(): Promise<void> {
		for (const closer of this.closers.splice(0)) await closer();
		if (!this.http) return;
		const server = this.http;
		this.http = undefined;
		await new Promise<void>((resolve) => {
			server.close(() => resolve());
			for (const socket of this.sockets) socket.destroy();
		});
	}

	private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
		const url = new URL(req.url ?? '/', 'http://emulator');
		const rawPath = url.pathname;
		const method = (req.method ?? 'GET').toUpperCase();

		if (rawPath.startsWith('/__emulator/')) {
			await this.control(req, res, rawPath.slice('/__emulator'.length), method);
			return;
		}

		const entry: LoggedRequest = {
			method,
			path: rawPath,
			query: Object.fromEntries(url.searchParams),
			time: Date.now(),
		};
		this.requests.push(entry);
		let bytes = 0;
		const count = (chunk: unknown) => {
			if (typeof chunk === 'string') bytes += Buffer.byteLength(chunk);
			else if (chunk instanceof Uint8Array) bytes += chunk.length;
		};
		const write = res.write.bind(res) as (...args: unknown[]) => boolean;
		const end = res.end.bind(res) as (...args: unknown[]) => ServerResponse;
		res.write = ((chunk: unknown, ...rest: unknown[]) => {
			count(chunk);
			return write(chunk, ...rest);
		}) as ServerResponse['write'];
		res.end = ((chunk?: unknown, ...rest: unknown[]) => {
			if (typeof chunk !== 'function') count(chunk);
			return end(chunk, ...rest);
		}) as ServerResponse['end'];
		res.on('finish', () => {
			entry.status = res.statusCode;
			entry.bytes = bytes;
		});

		if (this.rawHandler) {
			await this.delay();
			await this.rawHandler(req, res, url);
			return;
		}

		let router: Router;
		let mountPath: string;
		let style: ErrorStyle;
		const context = this.options.contextPath;
		if (rawPath === '/catalog' || rawPath.startsWith('/catalog/')) {
			router = this.catalog;
			mountPath = rawPath.slice('/catalog'.length) || '/';
			style = 'catalog';
		} else if (context === '' || rawPath === context || rawPath.startsWith(`${context}/`)) {
			router = this.server;
			mountPath = rawPath.slice(context.length) || '/';
			style = /^\/(dataflow|kettle)\//.test(mountPath) ? 'worker' : 'platform';
		} else {
			// Outside the BI server's webapp: Tomcat's ROOT webapp (no error pages of its own:
			// pentaho-platform:assemblies/pentaho-server/src/main/resources/biserver/tomcat/webapps/ROOT/WEB-INF/web.xml@9.3.0.0-422),
			// whose DefaultServlet answers sendError(404, "The requested resource [uri] is not available")
			// (apache/tomcat:java/org/apache/catalina/servlets/DefaultServlet.java@9.0.50 and its LocalStrings): Tomcat's report.
			await this.delay();
			this.write(res, tomcatSendError(this.profile, 404, `The requested resource [${rawPath}] is not available`));
			return;
		}

		await this.delay();

		const matched = router.match(method, mountPath);
		const routeOptions: RouteOptions = matched && 'route' in matched ? matched.route.options : {};
		const errorStyle = routeOptions.errorStyle ?? style;
		// Which servlet answers: the BI server's (web.xml) or, without a context path, the standalone worker server's.
		const servlet: ServletKind | 'catalog' = router === this.catalog ? 'catalog' : servletOf(mountPath);
		const standalone = servlet === 'worker' && context === '';
		const params = matched && 'route' in matched ? matched.params : {};
		const ctx = this.context(req, res, method, mountPath, url.searchParams, errorStyle, params, servlet === 'catalog' || standalone ? undefined : servlet);

		// Every request to the BI server gets an HTTP session: the first filter, PentahoAwareCharacterEncodingFilter
		// (web.xml@9.3.0.0-422 and @11.0.0.0-237, ignore=yes), calls request.getSession(true) in selectEncoding
		// (extensions/src/main/java/org/pentaho/platform/web/http/filters/PentahoAwareCharacterEncodingFilter.java@9.3.0.0-422,
		// same @11.0.0.0-237), so Tomcat answers Set-Cookie JSESSIONID (Path=/pentaho; HttpOnly; web.xml session-config
		// tracking-mode COOKIE) to every request without a valid session, whatever the outcome.
		const requestedSession = EmulatorApp.requestedSession(req);
		const staleSession = requestedSession !== undefined && !this.sessions.has(requestedSession);
		if (servlet !== 'catalog' && !standalone) {
			let session = requestedSession;
			if (session === undefined || staleSession) {
				session = randomBytes(16).toString('hex').toUpperCase();
				this.sessions.add(session);
				res.setHeader('Set-Cookie', `JSESSIONID=${session}; Path=${context || '/'}; HttpOnly`);
			}
			this.requestSessions.set(req, session);
		}

		const fault = this.faults.take(method, rawPath);
		if (fault) {
			// Faults answer exactly as configured (no servlet or container rules applied).
			const raw = this.context(req, res, method, mountPath, url.searchParams, errorStyle, params, undefined);
			if (await this.applyFault(fault, raw, errorStyle, routeOptions, rawPath, standalone)) return;
		}

		// The CSRF gate is the first filter of the chain (applicationContext-spring-security.xml@9.3.0.0-422:
		// csrfGateFilter first), so it refuses before routing and authentication. It is Spring's CsrfFilter
		// (com.hitachivantara…csrf.servlet.CsrfGateFilter wraps it) with the default AccessDeniedHandlerImpl:
		// sendError(403, "Forbidden"), which web.xml maps to /unavailable.html.
		if (this.options.csrf && (routeOptions.csrf || this.csrfPaths.some(([m, re]) => m === method && re.test(mountPath)))) {
			if (!this.csrfAccepted(req, url.searchParams)) {
				this.write(res, tomcatSendError(this.profile, 403, 'Forbidden'));
				return;
			}
		}

		if (router === this.catalog) {
			if (!matched) {
				this.write(res, { status: 404, body: jettyErrorPage(404, rawPath, 'Not Found'), contentType: 'text/html' });
				return;
			}
			if ('methodNotAllowed' in matched) {
				ctx.fail(405, `Method ${method} is not allowed on ${rawPath}`);
				return;
			}
		}

		// Authentication comes before the servlet (Spring's filter chain in the BI server, Jetty's security
		// handler in the standalone worker server), so an unknown path is refused before it is looked up.
		const auth = routeOptions.auth ?? (router === this.catalog ? 'bearer' : 'basic');
		if (auth === 'basic') {
			// PentahoBasicProcessingFilter (extensions/src/main/java/org/pentaho/platform/web/http/security/PentahoBasicProcessingFilter.java
			// @9.3.0.0-422, same logic @10.2.0.10-434 and @11.0.0.0-237): a request naming a session that is not valid
			// (expired, or from before a restart) with Basic credentials is refused whatever the credentials
			// ("Clearing Basic-Auth"): the Basic entry point's 401; the client's retry carries the new session.
			const user = staleSession && !standalone && /^Basic/.test(String(req.headers.authorization ?? '')) ? undefined : this.basicUser(req);
			if (!user) {
				this.refuseBasic(req, res, mountPath, rawPath, standalone);
				return;
			}
			ctx.user = user;
			entry.user = user.name;
		} else if (auth === 'bearer') {
			const match = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? '');
			const user = match ? this.verifyToken(match[1].trim()) : undefined;
			if (!user) {
				res.setHeader('WWW-Authenticate', 'Bearer');
				ctx.fail(401, 'Unauthorized');
				return;
			}
			ctx.user = user;
			entry.user = user.name;
		}

		if (!matched) {
			if (standalone) {
				this.write(res, { status: 404, body: jettyErrorPage(404, rawPath, 'Not Found'), contentType: 'text/html' });
			} else if (servlet === 'api') {
				// Jersey finds no resource: a 404 without entity (JAXRSServlet rules in core/errors.ts).
				ctx.send(404);
			} else {
				// PluginDispatchServlet, CarteServlet and Tomcat's DefaultServlet: sendError(404)
				// (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/servlet/PluginDispatchServlet.java@9.3.0.0-422,
				// pentaho-kettle:engine/src/main/java/org/pentaho/di/www/CarteServlet.java@094b0b58).
				this.write(res, tomcatSendError(this.profile, 404, ''));
			}
			return;
		}
		if ('methodNotAllowed' in matched) {
			// Jersey answers 405 without entity (core/errors.ts decides the body per servlet and version).
			if (servlet === 'api' || servlet === 'pluginApi' || servlet === 'plugin') ctx.send(405);
			else ctx.fail(405, `Method ${method} is not allowed on ${rawPath}`);
			return;
		}

		if (routeOptions.admin && !ctx.user?.admin) {
			ctx.fail(403, `User ${ctx.user?.name ?? 'anonymous'} does not have administrative permission`);
			return;
		}
		try {
			await matched.route.handler(ctx);
		} catch (error) {
			if (!(error instanceof EmulatorHttpError)) throw error;
			this.answerError(ctx, error);
		}
	}

	private async delay(): Promise<void> {
		if (this.options.latency > 0) await sleep(this.options.latency);
	}

	/** Writes an answer exactly as given. */
	private write(res: ServerResponse, answer: ContainerAnswer): void {
		if (res.headersSent) return;
		const headers: Record<string, string | number> = { ...(answer.headers ?? {}) };
		if (answer.contentType) headers['Content-Type'] = answer.contentType;
		if (answer.body !== undefined) headers['Content-Length'] = Buffer.byteLength(answer.body);
		res.writeHead(answer.status, headers);
		res.end(answer.body);
	}

	/**
	 * A request without valid Basic credentials.
	 *
	 * BI server (pentaho-platform:assemblies/pentaho-solutions/src/main/resources/pentaho-solutions/system/applicationContext-spring-security.xml@9.3.0.0-422):
	 * - Credentials sent but refused (or not decodable): the chain's basicProcessingFilter
	 *   (PentahoBasicProcessingFilter, a Spring BasicAuthenticationFilter) calls its entry point,
	 *   PentahoBasicAuthenticationEntryPoint (realm "Pentaho Realm"), i.e. Spring's BasicAuthenticationEntryPoint:
	 *   `WWW-Authenticate: Basic realm="Pentaho Realm"` and sendError(401, "Unauthorized") (Spring Security
	 *   5.4.2 at 9.3, 5.8.x at 10.2, 6.4.12 at 11.0: pentaho/maven-parent-poms:pom.xml). web.xml maps no 401,
	 *   so Tomcat's report follows.
	 * - No credentials: the anonymous user is refused by the filterInvocationInterceptor and the chain's
	 *   ExceptionTranslationFilter starts authentication. 9.x/10.x: `/api/**`, `/plugin/**`, `/webservices/**`
	 *   use exceptionTranslationFilterForWS (the Basic entry point above); `/api/repos/**` and every other path
	 *   (`/**`, e.g. `/kettle/*`) use exceptionTranslationFilter with LoginUrlAuthenticationEntryPoint("/Login"):
	 *   a 302 redirect to {context}/Login. From 10.3.0.0-388 (pentaho-platform@8ec7d7e393, PPUC-108/BISERVER-14841;
	 *   not in any 10.2 service pack) every chain uses userNavigationAwareAuthenticationEntryPoint
	 *   (@11.0.0.0-237): a browser navigation (Sec-Fetch-User ?1, or Sec-Fetch-Dest document/embed/frame/iframe/object
	 *   with Sec-Fetch-Mode navigate and Sec-Fetch-Site same-origin/none, or without Sec-Fetch-Dest a browser
	 *   User-Agent with Accept text/html or application/xhtml+xml) is redirected to /Login; another browser
	 *   request (Sec-Fetch-Dest present, or a browser User-Agent) gets 401 without challenge
	 *   (Http401UnauthorizedEntryPoint: sendError(401, "Unauthorized")); anything else the Basic entry point.
	 *   extensions/src/main/java/org/pentaho/platform/web/servlet/matchers/*.java@11.0.0.0-237.
	 *
	 * Standalone worker server: Jetty's ConstraintSecurityHandler with BasicAuthenticator and the login
	 * service named "Kettle" (pentaho-kettle:engine/src/main/java/org/pentaho/di/www/WebServer.java@028843ec):
	 * a 401 with a Basic challenge for realm "Kettle" and Jetty's error page.
	 */
	private refuseBasic(req: IncomingMessage, res: ServerResponse, mountPath: string, rawPath: string, standalone: boolean): void {
		if (standalone) {
			this.write(res, {
				status: 401,
				body: jettyErrorPage(401, rawPath, 'Unauthorized'),
				contentType: 'text/html',
				headers: { 'WWW-Authenticate': 'basic realm="Kettle"' },
			});
			return;
		}
		const challenge = (): void => {
			const answer = tomcatSendError(this.profile, 401, 'Unauthorized');
			this.write(res, { ...answer, headers: { ...answer.headers, 'WWW-Authenticate': 'Basic realm="Pentaho Realm"' } });
		};
		const login = (): void => {
			const host = String(req.headers.host ?? `${this.options.host}:${this.port}`);
			this.write(res, { status: 302, headers: { Location: `http://${host}${this.options.contextPath}/Login` } });
		};
		if (/^Basic/i.test(String(req.headers.authorization ?? ''))) {
			challenge();
			return;
		}
		if (this.profile.atLeast('10.3.0.0-388')) {
			const header = (name: string) => {
				const value = req.headers[name];
				return Array.isArray(value) ? value[0] : value;
			};
			const userAgent = header('user-agent') ?? '';
			const browserAgent =
				/\bchrome\/|\bheadlesschrome\/|\bfirefox\/|\bsafari\/|\bedge\/|\btrident\/|\bmsie\/|\bopera\/|\bopr\//i.test(userAgent) &&
				!/\bcurl\/|\bwget\/|\bpostmanruntime\/|\bpython-requests\/|\bbot\b|\bcrawler\b|\bspider\b|\bjava\/|\bphp\/|\bruby\//i.test(userAgent);
			const dest = header('sec-fetch-dest');
			const navigation =
				header('sec-fetch-user') === '?1' ||
				(['document', 'embed', 'frame', 'iframe', 'object'].includes(dest ?? '') &&
					header('sec-fetch-mode') === 'navigate' &&
					['same-origin', 'none'].includes(header('sec-fetch-site') ?? '')) ||
				(dest === undefined && browserAgent && /\btext\/html\b|\bapplication\/xhtml\+xml\b/i.test(header('accept') ?? ''));
			if (navigation) login();
			else if (dest !== undefined || browserAgent) this.write(res, tomcatSendError(this.profile, 401, 'Unauthorized'));
			else challenge();
			return;
		}
		const basicChain = /^\/(api|plugin|webservices)(\/|$)/.test(mountPath) && !/^\/api\/repos(\/|$)/.test(mountPath);
		if (basicChain) challenge();
		else login();
	}

	/**
	 * The one place a handler's EmulatorHttpError becomes an answer: in the route's error style
	 * (`ctx.fail`), or the exact body the error carries. A request body the handler did not read is
	 * drained first; an answer already under way is cut off.
	 */
	private answerError(ctx: RequestContext, error: EmulatorHttpError): void {
		if (ctx.res.headersSent) {
			ctx.res.destroy();
			return;
		}
		if (!ctx.req.readableEnded) ctx.req.resume();
		if (error.raw) ctx.send(error.status, error.raw.body, error.raw.contentType, error.raw.headers);
		else ctx.fail(error.status, error.message);
	}

	/**
	 * The request context of a route. With `servlet` set, every answer goes through that servlet's and
	 * Tomcat's rules for error statuses (core/errors.ts `servletAnswer`): what the client receives, not
	 * what the resource gave.
	 */
	private context(
		req: IncomingMessage,
		res: ServerResponse,
		method: string,
		path: string,
		query: URLSearchParams,
		style: ErrorStyle,
		params: Record<string, string>,
		servlet: ServletKind | undefined,
	): RequestContext {
		let bodyPromise: Promise<Buffer> | undefined;
		const body = () => {
			bodyPromise ??= new Promise<Buffer>((resolve, reject) => {
				const chunks: Buffer[] = [];
				req.on('data', (chunk: Buffer) => chunks.push(chunk));
				req.on('end', () => resolve(Buffer.concat(chunks)));
				req.on('error', reject);
			});
			return bodyPromise;
		};
		const send = (status: number, payload?: string | Buffer, contentType?: string, headers: Record<string, string> = {}) => {
			if (res.headersSent) return;
			const container = servlet ? servletAnswer(this.profile, servlet, status, { body: payload, contentType }) : undefined;
			if (container) {
				// Headers the resource set survive sendError; its entity and content length do not.
				this.write(res, { ...container, headers: { ...headers, ...container.headers } });
				return;
			}
			this.write(res, { status, body: payload, contentType, headers });
		};
		return {
			req,
			res,
			method,
			path,
			params,
			query,
			body,
			text: async () => (await body()).toString('utf8'),
			json: async <T>() => {
				const text = (await body()).toString('utf8');
				return (text.trim() === '' ? undefined : JSON.parse(text)) as T;
			},
			form: async () => new URLSearchParams((await body()).toString('utf8')),
			wantsJson: () => /application\/json/i.test(req.headers.accept ?? ''),
			send,
			sendJson: (status, value) => send(status, JSON.stringify(value), 'application/json'),
			sendXml: (status, xml, contentType = 'text/xml;charset=UTF-8') => send(status, xml, contentType),
			sendText: (status, text) => send(status, text, 'text/plain;charset=UTF-8'),
			fail: (status, message) => send(status, errorBody(style, status, message), ERROR_CONTENT_TYPES[style]),
		};
	}

	/** Answers with a fault; returns false when the normal answer should still follow (slow). */
	private async applyFault(fault: FaultRule, ctx: RequestContext, style: ErrorStyle, route: RouteOptions, rawPath: string, standalone: boolean): Promise<boolean> {
		const { res, req } = ctx;
		// Placeholders let a fault echo what the client sent, as careless servers do in error pages.
		const authorization = String(req.headers.authorization ?? '');
		const basic = /^Basic\s+(.+)$/i.exec(authorization);
		const password = basic ? Buffer.from(basic[1], 'base64').toString('utf8').split(':').slice(1).join(':') : '';
		const message = (fault.message ?? `Injected ${fault.kind} fault`)
			.split('{authorization}')
			.join(authorization)
			.split('{password}')
			.join(password);
		switch (fault.kind) {
			case 'error500':
				ctx.fail(500, message);
				return true;
			case 'unavailable':
				ctx.fail(503, message);
				return true;
			case 'unauthorized':
				res.setHeader('WWW-Authenticate', style === 'catalog' ? 'Bearer' : standalone ? 'basic realm="Kettle"' : 'Basic realm="Pentaho Realm"');
				ctx.fail(401, message);
				return true;
			case 'resultError':
				ctx.sendXml(200, webResultXml('ERROR', message));
				return true;
			case 'html':
				ctx.send(500, jettyErrorPage(500, rawPath, message), 'text/html;charset=utf-8');
				return true;
			case 'malformed': {
				const format = route.format ?? (style === 'worker' ? 'xml' : style === 'catalog' ? 'json' : 'xml');
				if (format === 'json') ctx.send(200, '{"job": [{"jobId": "x", "state": ', 'application/json');
				else ctx.sendXml(200, '<?xml version="1.0"?><webresult><result>OK</result><message>cut');
				return true;
			}
			case 'truncated': {
				const partial = style === 'catalog' || route.format === 'json' ? '{"data": [{"id": 1}, {"id"' : '<?xml version="1.0"?><serverstatus><statusdesc>Onl';
				res.writeHead(200, {
					'Content-Type': style === 'catalog' || route.format === 'json' ? 'application/json' : 'text/xml',
					'Content-Length': String(Buffer.byteLength(partial) + 500),
				});
				res.write(partial);
				await sleep(20);
				req.socket.destroy();
				return true;
			}
			case 'drop':
				req.socket.destroy();
				return true;
			case 'slow':
				await sleep(fault.delayMs ?? 5000);
				return false;
			default:
				return false;
		}
	}

	private async control(req: IncomingMessage, res: ServerResponse, path: string, method: string): Promise<void> {
		const reply = (status: number, value: unknown) => {
			res.writeHead(status, { 'Content-Type': 'application/json' });
			res.end(JSON.stringify(value));
		};
		const readJson = async () => {
			const chunks: Buffer[] = [];
			for await (const chunk of req) chunks.push(chunk as Buffer);
			const text = Buffer.concat(chunks).toString('utf8');
			return text.trim() === '' ? {} : (JSON.parse(text) as Record<string, unknown>);
		};
		if (path === '/faults' && method === 'GET') return reply(200, this.faults.list());
		if (path === '/faults' && method === 'POST') {
			const rule = (await readJson()) as unknown as FaultRule;
			return reply(200, { id: this.faults.add(rule) });
		}
		if (path === '/faults' && method === 'DELETE') {
			this.faults.clear();
			return reply(200, { cleared: true });
		}
		if (path === '/requests' && method === 'GET') return reply(200, this.requests);
		if (path === '/requests' && method === 'DELETE') {
			this.requests.length = 0;
			return reply(200, { cleared: true });
		}
		if (path === '/clock' && method === 'POST') {
			const { advanceMs } = (await readJson()) as { advanceMs?: number };
			this.advanceClock(Number(advanceMs ?? 0));
			return reply(200, { now: new Date(this.now()).toISOString() });
		}
		if (path === '/info' && method === 'GET') {
			return reply(200, { url: this.url, catalogUrl: this.catalogUrl, users: this.users.map(({ name, admin }) => ({ name, admin })) });
		}
		return reply(404, { message: `No control endpoint ${method} ${path}` });
	}
}
