import { NodeOperationError, type IDataObject, type IExecuteFunctions, updateDisplayOptions } from 'n8n-workflow';

import { multipartBody, uploadSource, type ByteStream } from '../../../common/binary';
import { csrfHeaders } from '../../../common/csrf';
import { readBodyText } from '../../../common/decode';
import { apiError, extractServerMessage } from '../../../common/errors';
import { defineOperation, toItems } from '../../../common/executor';
import { binaryInputField, optionsCollection, readBinaryPropertyName } from '../../../common/fields';
import { SIMPLIFY_OPTION } from '../../../common/simplify';
import { serverVersion } from '../../../common/serverVersion';
import { dataflowRequest } from '../../../common/transport';
import { propertiesOf } from '../../shared/builders';
import { flatTree, treeOf } from '../../shared/documents';
import {
	exceptionMessage,
	expectedFromZip,
	expectedSingle,
	fileNameOverride,
	importLogRows,
	isFailureRow,
	type ExpectedImport,
	type ImportLogRow,
} from '../../shared/importing';
import { LOG_LEVEL_OPTION } from '../../shared/logging';
import { FILES, filesUrlOrRoot, pathField, readPath, show } from '../../shared/paths';
import { checkNames } from '../../shared/reserved';
import { SIMPLE_IMPORT } from '../../shared/simplify';
import { zipEntryNames } from '../../shared/zipListing';

const showOn = show('file', 'import');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({
		name: 'folder',
		displayName: 'Folder',
		description:
			'Repository folder to import into. A zip\'s entries go below it at their paths in the archive: a download of /public/etl holds etl/…, so import it into /public to recreate /public/etl.',
		placeholder: 'e.g. /public',
		folders: true,
	}),
	binaryInputField('The name of the input binary field holding the zip (with or without manifest) or the single file'),
	optionsCollection([
		{
			displayName: 'Apply Permissions From Manifest',
			name: 'applyAclPermissions',
			type: 'boolean',
			default: false,
			description: "Whether to apply the permissions (ACLs) of the zip's manifest to what it creates. The server ignores it for users who are not administrators.",
		},
		{
			displayName: 'Character Set',
			name: 'charSet',
			type: 'string',
			default: 'UTF-8',
			description: 'Character set of text files in the upload (and of the server\'s import log)',
		},
		{
			displayName: 'Fail on Incomplete Import',
			name: 'failOnIncomplete',
			type: 'boolean',
			default: true,
			description:
				'Whether to fail when the server did not import everything (it reports most failures only in its import log and answers success anyway). When off, the item says what is missing.',
		},
		{
			displayName: 'File Name',
			name: 'fileName',
			type: 'string',
			default: '',
			placeholder: 'e.g. etl.zip',
			description:
				"Name the server gives the upload. It decides what is imported: a name ending in .zip is unpacked, any other name is one file of that type (.ktr, .kjb, .prpt, .xml …). Leave empty to use the input file's name.",
		},
		{
			displayName: 'Include Server Log',
			name: 'includeLog',
			type: 'boolean',
			default: false,
			description: "Whether to add the rows of the server's import log to the output (in \"serverLog\")",
		},
		{
			...LOG_LEVEL_OPTION,
			default: 'ERROR',
			description: 'How much the server writes into the import log it answers with (its own default is Error)',
		},
		{
			displayName: 'Overwrite Files',
			name: 'overwriteFile',
			type: 'boolean',
			default: true,
			description: 'Whether files that already exist are replaced. When off, the server keeps them (and says nothing about it: the output marks them "kept").',
		},
		{
			displayName: 'Overwrite Permissions',
			name: 'overwriteAclPermissions',
			type: 'boolean',
			default: false,
			description: "Whether the manifest's permissions also replace those of files that already exist",
		},
		{
			displayName: 'Retain Ownership',
			name: 'retainOwnership',
			type: 'boolean',
			default: false,
			description:
				'Whether imported files keep the owner the manifest names. When off, the importing user owns them. The server always retains ownership for users who are not administrators.',
		},
		SIMPLIFY_OPTION,
	]),
]);

interface Plan {
	folder: string;
	property: string;
	/** The name the server sees (a .zip in lowercase for an archive). */
	name: string;
	expected: ExpectedImport;
	fields: { overwriteFile: boolean; overwriteAclPermissions: boolean; applyAclPermissions: boolean; retainOwnership: boolean; charSet: string; logLevel: string };
	failOnIncomplete: boolean;
	includeLog: boolean;
}

