/** Jest runs the TypeScript sources directly (ts-jest, no type-check: `npm run typecheck` does that). */
module.exports = {
	testEnvironment: 'node',
	// A hang guard, not a benchmark: the slowest test takes a few seconds on a quiet machine.
	testTimeout: 180000,
	// Each test file loads n8n-core afresh, and a process that runs them all keeps growing (a fresh
	// clone's first run reached node's 4 GB heap at file 67 of 88). With a limit jest always uses a
	// worker process (even on one core) and starts a new one once it holds more than this.
	workerIdleMemoryLimit: '1536MB',
	roots: ['<rootDir>/test'],
	testMatch: ['**/*.test.ts'],
	testPathIgnorePatterns: ['/node_modules/', '/test/e2e/'],
	setupFiles: ['<rootDir>/test/setup-env.js'],
	// One screen for a passing run, failures as soon as they happen, progress every 20 s.
	reporters: ['<rootDir>/test/reporter/compact.js'],
	transform: {
		'^.+\\.ts$': [
			'ts-jest',
			{
				tsconfig: {
					isolatedModules: true,
					target: 'es2021',
					module: 'commonjs',
					esModuleInterop: true,
					resolveJsonModule: true,
					strict: true,
					skipLibCheck: true,
				},
			},
		],
	},
};
