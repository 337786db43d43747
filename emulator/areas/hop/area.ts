/**
 * Registers the Hop Server area: with `server: 'hop'` (EmulatorOptions) the whole listener is an
 * Apache Hop Server (routes.ts); with the default Pentaho flavour the area registers nothing.
 */
import type { EmulatorApp } from '../../core/app';

export function register(app: EmulatorApp): void {
	if (app.options.server !== 'hop') return;
}
