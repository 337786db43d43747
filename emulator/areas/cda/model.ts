/**
 * The CDA files the emulator knows: connections, data accesses (queries) with their parameters and typed columns,
 * and how each query produces rows from its parameter values. The .cda file in the repository is written from this
 * model in the CDADescriptor form CDA reads (DataSources/Connection, DataAccess with Name, Query, Parameters,
 * Columns, Output: webdetails/cda core/src/main/java/pt/webdetails/cda/settings/CdaSettings.java and
 * dataaccess/AbstractDataAccess.java @10.2.0.0-222); a .cda uploaded by a test is read back with `parseCda` (its
 * queries are listed but have no data behind them).
 */
import { XMLParser } from 'fast-xml-parser';

import { escapeXml } from '../../core/xml';
import { figure, PRODUCT_LINES, REGIONS } from '../reporting/model';

/** Column classes as CDA's exporters name them (AbstractExporter.getColType) and the Java class behind each. */
export type ColumnType = 'String' | 'Integer' | 'Long' | 'Numeric' | 'Date' | 'Boolean';

export interface CdaColumn {
	name: string;
	type: ColumnType;
}

/** Parameter types of a data access (Parameter.Type). */
export type ParameterType = 'String' | 'Integer' | 'Numeric' | 'Date' | 'StringArray' | 'IntegerArray' | 'NumericArray' | 'DateArray';

export interface CdaParameter {
	name: string;
	type: ParameterType;
	default?: string;
	pattern?: string;
	access?: 'public' | 'private';
}

export type CdaValue = string | number | boolean | Date | null;

export interface CdaQuery {
	id: string;
	name: string;
	type: string;
	access: 'public' | 'private';
	connection: string;
	query: string;
	parameters: CdaParameter[];
	columns: CdaColumn[];
	/** The rows for the parameter values (already converted to their types); absent: no data behind the query. */
	rows?: (values: Record<string, unknown>) => Iterable<CdaValue[]>;
	/** How many rows `rows` yields (known up front for the benchmark query, so that it streams). */
	rowCount?: (values: Record<string, unknown>) => number;
	/** The query fails (an exception in the data source). */
	fails?: boolean;
}

export interface CdaConnection {
	id: string;
	type: string;
	jndi: string;
}

export interface CdaFile {
	path: string;
	connections: CdaConnection[];
	queries: CdaQuery[];
}

const MONTHS = [0, 3, 6, 9];

/** The built-in CDA files: /public/Steel Wheels/sales.cda and the benchmark /public/bench/bench.cda. */
export function builtInCdaFiles(options: { benchRows: number }): CdaFile[] {
	const jndi: CdaConnection = { id: 'steelwheels', type: 'sql.jndi', jndi: 'SampleData' };
	const sales: CdaFile = {
		path: '/public/Steel Wheels/sales.cda',
		connections: [jndi],
		queries: [
			{
				id: 'salesByRegion',
				name: 'Sales by region and year',
				type: 'sql',
				access: 'public',
				connection: 'steelwheels',
				query: 'SELECT TERRITORY AS REGION, YEAR_ID, PRODUCTLINE, SUM(QUANTITYORDERED) AS QUANTITY, SUM(TOTALPRICE) AS SALES, MIN(ORDERDATE) AS ORDERDATE FROM ORDERFACT WHERE TERRITORY = ${region} AND YEAR_ID = ${year} GROUP BY TERRITORY, YEAR_ID, PRODUCTLINE, QTR_ID',
				parameters: [
					{ name: 'region', type: 'String', default: 'EMEA' },
					{ name: 'year', type: 'Integer', default: '2004' },
				],
				columns: [
					{ name: 'REGION', type: 'String' },
					{ name: 'YEAR_ID', type: 'Integer' },
					{ name: 'PRODUCTLINE', type: 'String' },
					{ name: 'QUANTITY', type: 'Integer' },
					{ name: 'SALES', type: 'Numeric' },
					{ name: 'ORDERDATE', type: 'Date' },
				],
				*rows(values) {
					const region = String(values.region);
					const year = Number(values.year);
					if (!REGIONS.some((r) => r.key === region)) return;
					for (const line of PRODUCT_LINES) {
						for (const month of MONTHS) {
							const key = `${region}|${year}|${line}|${month}`;
							const quantity = figure(key, 50, 900);
							yield [region, year, line, quantity, Math.round(quantity * figure(`${key}|p`, 3000, 21000)) / 100, new Date(Date.UTC(year, month, figure(key, 1, 28)))];
						}
					}
				},
			},
			{
				id: 'topCustomers',
				name: 'Top customers',
				type: 'sql',
				access: 'public',
				connection: 'steelwheels',
				query: 'SELECT CUSTOMERNAME, COUNTRY, SUM(TOTALPRICE) AS TOTAL FROM ORDERFACT JOIN CUSTOMER_W_TER USING (CUSTOMERNUMBER) GROUP BY CUSTOMERNAME, COUNTRY ORDER BY TOTAL DESC',
				parameters: [],
				columns: [
					{ name: 'CUSTOMERNAME', type: 'String' },
					{ name: 'COUNTRY', type: 'String' },
					{ name: 'TOTAL', type: 'Numeric' },
				],
				*rows() {
					const names = ['Euro+ Shopping Channel', 'Mini Gifts Distributors Ltd.', 'Australian Collectors, Co.', 'Muscle Machine Inc', 'La Rochelle Gifts', 'Dragon Souveniers, Ltd.', 'Down Under Souveniers, Inc', 'Land of Toys Inc.', 'AV Stores, Co.', 'Anna\'s Decorations, Ltd'];
					const countries = ['Spain', 'USA', 'Australia', 'USA', 'France', 'Singapore', 'New Zealand', 'USA', 'UK', 'Australia'];
					for (let i = 0; i < names.length; i++) yield [names[i], countries[i], (1000000 - i * 73519) / 100 + 0.5];
				},
			},
			{
				id: 'regions',
				name: 'Regions',
				type: 'sql',
				access: 'private',
				connection: 'steelwheels',
				query: 'SELECT DISTINCT TERRITORY FROM CUSTOMER_W_TER',
				parameters: [],
				columns: [{ name: 'TERRITORY', type: 'String' }],
				*rows() {
					for (const region of REGIONS) yield [region.key];
				},
			},
			{
				id: 'archive',
				name: 'Archived orders',
				type: 'sql',
				access: 'public',
				connection: 'steelwheels',
				query: 'SELECT * FROM ORDERS_ARCHIVE',
				parameters: [{ name: 'since', type: 'Date', pattern: 'yyyy-MM-dd', default: '2003-01-01' }],
				columns: [{ name: 'ORDERNUMBER', type: 'Integer' }],
				fails: true,
			},
		],
	};
	const bench: CdaFile = {
		path: '/public/bench/bench.cda',
		connections: [jndi],
		queries: [
			{
				id: 'bigQuery',
				name: 'Many rows (benchmarks)',
				type: 'sql',
				access: 'public',
				connection: 'steelwheels',
				query: 'SELECT * FROM BIG_TABLE',
				parameters: [],
				columns: [
					{ name: 'ROW_ID', type: 'Integer' },
					{ name: 'CUSTOMERNAME', type: 'String' },
					{ name: 'AMOUNT', type: 'Numeric' },
					{ name: 'CREATED', type: 'Date' },
				],
				rowCount: () => options.benchRows,
				*rows() {
					for (let i = 1; i <= options.benchRows; i++) yield [i, `Customer ${String(i).padStart(8, '0')}`, (i % 100000) / 100 + 0.25, new Date(Date.UTC(2004, 0, 1) + (i % 1000) * 86400000)];
				},
			},
		],
	};
	return [sales, bench];
}

