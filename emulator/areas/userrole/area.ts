/**
 * Registers the user/role area: the platform's user and role store (seed.ts, store.ts), the DAO routes under
 * /api/userroledao (routes-dao.ts), the list routes under /api/userrolelist and /api/system/authentication-provider
 * (routes-list.ts). Not on the Hop flavour (a Hop Server has neither).
 *
 * It registers before the repository area (areas/index.ts), so that the default users it adds to app.users
 * (pat, tiffany, bob) get their home folders from the repository's seed, as the platform's first start creates them.
 */
import type { EmulatorApp } from '../../core/app';
import { registerDaoRoutes } from './routes-dao';
import { registerListRoutes } from './routes-list';
import { seedUserRoles } from './seed';

export function register(app: EmulatorApp): void {
	if (app.options.server === 'hop') return;
	const state = seedUserRoles(app);
	app.state.userrole = state;
	registerDaoRoutes(state);
	registerListRoutes(state);
}
