/**
 * The reports the emulator knows: what a .prpt bundle defines that the server reads (its parameters as the engine
 * sees them: ParameterDefinitionEntry name, value type, mandatory flag, default value, list values and the parameter
 * attributes in the order the bundle declares them) and what it renders (a title, columns and rows computed from the
 * parameter values). Our own model of a report, not the engine's bundle format.
 */

export const CORE_NS = 'http://reporting.pentaho.org/namespaces/engine/parameter-attributes/core';

/** Java class names the parameter document writes for a value type. */
export type JavaType =
	| 'java.lang.String'
	| 'java.lang.Integer'
	| 'java.lang.Long'
	| 'java.math.BigDecimal'
	| 'java.lang.Double'
	| 'java.lang.Boolean'
	| 'java.util.Date'
	| 'java.sql.Date'
	| 'java.sql.Timestamp';

/** A parameter value as the engine holds it after conversion. */
export type ParamValue = string | number | boolean | Date | null | ParamValue[];

export interface ListValue {
	key: string | number | boolean | null;
	label: string;
}

export interface ReportParameter {
	name: string;
	/** PlainParameter (a text box, date picker ...) or a list parameter (values to choose from). */
	kind: 'plain' | 'list';
	/** The element type; a multi-select list's value type is its array (`[L<type>;`). */
	type: JavaType;
	multiSelect?: boolean;
	/** Strict value check of a list parameter (values outside the list are refused). */
	strict?: boolean;
	mandatory: boolean;
	defaultValue?: ParamValue;
	values?: ListValue[];
	/** Core-namespace attributes after the constructor's `role`, in the bundle's order. */
	attributes: Array<[string, string]>;
}

export type ColumnType = 'string' | 'integer' | 'number' | 'date';

export interface ReportColumn {
	name: string;
	label: string;
	type: ColumnType;
}

export type RowValue = string | number | Date | null;

export interface RenderInput {
	values: Record<string, ParamValue>;
	/** Server time zone offset in minutes (dates in the output are written in it). */
	offsetMinutes: number;
}

export interface ReportDefinition {
	/** Repository path of the .prpt file. */
	path: string;
	title: string;
	description?: string;
	parameters: ReportParameter[];
	columns: ReportColumn[];
	/** The rows for the given (validated) parameter values; lazily, so large reports stream. */
	rows(input: RenderInput): Iterable<RowValue[]>;
	/** The report's own preferred output target (AttributeNames.Core.PREFERRED_OUTPUT_TYPE). */
	preferredOutputTarget?: string;
	/** lock-preferred-output-type. */
	lockOutputType?: boolean;
	/**
	 * A data source failure ("Failed to execute query."): 'start' before anything is written, 'middle' after the first
	 * page (the message is appended to the partial output).
	 */
	failure?: { at: 'start' | 'middle'; cause: string };
	/** Approximate size of the rendered file in bytes (the benchmark report); rows are generated until it is reached. */
	targetBytes?: number;
}

export const REGIONS: ListValue[] = [
	{ key: 'EMEA', label: 'Europe, Middle East & Africa' },
	{ key: 'NA', label: 'North America' },
	{ key: 'APAC', label: 'Asia Pacific' },
	{ key: 'Japan', label: 'Japan' },
];

export const PRODUCT_LINES = ['Classic Cars', 'Motorcycles', 'Planes', 'Ships', 'Trains', 'Trucks and Buses', 'Vintage Cars'];

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A deterministic pseudo-random number from text (the same parameters always give the same figures). */
export function figure(seed: string, min: number, max: number): number {
	let h = 2166136261;
	for (let i = 0; i < seed.length; i++) h = Math.imul(h ^ seed.charCodeAt(i), 16777619) >>> 0;
	return min + (h % (max - min + 1));
}

const asArray = (value: ParamValue | undefined): ParamValue[] => (Array.isArray(value) ? value : value === null || value === undefined ? [] : [value]);

