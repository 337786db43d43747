/**
 * The jest reporter of `npm test`: a passing run fits on one screen, a failing one shows each
 * failure as soon as its file has run (failures first, before the summary), and a long run says
 * how far it is at least every 20 seconds. `npx jest --reporters=default` gives jest's usual output.
 */
const PROGRESS_EVERY_MS = 20_000;

class CompactReporter {
	constructor(globalConfig) {
		this.globalConfig = globalConfig;
		this.files = 0;
		this.total = 0;
		this.passed = 0;
		this.failed = 0;
		this.lastPrint = Date.now();
		this.started = Date.now();
		this.failures = [];
	}

	onRunStart(results) {
		this.total = results.numTotalTestSuites;
		process.stdout.write(`Running ${this.total} test files...\n`);
		this.lastPrint = Date.now();
	}

	onTestResult(test, result) {
		this.files++;
		this.passed += result.numPassingTests;
		this.failed += result.numFailingTests;
		const file = test.path.replace(`${this.globalConfig.rootDir}/`, '');
		if (result.testExecError || result.numFailingTests > 0) {
			const message = result.failureMessage || (result.testExecError && (result.testExecError.stack || result.testExecError.message)) || '';
			this.failures.push(file);
			process.stdout.write(`\nFAIL ${file}\n${message}\n`);
			this.lastPrint = Date.now();
		} else if (Date.now() - this.lastPrint >= PROGRESS_EVERY_MS) {
			const seconds = Math.round((Date.now() - this.started) / 1000);
			process.stdout.write(`  ${this.files}/${this.total} files, ${this.passed} tests passed, ${this.failed} failed (${seconds} s)\n`);
			this.lastPrint = Date.now();
		}
	}

	onRunComplete(_contexts, results) {
		const seconds = Math.round((Date.now() - this.started) / 1000);
		const suites = `${results.numPassedTestSuites} of ${results.numTotalTestSuites} test files passed`;
		const tests = `${results.numPassedTests} tests passed, ${results.numFailedTests} failed${results.numPendingTests ? `, ${results.numPendingTests} skipped` : ''}`;
		if (this.failures.length) process.stdout.write(`\nFailed files:\n${this.failures.map((f) => `  ${f}`).join('\n')}\n`);
		process.stdout.write(`\n${suites}; ${tests} (${seconds} s)\n`);
	}
}

module.exports = CompactReporter;
