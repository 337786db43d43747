/**
 * The data catalog: token login (`/api/public/v1/auth`) issuing signed JWTs that expire after the
 * configured lifetime, a health check, and a few protected endpoints that answer 401 without a
 * valid, unexpired Bearer token.
 */
import type { EmulatorApp } from '../core/app';
import { EmulatorHttpError } from '../core/errors';

interface Asset {
	id: string;
	name: string;
	type: string;
	owner: string;
	tags: string[];
}

export interface CatalogState {
	assets: Asset[];
	notifications: Array<{ id: string; message: string; createdAt: string }>;
	logins: number;
}

const DEFAULT_ASSETS: Asset[] = [
	{ id: 'a-100', name: 'sales_orders', type: 'table', owner: 'admin', tags: ['sales', 'gold'] },
	{ id: 'a-101', name: 'customers', type: 'table', owner: 'suzy', tags: ['crm', 'pii'] },
	{ id: 'a-102', name: 'daily_revenue.ktr', type: 'transformation', owner: 'admin', tags: ['sales'] },
];

export function register(app: EmulatorApp): void {
	const seed = (app.options.seed.catalog ?? {}) as Partial<CatalogState>;
	const state: CatalogState = {
		assets: (seed.assets ?? DEFAULT_ASSETS).map((a) => ({ ...a })),
		notifications: seed.notifications ?? [
			{ id: 'n-1', message: 'Profiling of sales_orders finished', createdAt: new Date(app.now()).toISOString() },
		],
		logins: 0,
	};
	app.state.catalog = state;

	// The login follows the catalog's published API (docs.pentaho.com/pdc-api-docs/get-started-with-pdc-api/authentication
	// and /pdc-api-reference/auth; the service's source is not public): a form with exactly username, password,
	// client_id (the real client is "pdc-client"; the interface document's "catalog-client" is its stand-in and
	// is refused like any other client), grant_type=password and scope; the schema has additionalProperties:false,
	// so an extra field is refused too. 400 {status, message} for bad parameters, 401 for wrong credentials,
	// 200 {message: "OK", data: {accessToken}}.
	app.catalog.add(
		'POST',
		'/api/public/v1/auth',
		async (ctx) => {
			if (!/application\/x-www-form-urlencoded/i.test(ctx.req.headers['content-type'] ?? '')) throw new EmulatorHttpError(400, 'Invalid Request Parameters');
			const form = await ctx.form();
			const required = ['username', 'password', 'client_id', 'grant_type', 'scope'];
			if (required.some((name) => !form.get(name))) throw new EmulatorHttpError(400, 'Invalid Request Parameters');
			const extra = [...new Set(form.keys())].filter((name) => !required.includes(name));
			if (extra.length > 0) {
				// The schema validator's message is a list, not the one string of the route's error style.
				const body = JSON.stringify({ status: 400, message: extra.map((name) => `body must NOT have additional property '${name}'`) });
				throw new EmulatorHttpError(400, 'Invalid Request Parameters', { body, contentType: 'application/json' });
			}
			if (form.get('grant_type') !== 'password' || form.get('client_id') !== 'pdc-client') throw new EmulatorHttpError(400, 'Invalid Request Parameters');
			const user = app.users.find((u) => u.name === form.get('username') && u.password === form.get('password'));
			if (!user) throw new EmulatorHttpError(401, 'Unauthorized');
			state.logins++;
			ctx.sendJson(200, { message: 'OK', data: { accessToken: app.issueToken(user) } });
		},
		{ auth: 'none' },
	);

	app.catalog.add('GET', '/api/public/health', (ctx) => ctx.sendJson(200, { message: 'OK' }), { auth: 'none' });

	app.catalog.add('GET', '/api/public/v1/users/me', (ctx) =>
		ctx.sendJson(200, { username: ctx.user!.name, role: ctx.user!.catalogRole ?? 'Analyst' }),
	);
	// Lists come wrapped as {status, data: [...]}, notifications with title, text, target, lang, origin,
	// readStatus, _id, createdAt, updatedAt (docs.pentaho.com/pdc-api-docs/pdc-api-ref-v2/notifications; v1 is
	// the path the authentication page calls). The asset and user endpoints below are the emulator's own
	// examples of protected calls: the public documents describe no such v1 paths.
	app.catalog.add('GET', '/api/public/v1/notifications', (ctx) =>
		ctx.sendJson(200, {
			status: 200,
			data: state.notifications.map((n) => ({
				_id: n.id,
				title: n.message,
				text: n.message,
				target: ctx.user!.name,
				lang: 'en',
				origin: null,
				readStatus: false,
				createdAt: n.createdAt,
				updatedAt: n.createdAt,
			})),
		}),
	);
	app.catalog.add('GET', '/api/public/v1/assets', (ctx) => {
		const type = ctx.query.get('type');
		ctx.sendJson(200, state.assets.filter((a) => !type || a.type === type));
	});
	app.catalog.add('GET', '/api/public/v1/assets/:id', (ctx) => {
		const asset = state.assets.find((a) => a.id === ctx.params.id);
		if (!asset) throw new EmulatorHttpError(404, `Asset ${ctx.params.id} not found`);
		ctx.sendJson(200, asset);
	});
	app.catalog.add('POST', '/api/public/v1/assets/search', async (ctx) => {
		const body = ((await ctx.json<{ query?: string; tag?: string }>()) ?? {}) as { query?: string; tag?: string };
		const query = (body.query ?? '').toLowerCase();
		ctx.sendJson(
			200,
			state.assets.filter((a) => (!query || a.name.toLowerCase().includes(query)) && (!body.tag || a.tags.includes(body.tag))),
		);
	});
	app.catalog.add('DELETE', '/api/public/v1/assets/:id', (ctx) => {
		if (ctx.user!.catalogRole !== 'Administrator') throw new EmulatorHttpError(403, 'Only administrators may delete assets');
		const index = state.assets.findIndex((a) => a.id === ctx.params.id);
		if (index < 0) throw new EmulatorHttpError(404, `Asset ${ctx.params.id} not found`);
		state.assets.splice(index, 1);
		ctx.send(204);
	});
}