/** The built-in reports (under /public/Steel Wheels and /public/bench). */
export function builtInReports(options: { largeReportBytes: number }): ReportDefinition[] {
	const salesByRegion: ReportDefinition = {
		path: '/public/Steel Wheels/Sales by Region.prpt',
		title: 'Sales by Region',
		description: 'Monthly sales of a region by product line',
		parameters: [
			{
				name: 'Region',
				kind: 'list',
				type: 'java.lang.String',
				strict: true,
				mandatory: true,
				values: REGIONS,
				attributes: [
					['label', 'Region'],
					['parameter-render-type', 'dropdown'],
					['parameter-layout', 'vertical'],
					['hidden', 'false'],
				],
			},
			{
				name: 'Year',
				kind: 'plain',
				type: 'java.lang.Integer',
				mandatory: true,
				defaultValue: 2004,
				attributes: [
					['label', 'Year'],
					['parameter-render-type', 'textbox'],
					['hidden', 'false'],
				],
			},
			{
				name: 'Product Line',
				kind: 'list',
				type: 'java.lang.String',
				multiSelect: true,
				strict: true,
				mandatory: false,
				values: PRODUCT_LINES.map((line) => ({ key: line, label: line })),
				attributes: [
					['label', 'Product Line'],
					['parameter-render-type', 'list'],
					['parameter-visible-items', '7'],
					['hidden', 'false'],
				],
			},
			{
				name: 'Start Date',
				kind: 'plain',
				type: 'java.util.Date',
				mandatory: false,
				attributes: [
					['label', 'Orders from'],
					['parameter-render-type', 'datepicker'],
					['data-format', 'yyyy-MM-dd'],
					['hidden', 'false'],
				],
			},
		],
		columns: [
			{ name: 'REGION', label: 'Region', type: 'string' },
			{ name: 'YEAR_ID', label: 'Year', type: 'integer' },
			{ name: 'MONTH_NAME', label: 'Month', type: 'string' },
			{ name: 'PRODUCTLINE', label: 'Product Line', type: 'string' },
			{ name: 'QUANTITY', label: 'Quantity', type: 'integer' },
			{ name: 'SALES', label: 'Sales', type: 'number' },
		],
		*rows({ values }) {
			const region = String(values.Region ?? '');
			const year = Number(values.Year ?? 2004);
			const selected = asArray(values['Product Line']).map(String);
			const lines = selected.length > 0 ? PRODUCT_LINES.filter((line) => selected.includes(line)) : PRODUCT_LINES;
			const start = values['Start Date'] instanceof Date ? (values['Start Date'] as Date) : undefined;
			for (let month = 0; month < 12; month++) {
				if (start && Date.UTC(year, month + 1, 1) <= start.getTime()) continue;
				for (const line of lines) {
					const key = `${region}|${year}|${month}|${line}`;
					const quantity = figure(key, 20, 500);
					yield [region, year, MONTHS[month], line, quantity, Math.round(quantity * figure(`${key}|p`, 3000, 21000)) / 100];
				}
			}
		},
	};

	const productList: ReportDefinition = {
		path: '/public/Steel Wheels/Product List.prpt',
		title: 'Product List',
		description: 'All product lines, without parameters',
		parameters: [],
		columns: [
			{ name: 'PRODUCTLINE', label: 'Product Line', type: 'string' },
			{ name: 'PRODUCTS', label: 'Products', type: 'integer' },
			{ name: 'MSRP', label: 'Average MSRP', type: 'number' },
		],
		*rows() {
			for (const line of PRODUCT_LINES) yield [line, figure(line, 5, 40), figure(`${line}|msrp`, 5000, 20000) / 100];
		},
	};

	const broken: ReportDefinition = {
		path: '/public/Steel Wheels/Broken Report.prpt',
		title: 'Broken Report',
		description: 'A report whose query fails',
		parameters: [],
		columns: [{ name: 'CUSTOMERNAME', label: 'Customer', type: 'string' }],
		*rows() {
			yield ['never rendered'];
		},
		failure: { at: 'start', cause: 'Table "CUSTOMERS_ARCHIVE" not found' },
	};

	const large: ReportDefinition = {
		path: '/public/bench/Large Report.prpt',
		title: 'Large Report',
		description: 'Renders a large file (benchmarks)',
		parameters: [],
		columns: [
			{ name: 'ROW_ID', label: 'Row', type: 'integer' },
			{ name: 'CUSTOMERNAME', label: 'Customer', type: 'string' },
			{ name: 'COUNTRY', label: 'Country', type: 'string' },
			{ name: 'AMOUNT', label: 'Amount', type: 'number' },
		],
		*rows() {
			for (let i = 1; ; i++) yield [i, `Customer ${String(i).padStart(8, '0')}`, REGIONS[i % REGIONS.length].label, (i % 100000) / 100];
		},
		targetBytes: options.largeReportBytes,
	};

	return [salesByRegion, productList, broken, large];
}

/** A .prpt file that the emulator has no definition for: a report without parameters, titled after the file. */
export function genericReport(path: string, title: string): ReportDefinition {
	return {
		path,
		title,
		parameters: [],
		columns: [
			{ name: 'NAME', label: 'Name', type: 'string' },
			{ name: 'VALUE', label: 'Value', type: 'number' },
		],
		*rows() {
			for (const region of REGIONS) yield [region.label, figure(`${path}|${region.key}`, 100, 9000)];
		},
	};
}