const LOG_LIMIT = 16 * 1024 * 1024;

/** The input binary as a Buffer or a stream (a second read of it: the first one lists the zip). */
async function binaryBytes(ctx: IExecuteFunctions, itemIndex: number, property: string): Promise<Buffer | ByteStream> {
	const binary = ctx.helpers.assertBinaryData(itemIndex, property);
	return binary.id ? await ctx.helpers.getBinaryStream(binary.id) : Buffer.from(binary.data, 'base64');
}

/**
 * The files below a folder (down to `depth` levels, hidden ones included) by path; undefined when the folder is not there.
 * A missing folder's tree is 204 on 9.3.0.0 and 11.x but a NullPointerException (500) from 9.3.0.1 to 10.3.0.0-313
 * (FileService `doGetTree`, see emulator notes), so a 500 is checked against the folder's properties.
 */
async function filesBelow(ctx: IExecuteFunctions, folder: string, depth: number, itemIndex: number): Promise<Map<string, IDataObject> | undefined> {
	const response = await dataflowRequest<unknown>(ctx, {
		method: 'GET',
		path: filesUrlOrRoot(folder, 'tree'),
		qs: { depth, showHidden: 'true', includeAcls: 'false' },
		expect: 'json',
		okStatuses: [404, 500],
		itemIndex,
	});
	if (response.status === 500) {
		if (!(await propertiesOf(ctx, folder, itemIndex))) return undefined;
		const said = extractServerMessage(response.body, String(response.headers['content-type'] ?? ''));
		throw apiError(ctx.getNode(), {
			message: `The server could not list the folder ${folder}${said ? `: ${said}` : ' (HTTP 500)'}`,
			description: `HTTP 500 from GET ${filesUrlOrRoot(folder, 'tree')}`,
			httpCode: '500',
			itemIndex,
		});
	}
	if (response.status === 404 || response.status === 204 || response.body === undefined || response.body === null || response.body === '') return undefined;
	const entries = flatTree(treeOf(response.body));
	if (entries.length === 0 || typeof entries[0].path !== 'string') return undefined;
	const files = new Map<string, IDataObject>();
	for (const entry of entries.slice(1)) if (typeof entry.path === 'string' && entry.folder !== true) files.set(entry.path, entry);
	return files;
}

type FileStatus = 'created' | 'replaced' | 'kept' | 'missing' | 'failed';

function shortList(paths: string[], max = 5): string {
	return paths.length <= max ? paths.join(', ') : `${paths.slice(0, max).join(', ')} and ${paths.length - max} more`;
}

/**
 * Import: `POST /api/repo/files/import`, multipart, with every part the resource reads (importDir,
 * fileUpload, overwriteFile, overwriteAclPermissions, applyAclPermissions, retainOwnership, charSet,
 * logLevel, fileNameOverride: pentaho-platform:extensions/.../resources/RepositoryImportResource.java
 * `doPostImport`@9.3.0.0-422, @10.2.0.0-222, @10.2.0.10-434, @11.0.0.3-310), streamed from the binary
 * field, with the CSRF token when the server protects the endpoint (it is the repository call that
 * applicationContext-spring-security-csrf.xml@9.3.0.0-422 and @11.0.0.3-310 lists). The server reports
 * most failures only in its import log and answers 200 (shared/importing.ts), so the folder is read
 * before and after: the output says, per file, what the server now holds; what it lacks fails the item.
 */