/** The .cda file's content. */
export function cdaXml(file: CdaFile): string {
	const attr = (value: string) => escapeXml(value, 'noApostrophe');
	const connections = file.connections.map((c) => `    <Connection id="${attr(c.id)}" type="${attr(c.type)}">\n      <Jndi>${escapeXml(c.jndi)}</Jndi>\n    </Connection>\n`).join('');
	const accesses = file.queries
		.map((q) => {
			const parameters = q.parameters
				.map(
					(p) =>
						`      <Parameter name="${attr(p.name)}" type="${p.type}"${p.default !== undefined ? ` default="${attr(p.default)}"` : ''}${p.pattern ? ` pattern="${attr(p.pattern)}"` : ''}${p.access ? ` access="${p.access}"` : ''}/>\n`,
				)
				.join('');
			const columns = q.columns.map((c, i) => `      <Column idx="${i}"><Name>${escapeXml(c.name)}</Name></Column>\n`).join('');
			return (
				`  <DataAccess id="${attr(q.id)}" connection="${attr(q.connection)}" type="${attr(q.type)}" access="${q.access}">\n` +
				`    <Name>${escapeXml(q.name)}</Name>\n    <Cache duration="3600" enabled="true"/>\n` +
				`    <Columns>\n${columns}    </Columns>\n    <Parameters>\n${parameters}    </Parameters>\n` +
				`    <Query><![CDATA[${q.query}]]></Query>\n  </DataAccess>\n`
			);
		})
		.join('');
	return `<?xml version="1.0" encoding="UTF-8"?>\n<CDADescriptor>\n  <DataSources>\n${connections}  </DataSources>\n${accesses}</CDADescriptor>\n`;
}

const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '',
	isArray: (name, _path, _leaf, isAttribute) => !isAttribute && ['Connection', 'DataAccess', 'Parameter', 'Column', 'CalculatedColumn'].includes(name),
});

/** Reads a .cda file that is not in the model (a test's upload): its data accesses, without data. Undefined if unreadable. */
export function parseCda(path: string, xml: string): CdaFile | undefined {
	try {
		const root = parser.parse(xml)?.CDADescriptor;
		if (!root || typeof root !== 'object') return undefined;
		const connections: CdaConnection[] = (root.DataSources?.Connection ?? []).map((c: Record<string, unknown>) => ({
			id: String(c.id ?? ''),
			type: String(c.type ?? ''),
			jndi: String(c.Jndi ?? ''),
		}));
		const queries: CdaQuery[] = (root.DataAccess ?? []).map((d: Record<string, any>) => ({
			id: String(d.id ?? ''),
			name: String(d.Name ?? d.id ?? ''),
			type: String(d.type ?? ''),
			access: String(d.access ?? 'public').trim().toLowerCase() === 'private' ? 'private' : 'public',
			connection: String(d.connection ?? ''),
			query: String(d.Query ?? ''),
			parameters: (d.Parameters?.Parameter ?? []).map((p: Record<string, unknown>) => ({
				name: String(p.name ?? ''),
				type: String(p.type ?? '') as ParameterType,
				default: p.default === undefined ? undefined : String(p.default),
				pattern: p.pattern === undefined ? undefined : String(p.pattern),
				access: String(p.access ?? 'public').trim().toLowerCase() === 'private' ? 'private' : undefined,
			})),
			columns: [],
		}));
		return { path, connections, queries };
	} catch {
		return undefined;
	}
}
