/**
 * The HTML answers of the servlets (no xml=Y / json=Y). The texts are the servlets' and their
 * messages (apache/hop:engine/src/main/resources/org/apache/hop/www/messages/messages_en_US.properties
 * @2.19.0-rc1, the same strings @2.9.0-rc1): titles, headings, the messages in <H1>, the links back.
 * The markup around them is a reduced form of the real pages (the status pages' tool bars, scripts and
 * style sheets are left out); clients that read HTML should only rely on these texts.
 */
import { forHtml } from './xml';

const STATIC = '/static';

export function page(title: string, body: string[], refresh?: string): string {
	const head = [
		'<HTML>',
		'<HEAD>',
		`<TITLE>${title}</TITLE>`,
		...(refresh ? [`<META http-equiv="Refresh" content="2;url=${refresh}">`] : []),
		'<META http-equiv="Content-Type" content="text/html; charset=UTF-8">',
		`<link rel="icon" type="image/svg+xml" href="${STATIC}/images/favicon.svg">`,
		'</HEAD>',
		'<BODY>',
	];
	return `${[...head, ...body, '<p>', '</BODY>', '</HTML>'].join('\n')}\n`;
}

/** GetRootServlet. */
export function rootPage(): string {
	return (
		[
			'<HTML>',
			'<HEAD><TITLE>Hop hop server</TITLE>',
			'<META http-equiv="Content-Type" content="text/html; charset=UTF-8">',
			`<link rel="icon" type="image/svg+xml" href="${STATIC}/images/favicon.svg">`,
			'</HEAD>',
			'<BODY>',
			'<H2>Hop server menu</H2>',
			'<p>',
			'<a href="/hop/status">Show status</a><br>',
			'<p>',
			'</BODY>',
			'</HTML>',
		].join('\n') + '\n'
	);
}

export interface Row {
	name: string;
	id: string;
	status: string;
	start?: string;
	last?: string;
}

/** GetStatusServlet's page: the two tables (name, Hop Server Object ID, status, start date, last log time). */
export function statusPage(pipelines: Row[], workflows: Row[], shuttingDown: boolean): string {
	const table = (rows: Row[], kind: 'pipelineStatus' | 'workflowStatus') =>
		[
			'<table class="hop-table" border="0">',
			'<tr> <th class="cellTableHeader">Name</th> <th class="cellTableHeader">Hop Server Object ID</th> <th class="cellTableHeader">Status</th> <th class="cellTableHeader">Start date</th> <th class="cellTableHeader">Last log time</th> </tr>',
			...rows.map(
				(r) =>
					`<tr><td class="cellTableCell cellTableFirstColumn"><a href="/hop/${kind}?name=${encodeURIComponent(r.name)}&id=${encodeURIComponent(r.id)}">${forHtml(r.name)}</a></td><td class="cellTableCell">${forHtml(r.id)}</td><td class="cellTableCell">${forHtml(r.status)}</td><td class="cellTableCell">${r.start ?? '-'}</td><td class="cellTableCell">${r.last ?? '-'}</td></tr>`,
			),
			'</table>',
		].join('\n');
	return (
		[
			'<HTML>',
			'<HEAD><TITLE>Hop hop server status</TITLE>',
			'<META http-equiv="Content-Type" content="text/html; charset=UTF-8">',
			`<link rel="icon" type="image/svg+xml" href="${STATIC}/images/favicon.svg">`,
			`<link rel="stylesheet" type="text/css" href="${STATIC}/css/hop-server.css" />`,
			'</HEAD>',
			'<BODY class="hop-page-background dragdrop-dropTarget dragdrop-boundary" style="overflow: auto;">',
			'<div class="row" id="pucHeader">',
			`<div class="workspaceHeading" style="padding: 0px 0px 0px 10px;">    Hop Server Status${shuttingDown ? ' (Shutting down)' : ''}</div>`,
			'</div>',
			'<div class="workspaceHeading">Pipelines</div>',
			table(pipelines, 'pipelineStatus'),
			'<div class="workspaceHeading">Workflows</div>',
			table(workflows, 'workflowStatus'),
			'</BODY>',
			'</HTML>',
		].join('\n') + '\n'
	);
}

/** GetPipelineStatusServlet / GetWorkflowStatusServlet pages: id, status, start date, the links to XML/JSON, the log. */
export function runPage(kind: 'pipeline' | 'workflow', name: string, id: string, status: string, startDate: string | undefined, log: string, rows: string[] = []): string {
	const servlet = kind === 'pipeline' ? 'pipelineStatus' : 'workflowStatus';
	const title = kind === 'pipeline' ? 'Hop pipeline status' : 'Hop workflow status';
	return (
		[
			'<HTML>',
			'<HEAD>',
			`<TITLE>${title}</TITLE>`,
			'<META http-equiv="Content-Type" content="text/html; charset=UTF-8">',
			`<link rel="icon" type="image/svg+xml" href="${STATIC}/images/favicon.svg">`,
			`<link rel="stylesheet" type="text/css" href="${STATIC}/css/hop-server.css" />`,
			'</HEAD>',
			'<BODY style="overflow: auto;">',
			`<div class="workspaceHeading" style="padding: 0px 0px 0px 10px;">${forHtml(`${name} status`)}</div>`,
			'<a href="/hop/status">Back to Hop Server status</a>',
			'<table>',
			'<tr> <th>Hop Server Object ID</th> <th>Status</th> <th>Start date</th> </tr>',
			`<tr><td>${forHtml(id)}</td><td id="statusColor">${forHtml(status)}</td><td>${startDate ? startDate.substring(0, startDate.indexOf(' ')) : '-'}</td></tr>`,
			'</table>',
			`<a target="_blank" href="/hop/${servlet}?name=${encodeURIComponent(name)}&id=${encodeURIComponent(id)}&xml=y">View as XML</a>`,
			`<a target="_blank" href="/hop/${servlet}?name=${encodeURIComponent(name)}&id=${encodeURIComponent(id)}&json=y">View as JSON</a>`,
			...rows,
			`<textarea id="${kind}log" cols="120" rows="20" wrap="off" name="${kind} log" readonly="readonly">${forHtml(log)}</textarea>`,
			'</BODY>',
			'</HTML>',
		].join('\n') + '\n'
	);
}

/** The "… could not be found" pages of the status servlets: a heading and the link back. */
export function notFoundPage(heading: string, back = 'Back to the status page'): string {
	return `<H1>${forHtml(heading)}</H1>\n<a href="/hop/status">${back}</a><p>\n`;
}
