/**
 * The data-source area: JDBC connections, analysis (Mondrian) schemas and data source wizard
 * domains under `/plugin/data-access/api/datasource`, as the data-access plugin serves them in each
 * server profile. Real sources read (pentaho/data-access at 9.3.0.0-422, 10.2.0.0-222, 11.0.0.0-237
 * and HEAD 21d376799c1c3389ff5ccfe98e62668b5b127bf3; paths below are under
 * core/src/main/java/org/pentaho/platform/dataaccess/datasource/):
 *
 * - JDBC: api/resources/JDBCDatasourceResource.java, wizard/service/impl/ConnectionServiceImpl.java,
 *   wizard/service/impl/ConnectionServiceHelper.java, wizard/service/impl/DatabaseConnectionReaderWriter.java
 *   (flexjson up to 11.0, Jackson from 11.1.0.0-272, commit aba0e557c), and the bean
 *   pentaho/pentaho-commons-database:model/src/main/java/org/pentaho/database/model/DatabaseConnection.java@066dc097.
 * - Analysis: api/resources/AnalysisResource.java, api/AnalysisService.java, api/DatasourceService.java,
 *   api/resources/ResourceUtil.java, with pentaho-platform's MondrianCatalogRepositoryHelper.java and
 *   MondrianCatalogHelper.java (extensions/…, HEAD).
 * - Wizard domains: api/resources/DataSourceWizardResource.java, api/DataSourceWizardService.java.
 * - Name lists: pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/http/api/resources/JaxbList.java@HEAD
 *   (`<List><Item xsi:type="xs:string">`), written in JSON by Jersey 1's default JAXB "mapped" notation
 *   on 9.x/10.x (the plugin's own PentahoJAXBContextResolver@9.3.0.0-422 does not cover JaxbList) and by
 *   Jackson on 11.x (pentaho-platform:extensions/src/main/java/org/pentaho/platform/web/servlet/jersey/JAXRSApplication.java@HEAD).
 * - CSRF: assemblies/data-access-plugin/src/main/resources/plugin.spring.xml (9.3.0.0-422 to HEAD;
 *   since 9.3.0.0-2, commit cb37f6e6e) protects only GWT-RPC calls and the legacy REST paths
 *   `POST …/analysis/{id}/remove`, `POST …/api/connection/add`, `POST …/api/mondrian/postAnalysis`:
 *   none of the 11 endpoints here. The seed option `csrfOnImports` protects the analysis import as an
 *   administrator could by editing that set (a deliberate extra, for testing the token path).
 *
 * Layout (as every area): datasource/area.ts registers, routes-jdbc/analysis/dsw.ts answer, store.ts
 * holds the state, the connection bean and its repository round trip, seed.ts the fixture, format.ts
 * writes, request.ts reads, kettle.ts is Kettle's password codec, html.ts the HTML escaping of
 * connection names (UtilHtmlSanitizer).
 *
 * Permissions (DatasourceService.validateAccess = read + create + publish; "manage data sources" =
 * the data access permission handler): the emulator's administrators have both, other users neither.
 */
export { register } from './datasource/area';
export { zipOf } from './datasource/format';
export type { DatasourceSeed } from './datasource/seed';
export { connectStringValue, DATASOURCE_PREFIX, poolLogin } from './datasource/store';
export { kettleDecode, kettleEncode } from './datasource/kettle';
export type { AnalysisCatalog, AnalysisUpload, DatasourceState, DswDomain, JdbcConnection, JdbcPut } from './datasource/store';
