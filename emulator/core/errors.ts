/**
 * The one way a route handler answers with an error status: it throws `EmulatorHttpError(status,
 * message)`, and the app (core/app.ts, `handle`) turns it into `ctx.fail(status, message)`, which writes
 * the error in the route's style (worker webresult, catalog JSON, platform text). A route that must
 * answer an error with no body, or with a body of its own, sets `body` (undefined for none) and
 * `contentType`. Answers with status 200, such as the worker's webresult ERROR inside an HTTP 200, are
 * not errors here: handlers send those themselves.
 */
export class EmulatorHttpError extends Error {
	constructor(
		readonly status: number,
		message: string,
		/** Instead of the route's error style: the exact body (undefined: none) and its content type. */
		readonly raw?: { body?: string | Buffer; contentType?: string; headers?: Record<string, string> },
	) {
		super(message);
	}

	/** An error status with no body and no content type (`response.setStatus` with nothing written). */
	static bare(status: number): EmulatorHttpError {
		return new EmulatorHttpError(status, `HTTP ${status}`, {});
	}
}
