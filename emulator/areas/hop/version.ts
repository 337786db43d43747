/**
 * Which Hop Server release the emulator plays (`seed.hop.version`, default the newest, 2.19.0) and
 * what changed between releases, each change placed by the upstream commit that made it and the first
 * release tag containing it (`git log -S` / `git tag --contains` on apache/hop; release tags are
 * `X.Y.Z-rcN`, the last rc of a release being its code: 2.19.0-rc1 = release/2.19.0 but for a docs
 * commit, 2.9.0-rc1 = hop-2.9.0 = release/2.9.0 but for docs).
 *
 * Only the changes that reach an HTTP client are listed; any 2.x version string is accepted and
 * compared part by part, so '2.15.0' plays everything that came with 2.15.0 or earlier.
 */
export interface HopVersion {
	/** The version played, e.g. '2.19.0'. */
	readonly name: string;
	atLeast(version: string): boolean;
	/** The Jetty the release embeds: 9 (9.4.41.v20210516 up to 2.15) or 12 (12.1.x from 2.16.0). */
	readonly jetty: 9 | 12;
	/** Jetty's version string, as its error pages print it (Powered by Jetty:// …). */
	readonly jettyVersion: string;
}

function parts(version: string): number[] {
	return version.split(/[.-]/).map((p) => Number(p)).filter((n) => Number.isFinite(n));
}

function compare(a: number[], b: number[]): number {
	for (let i = 0; i < Math.max(a.length, b.length); i++) {
		const d = (a[i] ?? 0) - (b[i] ?? 0);
		if (d !== 0) return d;
	}
	return 0;
}

/**
 * Jetty per release: `<jetty.version>` of apache/hop:pom.xml — 9.4.41.v20210516 @2.9.0-rc1 … @2.15.0-rc2,
 * 12.1.2 @2.16.0-rc1 and @2.17.0-rc1, 12.1.7 @2.18.1-rc1, 12.1.12 @2.19.0-rc1.
 */
function jettyOf(own: number[]): { jetty: 9 | 12; jettyVersion: string } {
	if (compare(own, [2, 16]) < 0) return { jetty: 9, jettyVersion: '9.4.41.v20210516' };
	if (compare(own, [2, 18]) < 0) return { jetty: 12, jettyVersion: '12.1.2' };
	if (compare(own, [2, 19]) < 0) return { jetty: 12, jettyVersion: '12.1.7' };
	return { jetty: 12, jettyVersion: '12.1.12' };
}

export const NEWEST_HOP_VERSION = '2.19.0';

export function hopVersion(name: string = NEWEST_HOP_VERSION): HopVersion {
	const own = parts(name);
	if (own[0] !== 2) throw new Error(`The Hop area plays 2.x releases (asked for ${name})`);
	return {
		name,
		atLeast: (version) => compare(own, parts(version)) >= 0,
		...jettyOf(own),
	};
}

/**
 * The changes, by the first release that has them (apache/hop):
 * - 2.10.0 startPipeline, startWorkflow (name and id) and startExec (name) HTML-escape the parameters
 *   before the look-up (StringEscapeUtils.escapeHtml, 13cfe030ec; escapeHtml4 from 2.18.0, 8745d6ed87).
 * - 2.14.0 `log_text` in every transform_status (engine/.../pipeline/transform/TransformStatus.java, 9ba0d7fcb8).
 * - 2.15.0 the server status lists workflows in `workflow_status_list` (was `job_status_list`) and
 *   the workflow status has `action_status_list` (HopServerStatus.java, HopServerWorkflowStatus.java,
 *   GetWorkflowStatusServlet.java, e1056b53e7).
 * - 2.16.0 Jetty 12 (ee11): error pages and the Basic challenge change (pom.xml).
 * - 2.17.0 execPipeline / execWorkflow (ExecPipelineServlet.java, ExecWorkflowServlet.java, 162457dd03);
 *   the `--auth` switch / `enable_auth` (WebServer.java, ece32dbc76).
 * - 2.18.0 `json=Y` on the control servlets and the register servlets, status documents with their
 *   own content type (text/xml) instead of text/html, `sendSafeError` messages ("Not found.",
 *   "Unable to generate pipeline image."), the register servlets' generic failure message
 *   (00729a9593, 0bc234116c).
 * - 2.19.0 graceful shutdown: `/shutdown`, 503 for new work while shutting down, `shutting_down` in
 *   the server status (02b72d78af, 893e59ee41); the workflow status carries the `workflow_tracker`
 *   (1daf998807); the Jersey servlet under `/api/*` is gone (5bc9e9e999).
 */
export const CHANGES = {
	escapedStartNames: '2.10.0',
	transformLogText: '2.14.0',
	workflowStatusList: '2.15.0',
	jetty12: '2.16.0',
	execServlets: '2.17.0',
	enableAuth: '2.17.0',
	jsonControl: '2.18.0',
	gracefulShutdown: '2.19.0',
	workflowTracker: '2.19.0',
	noJerseyApi: '2.19.0',
} as const;
