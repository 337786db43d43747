/** The repository's built-in fixture: system folders, user homes and small sample files. */
import { strToU8, zipSync } from 'fflate';

import type { EmulatorUser } from '../../core/types';
import { ALL, DELETE, READ, ROLE, USER, WRITE, type Repository } from './store';

export interface SeedFile {
	path: string;
	/** File content; absent for folders. */
	content?: string | Buffer;
	folder?: boolean;
	owner?: string;
	hidden?: boolean;
	mimeType?: string;
	metadata?: Record<string, string>;
	locales?: Record<string, Record<string, string>>;
}

export interface RepositorySeed {
	/** Leave out the built-in sample files (system folders and homes are always there). */
	replace?: boolean;
	files?: SeedFile[];
	/** Characters refused in names (default `/`, `\`, tab, CR, LF). */
	reservedCharacters?: string;
	/** LDAP attribute values merged over the defaults. */
	ldap?: Record<string, string>;
	/** JSON as newer servers write it (typed) or as older ones do (every scalar a string). */
	jsonStyle?: 'typed' | 'strings';
}

export const SAMPLE_JOB = `<?xml version="1.0" encoding="UTF-8"?>
<job>
  <name>daily_load</name>
  <description>Loads yesterday's sales into the warehouse</description>
  <extended_description/>
  <job_version>1.0</job_version>
  <directory>/public/etl</directory>
  <created_user>admin</created_user>
  <created_date>2024/01/15 09:00:00.000</created_date>
  <modified_user>admin</modified_user>
  <modified_date>2024/01/15 09:00:00.000</modified_date>
  <parameters>
    <parameter>
      <name>RUN_DATE</name>
      <default_value>yesterday</default_value>
      <description>Business date to load</description>
    </parameter>
  </parameters>
  <entries>
    <entry>
      <name>START</name>
      <description/>
      <type>SPECIAL</type>
      <start>Y</start>
      <dummy>N</dummy>
      <repeat>N</repeat>
      <schedulerType>0</schedulerType>
      <parallel>N</parallel>
      <draw>Y</draw>
      <nr>0</nr>
      <xloc>64</xloc>
      <yloc>80</yloc>
    </entry>
    <entry>
      <name>load_sales</name>
      <description/>
      <type>TRANS</type>
      <specification_method>rep_name</specification_method>
      <transname>load_sales</transname>
      <directory>/public/etl</directory>
      <arg_from_previous>N</arg_from_previous>
      <exec_per_row>N</exec_per_row>
      <clear_rows>N</clear_rows>
      <clear_files>N</clear_files>
      <set_logfile>N</set_logfile>
      <wait_until_finished>Y</wait_until_finished>
      <parameters>
        <pass_all_parameters>Y</pass_all_parameters>
      </parameters>
      <parallel>N</parallel>
      <draw>Y</draw>
      <nr>0</nr>
      <xloc>224</xloc>
      <yloc>80</yloc>
    </entry>
    <entry>
      <name>Success</name>
      <description/>
      <type>SUCCESS</type>
      <parallel>N</parallel>
      <draw>Y</draw>
      <nr>0</nr>
      <xloc>384</xloc>
      <yloc>80</yloc>
    </entry>
  </entries>
  <hops>
    <hop>
      <from>START</from>
      <to>load_sales</to>
      <from_nr>0</from_nr>
      <to_nr>0</to_nr>
      <enabled>Y</enabled>
      <evaluation>Y</evaluation>
      <unconditional>Y</unconditional>
    </hop>
    <hop>
      <from>load_sales</from>
      <to>Success</to>
      <from_nr>0</from_nr>
      <to_nr>0</to_nr>
      <enabled>Y</enabled>
      <evaluation>Y</evaluation>
      <unconditional>N</unconditional>
    </hop>
  </hops>
  <notepads/>
</job>
`;

export function sampleTransformation(name: string): string {
	return `<?xml version="1.0" encoding="UTF-8"?>
<transformation>
  <info>
    <name>${name}</name>
    <description>Generates sample sales rows</description>
    <directory>/public/etl</directory>
    <parameters/>
    <created_user>admin</created_user>
    <created_date>2024/01/15 09:00:00.000</created_date>
  </info>
  <order>
    <hop><from>Generate rows</from><to>Write to log</to><enabled>Y</enabled></hop>
  </order>
  <step>
    <name>Generate rows</name>
    <type>RowGenerator</type>
    <copies>1</copies>
    <limit>10</limit>
    <fields>
      <field><name>region</name><type>String</type><nullif>EMEA</nullif></field>
      <field><name>amount</name><type>Number</type><nullif>100</nullif></field>
    </fields>
    <GUI><xloc>96</xloc><yloc>96</yloc><draw>Y</draw></GUI>
  </step>
  <step>
    <name>Write to log</name>
    <type>WriteToLog</type>
    <copies>1</copies>
    <loglevel>log_level_basic</loglevel>
    <GUI><xloc>256</xloc><yloc>96</yloc><draw>Y</draw></GUI>
  </step>
</transformation>
`;
}

