/** Paths of the data-source operations, under the credential's base URL. */

export const DATASOURCE_PREFIX = '/plugin/data-access/api/datasource';
export const JDBC_PATH = `${DATASOURCE_PREFIX}/jdbc/connection`;
export const ANALYSIS_PATH = `${DATASOURCE_PREFIX}/analysis/catalog`;
export const DSW_PATH = `${DATASOURCE_PREFIX}/dsw/domain`;