export const execute = defineOperation<Plan>({
	async plan(itemIndex) {
		const node = this.getNode();
		const folder = readPath(this, itemIndex, 'folder', 'Folder');
		const property = readBinaryPropertyName(this, itemIndex, 'input');
		const binary = this.helpers.assertBinaryData(itemIndex, property);
		const options = (this.getNodeParameter('options', itemIndex, {}) ?? {}) as IDataObject;
		let name = String(options.fileName ?? '').trim() || binary.fileName || '';
		if (name === '') throw new NodeOperationError(node, 'The file has no name: set the File Name option or give the input binary a file name', { itemIndex });
		if (/[\\/]/.test(name) || name === '.' || name === '..') throw new NodeOperationError(node, `The file name "${name}" may not contain "/" or "\\" or be "." or ".."`, { itemIndex });
		// The importer picks its handler by the name's extension, looked up case-sensitively (NameBaseMimeResolver@11.0.0.3-310): only ".zip" unpacks.
		const archive = /\.zip$/i.test(name);
		if (archive) name = `${name.slice(0, -4)}.zip`;
		const charSet = String(options.charSet ?? '').trim() || 'UTF-8';
		if (!/^[A-Za-z0-9][A-Za-z0-9._:+-]*$/.test(charSet)) throw new NodeOperationError(node, `"${charSet}" is not a character set name (for example UTF-8)`, { itemIndex });
		let expected: ExpectedImport;
		if (archive) {
			// Read before anything is sent: a file that is not a zip fails here, not after an import of nothing.
			const listing = await zipEntryNames(await binaryBytes(this, itemIndex, property), `The file ${name}`);
			expected = expectedFromZip(listing.names, folder);
			if (expected.files.length === 0 && expected.localeFiles.length === 0 && !expected.withManifest) {
				throw new NodeOperationError(node, `The zip ${name} holds no files, so the server would import nothing`, { itemIndex });
			}
		} else {
			expected = expectedSingle(folder, name);
		}
		await checkNames(this, itemIndex, [...folder.split('/').filter(Boolean), ...(archive ? [] : [name])], 'The name');
		const flag = (key: string, fallback: boolean) => (options[key] === undefined ? fallback : options[key] === true);
		return {
			folder,
			property,
			name,
			expected,
			fields: {
				overwriteFile: flag('overwriteFile', true),
				overwriteAclPermissions: flag('overwriteAclPermissions', false),
				applyAclPermissions: flag('applyAclPermissions', false),
				retainOwnership: flag('retainOwnership', false),
				charSet,
				logLevel: String(options.logLevel || 'ERROR'),
			},
			failOnIncomplete: flag('failOnIncomplete', true),
			includeLog: flag('includeLog', false),
		};
	},
	simplify: SIMPLE_IMPORT,
	async run(plan, itemIndex) {
		const node = this.getNode();
		const version = await serverVersion(this, itemIndex);
		const override = fileNameOverride(plan.name, version);
		const before = await filesBelow(this, plan.folder, plan.expected.depth, itemIndex);

		const source = await uploadSource(this, itemIndex, plan.property);
		const { fields } = plan;
		const { body, contentType } = multipartBody([
			{ name: 'importDir', value: plan.folder },
			{ name: 'fileUpload', fileName: plan.name, contentType: source.mimeType || 'application/octet-stream', content: source.body },
			{ name: 'overwriteFile', value: String(fields.overwriteFile) },
			{ name: 'overwriteAclPermissions', value: String(fields.overwriteAclPermissions) },
			{ name: 'applyAclPermissions', value: String(fields.applyAclPermissions) },
			{ name: 'retainOwnership', value: String(fields.retainOwnership) },
			{ name: 'charSet', value: fields.charSet },
			{ name: 'logLevel', value: fields.logLevel },
			{ name: 'fileNameOverride', value: override },
		]);
		const path = `${FILES}/import`;
		const csrf = await csrfHeaders(this, path, itemIndex);
		// No redirect following: the HTTP client would keep the whole body in memory to be able to resend it.
		const response = await dataflowRequest<unknown>(this, {
			method: 'POST',
			path,
			headers: { ...csrf, 'Content-Type': contentType, Accept: 'text/html, */*' },
			body,
			expect: 'stream',
			okStatuses: [500],
			noRedirects: true,
			refusals: {
				403: 'The server refused the import (403): with CSRF protection on it refuses an import without a valid token, and it refuses users who may not import',
			},
			itemIndex,
		});
		const text = await readBodyText(response.body, LOG_LIMIT);

		if (response.status === 500) {
			// doPostImportCommon catches every exception and answers `e.toString()` with 500; 11.x sends that text, 9.x/10.x
			// (Jersey 1) the container's error page instead, which says nothing of the cause.
			const page = /<html|<!doctype/i.test(text);
			const { type, message } = page ? { type: undefined, message: '' } : exceptionMessage(text);
			const causes = [
				'the user may not import here (the server lets a user import who may publish content or administer security, or who imports into their own home folder; builds 10.2.0.6-366 to 10.2.0.7-379 and 11.0.0.0-72 to -163 also want the folder to exist and be writable: SystemUtils.canUpload)',
				'the repository refused to write a file or folder (UnifiedRepositoryAccessDeniedException); part of the upload may then be imported already',
			];
			const reason =
				type === 'PentahoAccessControlException' ? causes[0] : type === 'UnifiedRepositoryAccessDeniedException' ? causes[1] : `one of: ${causes.join('; or ')}`;
			throw apiError(node, {
				message: message ? `The server refused the import: ${message}` : 'The server refused the import (HTTP 500 with its generic page)',
				description: `HTTP 500 from POST ${path}${type ? ` (${type})` : ''}: ${reason}.${before ? '' : ` The folder ${plan.folder} does not exist yet.`}`,
				httpCode: '500',
				itemIndex,
			});
		}
		const answer = text.trim();
		if (answer === 'INVALID_MIME_TYPE') {
			throw apiError(node, {
				message: `The server has no importer for "${plan.name}" and imported nothing`,
				description: 'The server picks its importer by the name\'s extension (.zip, .ktr, .kjb, .prpt, .xml, .xmi, .xaction …, as its ImportHandlerMimeTypeDefinitions.xml lists them); it answered INVALID_MIME_TYPE.',
				httpCode: '200',
				itemIndex,
			});
		}
		const partial = answer === 'INVALID_MIME_TYPE_PARTIAL';
		const rows = importLogRows(text);
		const failures = rows.filter(isFailureRow);

		const after = (await filesBelow(this, plan.folder, plan.expected.depth, itemIndex)) ?? new Map<string, IDataObject>();
		const used = new Set<ImportLogRow>();
		const files = plan.expected.files.map((path) => {
			const errors = failures.filter((row) => row.path === path);
			errors.forEach((row) => used.add(row));
			const existed = before?.has(path) === true;
			let status: FileStatus;
			if (!after.has(path)) status = 'missing';
			else if (!existed) status = 'created';
			else if (!fields.overwriteFile) status = 'kept';
			else status = errors.length ? 'failed' : 'replaced';
			const stored = after.get(path);
			const entry: IDataObject = { path, status };
			if (stored) {
				if (stored.lastModifiedDate !== undefined) entry.lastModifiedDate = stored.lastModifiedDate;
				if (stored.fileSize !== undefined) entry.fileSize = stored.fileSize;
			}
			if (errors.length) entry.message = errors.map((row) => row.message).join('\n');
			return entry;
		});
		const otherErrors = failures.filter((row) => !used.has(row)).map((row) => ({ path: row.path, message: row.message }));
		const count = (status: FileStatus) => files.filter((f) => f.status === status).length;
		const lacking = files.filter((f) => f.status === 'missing' || f.status === 'failed');
		const complete = lacking.length === 0 && otherErrors.length === 0;

		if (!complete && plan.failOnIncomplete) {
			const total = files.length;
			const got = total - lacking.length;
			const details = [
				...lacking.map((f) => `${f.path}: ${f.status === 'missing' ? 'not in the folder after the import' : 'not replaced'}${f.message ? ` (${String(f.message)})` : ''}`),
				...otherErrors.map((e) => `server log: ${e.path ? `${e.path}: ` : ''}${e.message}`),
				...(partial ? ['The server answered INVALID_MIME_TYPE_PARTIAL: it skipped entries whose type it does not import.'] : []),
				...(plan.expected.withManifest ? ['A manifest the server cannot read is ignored silently: the names inside the zip are then taken as they are, undecoded.'] : []),
			];
			throw apiError(node, {
				message: lacking.length
					? `The server imported ${got} of ${total} file(s) into ${plan.folder}; missing: ${shortList(lacking.map((f) => String(f.path)))}`
					: `The server could not import everything into ${plan.folder}: ${otherErrors[0].message}`,
				description: details.join('\n'),
				httpCode: '200',
				itemIndex,
			});
		}
		const output: IDataObject = {
			complete,
			folder: plan.folder,
			fileName: plan.name,
			archive: plan.expected.archive,
			...(plan.expected.archive ? { withManifest: plan.expected.withManifest } : {}),
			created: count('created'),
			replaced: count('replaced'),
			kept: count('kept'),
			missing: lacking.length,
			files,
			...(otherErrors.length ? { serverErrors: otherErrors } : {}),
			...(partial ? { skippedUnknownTypes: true } : {}),
			...(plan.expected.localeFiles.length ? { localeFiles: plan.expected.localeFiles } : {}),
			...(plan.includeLog ? { serverLog: rows.map((row) => ({ ...row })) } : {}),
			...(version ? { serverVersion: version.raw } : {}),
		};
		return toItems(output);
	},
});