function sampleReport(): Buffer {
	const zip = zipSync({
		mimetype: strToU8('application/vnd.pentaho.reporting.classic'),
		'meta.xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><office:document-meta xmlns:office="urn:oasis:names:tc:opendocument:xmlns:office:1.0"><office:meta/></office:document-meta>'),
		'content.xml': strToU8('<?xml version="1.0" encoding="UTF-8"?><report name="Sales Summary"/>'),
	});
	return Buffer.from(zip);
}

export function builtInFiles(): SeedFile[] {
	return [
		{ path: '/public/etl/daily_load.kjb', content: SAMPLE_JOB, owner: 'admin' },
		{ path: '/public/etl/load_sales.ktr', content: sampleTransformation('load_sales'), owner: 'admin' },
		{ path: '/public/etl/lookup_cache.ktr', content: sampleTransformation('lookup_cache'), owner: 'admin', hidden: true },
		{
			path: '/public/Sample Reports/Sales Summary.prpt',
			content: sampleReport(),
			owner: 'admin',
			locales: {
				default: { 'file.title': 'Sales Summary', 'file.description': 'Sales by region and month' },
				de: { 'file.title': 'Umsatzübersicht' },
			},
			metadata: { category: 'sales' },
		},
		{ path: '/home/admin/sales.ktr', content: sampleTransformation('sales'), owner: 'admin' },
		{ path: '/home/admin/cleanup.kjb', content: SAMPLE_JOB.replace(/daily_load/g, 'cleanup'), owner: 'admin' },
		{ path: '/home/suzy/notes.txt', content: 'Quarterly numbers are due on Friday.\n', owner: 'suzy' },
	];
}

/** Builds the system folders, the users' homes and the given files (with generated content for the sample report). */
export async function seedRepository(repo: Repository, users: EmulatorUser[], seed: RepositorySeed): Promise<void> {
	const admin = users.find((u) => u.admin) ?? { name: 'admin', password: '', admin: true };
	const system = { ...admin, admin: true };
	const publicFolder = repo.mkdirs('/public', system, false);
	publicFolder.acl = { owner: admin.name, ownerType: USER, entriesInheriting: false, aces: [{ recipient: 'Authenticated', recipientType: ROLE, permissions: [READ, WRITE, DELETE] }] };
	const home = repo.mkdirs('/home', system, false);
	home.acl = { owner: admin.name, ownerType: USER, entriesInheriting: true, aces: [] };
	const etc = repo.mkdirs('/etc', system, false);
	etc.system = true;
	etc.acl = { owner: admin.name, ownerType: USER, entriesInheriting: false, aces: [] };
	repo.mkdirs('/etc/metadata', system, false);
	for (const user of users) {
		const folder = repo.mkdirs(`/home/${user.name}`, system, false);
		folder.creatorId = user.name;
		folder.acl = { owner: user.name, ownerType: USER, entriesInheriting: false, aces: [{ recipient: user.name, recipientType: USER, permissions: [ALL] }] };
	}
	const files = [...(seed.replace ? [] : builtInFiles()), ...(seed.files ?? [])];
	for (const file of files) {
		const ownerName = file.owner ?? admin.name;
		const owner = { ...(users.find((u) => u.name === ownerName) ?? admin), name: ownerName, admin: true };
		const node = file.folder
			? repo.mkdirs(file.path, owner, false)
			: await repo.writeFile(file.path, file.content ?? '', owner, { mimeType: file.mimeType, checkPermissions: false });
		node.creatorId = ownerName;
		node.acl.owner = ownerName;
		node.hidden = file.hidden === true;
		if (file.metadata) node.metadata = { ...file.metadata };
		for (const [locale, properties] of Object.entries(file.locales ?? {})) node.locales.set(locale, { ...properties });
	}
	const report = repo.find('/public/Sample Reports/Sales Summary.prpt');
	if (report && repo.find('/home/admin') && !seed.replace) {
		const output = await repo.writeFile('/home/admin/Sales Summary.html', '<html><body><h1>Sales Summary</h1><p>EMEA 100</p></body></html>', system, {
			mimeType: 'text/html',
			checkPermissions: false,
		});
		output.metadata = { contentCreator: report.id, lineage_id: report.id };
	}
}
