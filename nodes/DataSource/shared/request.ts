/**
 * What a bare status means for the data-source requests. The data-access resources answer most
 * refusals and failures with a bare status (no message): a non-administrator gets an empty 401 or
 * 500, a missing connection an empty 500, a missing catalog an empty 400. Each request passes
 * `refusals: refusals({ ... })` to dataflowRequest, which uses the text only when the server gave no
 * message of its own (pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/*.java@HEAD).
 */
export const NOT_ALLOWED =
	'The server refused the request (401): this user may not manage data sources (an administrator is needed), or the username or password of the credential is wrong';

/** What each bare status means for one request; a bare 401 always means NOT_ALLOWED unless given. */
export function refusals(hints: Partial<Record<400 | 401 | 403 | 500, string>> = {}): Partial<Record<number, string>> {
	return { 401: NOT_ALLOWED, ...hints };
}
