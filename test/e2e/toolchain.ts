/**
 * npm run e2e:toolchain — installs the pinned real-n8n toolchain if it is missing (CI can run this
 * ahead of test:e2e) and prints where it is and what it holds.
 */
import { ensureToolchain, toolchainDir } from './lib/toolchain';

ensureToolchain().then(
	(toolchain) => {
		console.log(`n8n ${toolchain.n8nVersion}, Node ${toolchain.nodeVersion}: ${toolchainDir()}`);
	},
	(error: Error) => {
		console.error(`Toolchain install failed: ${error.message}`);
		process.exit(1);
	},
);
