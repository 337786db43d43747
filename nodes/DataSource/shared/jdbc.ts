/**
 * Reading a JDBC connection before it is updated. The server answers "no such connection" and
 * every other failure of `GET …/jdbc/connection/{name}` alike, with an empty 500
 * (pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/api/resources/JDBCDatasourceResource.java@HEAD,
 * getConnection), so a 500 is checked against the list of names before it is taken to mean "new".
 */
import { NodeApiError, type IDataObject, type IExecuteFunctions } from 'n8n-workflow';

import { apiError, statusHint } from '../../common/errors';
import { normalizeConnection } from './connection';
import { namesFromList } from './nameList';
import { JDBC_PATH } from './paths';
import { dataflowRequest } from '../../common/transport';
import { refusals } from './request';

export const LIST_REFUSED =
	'The server could not list the JDBC connections (500): it answers this way when this user may not manage data sources (an administrator is needed)';

/** The stored connection (normalised), or undefined when the server has none of that name. */
export async function readConnection(ctx: IExecuteFunctions, name: string, itemIndex: number): Promise<IDataObject | undefined> {
	let failure: unknown;
	try {
		const { body } = await dataflowRequest<IDataObject>(ctx, { method: 'GET', path: `${JDBC_PATH}/${encodeURIComponent(name)}`, expect: 'json', itemIndex, refusals: refusals() });
		return normalizeConnection(body);
	} catch (error) {
		failure = error;
	}
	// The real server's 500 here has no body; one with a message of its own is some other failure.
	if (!(failure instanceof NodeApiError) || failure.httpCode !== '500' || failure.message !== statusHint(500)) throw failure;
	const { body } = await dataflowRequest<IDataObject>(ctx, { method: 'GET', path: JDBC_PATH, expect: 'json', itemIndex, refusals: refusals({ 500: LIST_REFUSED }) });
	if (!namesFromList(body).includes(name)) return undefined;
	throw apiError(ctx.getNode(), {
		message: `The server could not read the connection "${name}" to update it, so nothing was changed`,
		description: failure.description ?? undefined,
		httpCode: '500',
		itemIndex,
	});
}
