/**
 * What File › Import needs to know about the server's importer (pentaho-platform, read at
 * 9.3.0.0-422, 10.2.0.0-222, 10.2.0.10-434 and 11.0.0.3-310):
 *
 * - How it answers. `POST /api/repo/files/import` (extensions/.../resources/RepositoryImportResource.java)
 *   answers 200 with the HTML import log (RepositoryImportHTMLLayout: one row per log event, cells
 *   `title="importFile"`, `title="Level"`, `title="Message"`), or 200 with the bare text
 *   `INVALID_MIME_TYPE` (no import handler for the name's extension: nothing imported) or, from
 *   11.0.0.0-79 on, `INVALID_MIME_TYPE_PARTIAL` (zip entries of unknown types skipped), or 500 with the
 *   exception as text (`e.toString()`: the permission check's PentahoAccessControlException, an access
 *   denied in the repository). A file that fails inside the import is only LOGGED: PentahoPlatformImporter
 *   `importFile` logs it into that log and goes on ("If we are doing a logged import then we do not want
 *   to fail on a single file"), and a file that exists while Overwrite is off is skipped at TRACE level
 *   (RepositoryFileImportFileHandler `importFile`, ImportSession `getIsNotRunningImport`), so the log at
 *   the default level does not even mention it. That is why the node reads the folder back.
 * - Which files a zip gives (SolutionImportHandler `processZip`/`importRepositoryFilesAndFolders`): each
 *   entry under the import folder at its path in the archive; `exportManifest.xml` is the manifest, not a
 *   file; with a manifest the names are URL-decoded (ExportFileNameEncoder `decodeZipFileName`);
 *   `.locale` and `.properties` files and `index.xml` are locale files that become titles and
 *   descriptions of other files (LocaleFilesProcessor `isLocaleFile`), so they are not looked for.
 * - How the file name travels (`fileNameOverride`): 9.3 takes it as it is; from 10.2 (10.2.0.0-119,
 *   "BISERVER-11359") it is split at commas, one name per uploaded file (a comma in a name breaks the
 *   import); from 10.2.0.9-405, 11.0.0.2-276 and 11.1.0.0-108 each part is URL-decoded with the request's
 *   charSet ("SP-7194", "SP-7193", "BISERVER-15376"), so "%", "+" and "," must be sent encoded.
 */
import { decodeHtmlEntities } from '../../common/errors';
import { InputError } from '../../common/inputError';
import type { ServerVersion } from '../../common/serverVersion';

export class ImportInputError extends InputError {}

export interface ImportLogRow {
	path: string;
	level: string;
	message: string;
}

function cellText(html: string): string {
	return decodeHtmlEntities(html.replace(/<br\s*\/?>/gi, '\n').replace(/<[^>]*>/g, '')).trim();
}

/** The rows of the server's HTML import log (RepositoryImportHTMLLayout `format`, the same from 9.3 to 11.x). */
export function importLogRows(html: string): ImportLogRow[] {
	const rows: ImportLogRow[] = [];
	const cell = /<td title="importFile">([\s\S]*?)<\/td>\s*(?:<td title="Level">([\s\S]*?)<\/td>\s*)?(?:<td>[\s\S]*?<\/td>\s*)?<td title="Message">([\s\S]*?)<\/td>/gi;
	for (const match of html.matchAll(cell)) {
		rows.push({ path: cellText(match[1]), level: cellText(match[2] ?? '').toUpperCase(), message: cellText(match[3]) });
	}
	return rows;
}

export function isFailureRow(row: ImportLogRow): boolean {
	return row.level === 'ERROR' || row.level === 'FATAL';
}

/** java.net.URLDecoder.decode(text, "UTF-8"): `+` is a space, `%XX` bytes; a broken sequence is left as it is. */
export function javaUrlDecode(text: string): string {
	const spaced = text.replace(/\+/g, ' ');
	try {
		return decodeURIComponent(spaced);
	} catch {
		return spaced.replace(/(%[0-9a-f]{2})+/gi, (run) => {
			try {
				return decodeURIComponent(run);
			} catch {
				return run;
			}
		});
	}
}

const MANIFEST = 'exportManifest.xml';

export interface ExpectedImport {
	/** A zip (its entries are imported) or a single file. */
	archive: boolean;
	/** The zip has an export manifest (ACLs, metadata, names URL-encoded). */
	withManifest: boolean;
	/** Repository paths the server should hold afterwards. */
	files: string[];
	/** Entries that the importer turns into locale properties of other files, not into files. */
	localeFiles: string[];
	/** Levels below the import folder that cover every file (for reading the folder back). */
	depth: number;
}

function join(folder: string, relative: string): string {
	return `${folder === '/' ? '' : folder}/${relative}`;
}

function isLocaleEntry(name: string): boolean {
	const base = name.split('/').pop() ?? name;
	return base.endsWith('.locale') || base.endsWith('.properties') || base === 'index.xml';
}

/** What importing a zip with these entries into `folder` should give. */
export function expectedFromZip(names: string[], folder: string): ExpectedImport {
	const withManifest = names.some((name) => (name.split('/').pop() ?? '') === MANIFEST);
	const files: string[] = [];
	const localeFiles: string[] = [];
	let depth = 1;
	for (const name of names) {
		if (name.endsWith('/')) continue;
		const base = name.split('/').pop() ?? name;
		if (base === MANIFEST) continue;
		const relative = (withManifest ? name.split('/').map(javaUrlDecode).join('/') : name).replace(/^\/+/, '');
		if (relative === '') continue;
		if (isLocaleEntry(relative)) {
			localeFiles.push(join(folder, relative));
			continue;
		}
		files.push(join(folder, relative));
		depth = Math.max(depth, relative.split('/').length);
	}
	return { archive: true, withManifest, files, localeFiles, depth };
}

export function expectedSingle(folder: string, name: string): ExpectedImport {
	return { archive: false, withManifest: false, files: [join(folder, name)], localeFiles: [], depth: 1 };
}

/** The file name as the server's version reads `fileNameOverride` (see the head of this file). */
export function fileNameOverride(name: string, version: ServerVersion | undefined): string {
	if (!/[%+,]/.test(name)) return name;
	if (!version) {
		throw new ImportInputError(
			`The file name "${name}" contains "%", "+" or ",", which servers read differently by version, and this server does not tell its version: rename the file (File Name option)`,
		);
	}
	if (decodesFileNames(version)) return name.replace(/[%+,]/g, (c) => encodeURIComponent(c));
	if (name.includes(',') && version.atLeast('10.2')) {
		throw new ImportInputError(
			`The file name "${name}" contains ",", where server ${version.raw} splits the names of the uploaded files, so it would import nothing: rename the file (File Name option)`,
		);
	}
	return name;
}

function decodesFileNames(version: ServerVersion): boolean {
	if (version.major === 10 && version.minor === 2) return version.atLeast('10.2.0.9-405');
	if (version.major === 10) return false;
	if (version.major === 11 && version.minor === 0) return version.atLeast('11.0.0.2-276');
	if (version.major === 11 && version.minor === 1) return version.atLeast('11.1.0.0-108');
	return version.atLeast('11.2');
}

/** The message of a server exception written as `e.toString()` ("org.x.SomeException: message"). */
export function exceptionMessage(text: string): { type?: string; message: string } {
	const trimmed = text.trim();
	const match = /^((?:[a-z_$][\w$]*\.)+([A-Z][\w$]*))(?::\s*([\s\S]*))?$/.exec(trimmed.split('\n')[0]);
	if (!match) return { message: trimmed };
	return { type: match[2], message: (match[3] ?? '').trim() || match[2] };
}
