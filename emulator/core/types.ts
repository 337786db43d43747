import type { IncomingMessage, ServerResponse } from 'node:http';

export interface EmulatorUser {
	name: string;
	password: string;
	/** Administrators may back up, restore, change LDAP settings, manage data sources and schedule. */
	admin: boolean;
	/** Catalog role (Administrator, Data Steward, Analyst). */
	catalogRole?: string;
	/**
	 * The BI server roles of this login, Authenticated left out (the user/role area keeps them, areas/userrole;
	 * the repository reads them for role entries of ACLs). Undefined: the repository's own defaults.
	 */
	roles?: string[];
}

/** What an error answer of this route looks like: a worker `webresult`, catalog JSON, or platform text. */
export type ErrorStyle = 'worker' | 'catalog' | 'platform';

export interface RouteOptions {
	/** Who may call: Basic users (default), catalog Bearer tokens, or anyone. */
	auth?: 'basic' | 'bearer' | 'none';
	/** Only administrators (403 for others). */
	admin?: boolean;
	/** How errors of this route are written (default from the mount). */
	errorStyle?: ErrorStyle;
	/** What a successful answer is, for malformed-body faults. */
	format?: 'xml' | 'json' | 'text' | 'binary';
	/**
	 * Protected by the platform's CSRF gate when the emulator runs with `csrf: true` (the real set is
	 * configured per path: applicationContext-spring-security-csrf.xml and each plugin's own set).
	 */
	csrf?: boolean;
	/** Tried only when no other route matches the path (a catch-all such as the worker's unknown-servlet 404). */
	fallback?: boolean;
}

export interface RequestContext {
	req: IncomingMessage;
	res: ServerResponse;
	method: string;
	/** Path relative to the mount (context path or catalog prefix), still encoded. */
	path: string;
	params: Record<string, string>;
	query: URLSearchParams;
	user?: EmulatorUser;
	/** The whole body (for small bodies only; streaming handlers read `req`). */
	body(): Promise<Buffer>;
	text(): Promise<string>;
	json<T = unknown>(): Promise<T>;
	form(): Promise<URLSearchParams>;
	/** Whether the client prefers JSON over XML (Accept header). */
	wantsJson(): boolean;
	send(status: number, body?: string | Buffer, contentType?: string, headers?: Record<string, string>): void;
	sendJson(status: number, value: unknown): void;
	sendXml(status: number, xml: string, contentType?: string): void;
	sendText(status: number, text: string): void;
	/** An error in the style of the route (webresult XML, catalog JSON or platform text). */
	fail(status: number, message: string): void;
}

export type RouteHandler = (ctx: RequestContext) => void | Promise<void>;

export interface LoggedRequest {
	method: string;
	/** Full path including the mount, without the query. */
	path: string;
	query: Record<string, string>;
	user?: string;
	time: number;
	status?: number;
	/** Bytes of the answer's body. */
	bytes?: number;
}
