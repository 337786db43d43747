/** The data-source area's built-in fixture and its state as seeded from `app.options.seed.datasource`. */
import type { EmulatorApp } from '../../core/app';
import { seededConnection, type Json, type DatasourceState } from './store';

export interface DatasourceSeed {
	connections?: Array<Partial<Record<string, Json>> & { name: string }>;
	catalogs?: Array<{ id: string; content: string; mimeType?: string; extraFiles?: Record<string, string>; datasourceName?: string; xmlaEnabled?: boolean; parameters?: string }>;
	domains?: Array<{ id: string; files: Record<string, string>; catalogRef?: string }>;
	passwordMode?: DatasourceState['passwordMode'];
	connectionJson?: DatasourceState['connectionJson'];
	/** Protect `PUT …/analysis/catalog/{id}` with the CSRF gate (not so on real servers: see the header). */
	csrfOnImports?: boolean;
}

function schemaXml(name: string, table: string): string {
	return `<?xml version="1.0"?>
<Schema name="${name}">
  <Dimension name="Region">
    <Hierarchy hasAll="true" allMemberName="All Regions">
      <Table name="${table}"/>
      <Level name="Region" column="REGION" uniqueMembers="true"/>
    </Hierarchy>
  </Dimension>
  <Cube name="${name} Analysis">
    <Table name="${table}"/>
    <DimensionUsage name="Region" source="Region"/>
    <Measure name="Actual" column="ACTUAL" aggregator="sum" formatString="#,###.00"/>
  </Cube>
</Schema>
`;
}

function xmiModel(domainId: string): string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<xmi:XMI xmlns:xmi="http://www.omg.org/XMI" xmlns:CWM="org.omg.CWM1.0" xmi.version="1.2">
  <xmi:Documentation><xmi:Exporter>Pentaho Metadata</xmi:Exporter></xmi:Documentation>
  <xmi:Content>
    <CWM:Description body="${domainId}" name="domain" type="String"/>
  </xmi:Content>
</xmi:XMI>
`;
}

const DEFAULT_SEED: Required<Pick<DatasourceSeed, 'connections' | 'catalogs' | 'domains'>> = {
	connections: [
		{ name: 'SampleData', databaseType: 'HYPERSONIC', hostname: 'localhost', databaseName: 'SampleData', databasePort: '9001', username: 'pentaho_user', password: 'password', attributes: { PORT_NUMBER: '9001' } },
		{ name: 'SalesDW', databaseType: 'POSTGRESQL', hostname: 'db.example.com', databaseName: 'sales', databasePort: '5432', username: 'reporting', password: 'Rep0rting!', extraOptions: { 'POSTGRESQL.ssl': 'true' }, maximumPoolSize: 20, connectSql: 'SET search_path TO sales' },
		{ name: 'baseball connection', databaseType: 'MYSQL', hostname: 'mysql.example.com', databaseName: 'baseball', databasePort: '3306', username: 'fan', password: 'homerun' },
	],
	catalogs: [
		{ id: 'SampleData', content: schemaXml('SampleData', 'QUADRANT_ACTUALS'), datasourceName: 'SampleData', xmlaEnabled: true },
		{
			id: 'SteelWheels',
			content: schemaXml('SteelWheels', 'ORDERFACT'),
			datasourceName: 'SampleData',
			xmlaEnabled: true,
			extraFiles: { 'annotations.xml': '<?xml version="1.0"?>\n<annotations/>\n' },
		},
	],
	domains: [
		{ id: 'sales_model.xmi', files: { 'sales_model.xmi': xmiModel('sales_model') } },
		{ id: 'inventory.xmi', files: { 'inventory.xmi': xmiModel('inventory'), 'inventory.mondrian.xml': schemaXml('inventory', 'INVENTORY') }, catalogRef: 'inventory' },
	],
};

export function createDatasourceState(app: EmulatorApp): DatasourceState {
	const seed = (app.options.seed.datasource ?? {}) as DatasourceSeed;
	const state: DatasourceState = {
		connections: (seed.connections ?? DEFAULT_SEED.connections).map((c) => seededConnection(c)),
		catalogs: (seed.catalogs ?? DEFAULT_SEED.catalogs).map((c) => ({
			id: c.id,
			content: Buffer.from(c.content, 'utf8'),
			mimeType: c.mimeType ?? 'text/xml',
			extraFiles: Object.fromEntries(Object.entries(c.extraFiles ?? {}).map(([name, text]) => [name, Buffer.from(text, 'utf8')])),
			datasourceName: c.datasourceName,
			xmlaEnabled: c.xmlaEnabled ?? false,
			parameters: c.parameters,
		})),
		domains: (seed.domains ?? DEFAULT_SEED.domains).map((d) => ({
			id: d.id,
			files: Object.fromEntries(Object.entries(d.files).map(([name, text]) => [name, Buffer.from(text, 'utf8')])),
			catalogRef: d.catalogRef,
		})),
		passwordMode: seed.passwordMode ?? 'nullify',
		connectionJson: seed.connectionJson ?? 'flexjson',
		uploads: [],
		jdbcPuts: [],
	};
	return state;
}
