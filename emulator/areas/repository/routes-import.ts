/**
 * POST /api/repo/files/import (and /import/multiple): the repository import of single files and of zips (with or
 * without export manifest), answered with the import log, as the real import resource and importer do.
 *
 * Sources (pentaho-platform): RIR = extensions/src/main/java/org/pentaho/platform/web/http/api/resources/RepositoryImportResource.java,
 * PPI = extensions/…/plugin/services/importer/PentahoPlatformImporter.java, RFIFH = …/importer/RepositoryFileImportFileHandler.java,
 * SIH = …/importer/SolutionImportHandler.java, L4J = …/plugin/services/importexport/Log4JRepositoryImportLogger.java and
 * Log4JRepositoryImportLog.java, HTML = …/importexport/RepositoryImportHTMLLayout.java, SU = …/resources/utils/SystemUtils.java,
 * MIME = assemblies/pentaho-solutions/src/main/resources/pentaho-solutions/system/ImportHandlerMimeTypeDefinitions.xml;
 * read @9.3.0.0-422, @10.2.0.0-222, @10.2.0.10-434, @11.0.0.0-237, @11.0.0.3-310. Version changes are placed by commit below.
 *
 * The facts a client relies on:
 * - Success is HTTP 200 `text/html` whose body is the HTML import log — never a word like SUCCESS. With the default logLevel
 *   (ERROR) a clean import logs no row.
 * - A file type the importer does not know (by the extension after the last ".", case-sensitive: csv, txt, json … are not
 *   registered) is 200 with the body `INVALID_MIME_TYPE`.
 * - Failures inside the import are ROWS OF THE LOG with HTTP 200 (PPI `importFile` logs and swallows while the import logger
 *   runs): an invalid name ("Invalid file name [x]."), a folder it cannot create ("Could not create folder …"), a zip entry with
 *   an invalid name (nothing of that zip imported). An existing file without overwrite is skipped SILENTLY (RFIFH: the session
 *   runs an import, so the "File … already exists" error is not raised; only a TRACE row). A body that is not a zip imports
 *   nothing and logs nothing. A manifest that cannot be read is ignored.
 * - HTTP 500 only for: not allowed to import (SU.canUpload), the repository denying a write (PPI rethrows
 *   UnifiedRepositoryAccessDeniedException), and from 10.2 a missing fileNameOverride. 9.x/10.x send Tomcat's error page,
 *   11.x the exception's toString() as text/html (RIR `Response.serverError().entity(e.toString())`).
 *
 * Not modelled: the data-source handlers (.xmi metadata, .mondrian.xml schemas, .mzip metastore: nothing is stored), the
 * manifest's users, roles, schedules, data sources and metastore (only files, folders, ACLs, hidden flags and metadata), locale
 * files (.locale/.properties are stored as plain files), a PRPT's meta.xml title, zips inside zips (stored as files), Java stack
 * frames in the log's exception rows (only the exception line), the File:Line column's real line numbers.
 */
import { randomUUID } from 'node:crypto';
import { createWriteStream, promises as fsp } from 'node:fs';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';

import busboy from 'busboy';
import { XMLValidator } from 'fast-xml-parser';

import { EmulatorHttpError } from '../../core/errors';
import { wallOf } from '../../core/time';
import type { EmulatorUser, RequestContext } from '../../core/types';
import { escapeXml } from '../../core/xml';
import { javaUrlDecode } from './javaDecode';
import { parseManifest, type ManifestEntity } from './manifest';
import { FILES, guarded, mayCreateContent, mayPublish } from './request';
import { parentPathOf, WRITE, type Acl, type RepoNode, type RepositoryArea } from './store';
import { listZip, readZipEntry, ZipReadError } from './zip';

/* ---------- versions ---------- */

interface Profile {
	atLeast(version: string): boolean;
	before(version: string): boolean;
}

/** A change that shipped on the 10.2 service-pack line at `sp` and on the main line at `main` (every 11.x). */
function since(profile: Profile, sp: string, main: string): boolean {
	return profile.atLeast('10.3') ? profile.atLeast(main) : profile.atLeast(sp);
}

/* ---------- MIME types (MIME, identical @9.3.0.0-422 … @11.0.0.3-310 but for the hidden flag of kjb/ktr) ---------- */

interface MimeInfo {
	mime: string;
	hidden: boolean;
	kind: 'file' | 'zip' | 'pdi' | 'prpt' | 'notModelled';
}

function mimeTable(profile: Profile): Map<string, MimeInfo> {
	const table = new Map<string, MimeInfo>();
	const put = (mime: string, hidden: boolean, kind: MimeInfo['kind'], extensions: string[]) => {
		for (const extension of extensions) table.set(extension, { mime, hidden, kind });
	};
	put('application/internet-shortcut', false, 'file', ['url']);
	put('application/vnd.ms-excel', false, 'file', ['xls']);
	put('application/vnd.pentaho.analyzer', false, 'file', ['xanalyzer']);
	put('application/vnd.pentaho.dashboard', false, 'file', ['xdash']);
	put('application/vnd.pentaho.schedule', false, 'file', ['qtz']);
	put('image/gif', true, 'file', ['gif']);
	put('image/jpeg', true, 'file', ['jpg']);
	put('image/png', true, 'file', ['png']);
	put('image/svg+xml', true, 'file', ['svg']);
	put('text/css', true, 'file', ['css']);
	put('text/html', true, 'file', ['htm', 'html']);
	put('text/javascript', true, 'file', ['js']);
	put('text/plain', true, 'file', ['properties', 'sql']);
	put('text/pdf', false, 'file', ['pdf']);
	put('text/xml', false, 'file', ['cda', 'cdfde', 'cfg.xml', 'jrxml', 'kcs', 'kdb', 'kps', 'ksl', 'report', 'rptdesign', 'wcdf', 'xcdf', 'xjpivot', 'xml', 'xreportspec']);
	put('application/octet-stream', false, 'file', ['eml']);
	put('application/vnd.pentaho.solution-repository', false, 'zip', ['zip']);
	// kjb/ktr hidden="true" until [BISERVER-15275] "kjb, ktr not hidden by default on import" (@37e22e9c64, first tag
	// 11.0.0.0-164; no 10.2 build has it): 9.3 and 10.2 import transformations and jobs as hidden files.
	const pdiHidden = profile.before('11.0.0.0-164');
	put('application/vnd.pentaho.job', pdiHidden, 'pdi', ['kjb']);
	put('application/vnd.pentaho.transformation', pdiHidden, 'pdi', ['ktr']);
	put('application/vnd.pentaho.mondrian+xml', false, 'notModelled', ['mondrian+xml']);
	put('application/vnd.pentaho.xaction', false, 'file', ['xaction']);
	put('text/locale', true, 'file', ['locale']);
	put('text/xmi+xml', false, 'notModelled', ['xmi']);
	put('application/vnd.pentaho.reporting.classic', false, 'prpt', ['prpt']);
	put('application/vnd.pentaho.prptstyle+xml', true, 'file', ['prptstyle']);
	put('application/vnd.pentaho.metastore', false, 'notModelled', ['mzip']);
	return table;
}

/** NameBaseMimeResolver.extractExtension: the text after the last ".", the whole name without one; looked up case-sensitively. */
function mimeOf(table: Map<string, MimeInfo>, name: string | null): MimeInfo | undefined {
	if (name === null) return undefined;
	const dot = name.lastIndexOf('.');
	return table.get(dot === -1 ? name : name.slice(dot + 1));
}

/** The `extensions` list of importExport.xml: a new file's title is its name without one of these (RFIFH.getTitle). */
const KNOWN_EXTENSIONS = ['xanalyzer', 'prpti', 'prpt', 'xaction', 'xdash', 'kjb', 'ktr', 'xcdf', 'xmi', 'cda', 'xreportspec'];

function titleOf(name: string): string {
	const dot = name.lastIndexOf('.');
	return dot !== -1 && KNOWN_EXTENSIONS.includes(name.slice(dot + 1)) ? name.slice(0, dot) : name;
}

/* ---------- names (FileService.isValidFileName / isValidFolderName, non-strict, every version) ---------- */

// eslint-disable-next-line no-control-regex -- control characters are what is looked for
const CONTROL = /[\u0000-\u001f\u007f]/;

function javaTrim(text: string): string {
	// eslint-disable-next-line no-control-regex -- String.trim() removes every character up to U+0020
	return text.replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
}

function lenient(text: string): string {
	try {
		return javaUrlDecode(text);
	} catch {
		return text;
	}
}

/** Empty, leading/trailing whitespace (also once URL-decoded), a reserved character in any path segment, control characters. */
function validFileName(name: string, reserved: string): boolean {
	if (name === '' || javaTrim(name) !== name || javaTrim(lenient(name)) !== lenient(name)) return false;
	const segments = name.split(/[/\\]/);
	if (segments.some((segment) => [...reserved].some((c) => c !== '/' && c !== '\\' && segment.includes(c)))) return false;
	return !CONTROL.test(name) && !CONTROL.test(lenient(name));
}

/** RepositoryFilenameUtils.concat (commons-io FilenameUtils semantics, repository separators): an absolute name wins. */
function concat(base: string | null, name: string): string | null {
	if (name.startsWith('/')) return normalize(name);
	if (base === null) return null;
	if (name === '') return normalize(base);
	return normalize(base.endsWith('/') ? base + name : `${base}/${name}`);
}

function normalize(path: string): string {
	const parts: string[] = [];
	for (const part of path.split('/')) {
		if (part === '' || part === '.') continue;
		if (part === '..') parts.pop();
		else parts.push(part);
	}
	return '/' + parts.join('/');
}

/* ---------- the import log (L4J, HTML) ---------- */

const LEVELS: Record<string, number> = { OFF: 0, FATAL: 100, ERROR: 200, WARN: 300, INFO: 400, DEBUG: 500, TRACE: 600, ALL: Number.MAX_SAFE_INTEGER };

/** log4j2 Level.toLevel(name): the name in any case, DEBUG for anything else. */
function toLevel(name: string): string {
	const upper = name.trim().toUpperCase();
	return upper in LEVELS ? upper : 'DEBUG';
}

interface LogEvent {
	level: 'ERROR' | 'WARN' | 'INFO' | 'DEBUG' | 'TRACE';
	file: string | null;
	message: string;
	thrown?: string;
	time: number;
}

/** Java's Date.toString() in the server's time zone: "Thu Feb 26 11:04:19 UTC 2015". */
function javaDateString(ms: number, timeZone: string): string {
	const parts = Object.fromEntries(
		new Intl.DateTimeFormat('en-US', { timeZone, weekday: 'short', month: 'short', day: '2-digit', hour: '2-digit', minute: '2-digit', second: '2-digit', year: 'numeric', hourCycle: 'h23', timeZoneName: 'short' })
			.formatToParts(new Date(ms))
			.map((p) => [p.type, p.value]),
	);
	const zone = parts.timeZoneName === 'GMT' && timeZone === 'UTC' ? 'UTC' : parts.timeZoneName;
	return `${parts.weekday} ${parts.month} ${parts.day} ${parts.hour}:${parts.minute}:${parts.second} ${zone} ${parts.year}`;
}

function logDate(ms: number, timeZone: string): string {
	const w = wallOf(ms, timeZone);
	const two = (n: number) => String(n).padStart(2, '0');
	return `${two(w.month)}/${two(w.day)}/${w.year} ${two(w.hour)}:${two(w.minute)}:${two(w.second)}`;
}

/** log4j2 Transform.escapeHtmlTags: & < > " (null written as "null"). */
function esc(text: string | null): string {
	return text === null ? 'null' : escapeXml(text, 'noApostrophe');
}

class ImportLog {
	readonly events: LogEvent[] = [];
	currentFile: string | null;
	private readonly threshold: number;
	readonly started: number;

	constructor(
		readonly level: string,
		readonly root: string | null,
		private readonly now: () => number,
	) {
		this.threshold = LEVELS[level];
		this.currentFile = root;
		this.started = now();
	}

	log(level: LogEvent['level'], message: string, thrown?: string): void {
		if (LEVELS[level] > this.threshold) return;
		this.events.push({ level, file: this.currentFile, message, thrown, time: this.now() });
	}

	/**
	 * The answer's body: the layout's header, a row per event, the footer. Until [BISERVER-15566] "import response is invalid
	 * html" (10.2 line @112fd0947c, first tag 10.2.0.10-430; 11.0 line @f9cf2a87e6, first tag 11.0.0.3-305; main line
	 * @4db23343d8, 11.1.0.0-344) Log4JRepositoryImportLog.endJob writes the footer straight to the stream and then removes the
	 * appender, whose writer writes the footer again and flushes what it buffered: the header (buffered until the first row
	 * flushes it) and the second footer. So with rows: header, rows, footer, footer; without: footer, header, footer.
	 */
	render(profile: Profile, timeZone: string): string {
		const showTime = LEVELS.DEBUG <= this.threshold && this.level !== 'OFF';
		const nl = '\n';
		const header =
			`<!DOCTYPE HTML PUBLIC "-//W3C//DTD HTML 4.01 Transitional//EN" "http://www.w3.org/TR/html4/loose.dtd">${nl}<html>${nl}<head>${nl}<title>Repository Import Log</title>${nl}` +
			`<style type="text/css">${nl}<!--${nl}body, table {font-family: arial,sans-serif; font-size: x-small;}${nl}th {background: #336699; color: #FFFFFF; text-align: left;}${nl}-->${nl}</style>${nl}</head>${nl}` +
			`<body bgcolor="#FFFFFF" topmargin="6" leftmargin="6" style="font-family: arial,sans-serif; font-size: x-small">${nl}<hr size="1" noshade>${nl}` +
			`Log session start time ${javaDateString(this.started, timeZone)}<br>${nl}<br>${nl}` +
			`<table cellspacing="0" cellpadding="4" border="1" bordercolor="#224466" width="100%">${nl}<tr style="background: #336699; color: #FFFFFF; text-align: left">${nl}` +
			(showTime ? `<th>Time</th>${nl}` : '') +
			`<th>Import File</th>${nl}<th>Level</th>${nl}` +
			(showTime ? `<th>File:Line</th>${nl}` : '') +
			`<th>Message</th>${nl}</tr>${nl}`;
		const rows = this.events.map((event) => {
			let row = '';
			// The layout opens the row with <tr> only in its time branch (DEBUG and finer): at INFO/ERROR the rows have no <tr>.
			if (showTime) row += `${nl}<tr>${nl}<td>${esc(logDate(event.time, timeZone))}</td>${nl}`;
			row += `<td title="importFile">${esc(event.file)}</td>${nl}`;
			const level =
				event.level === 'DEBUG' ? `<font color="#339933">DEBUG</font>` : event.level === 'WARN' || event.level === 'ERROR' ? `<font color="#993300"><strong>${event.level}</strong></font>` : event.level;
			row += `<td title="Level">${level}</td>${nl}`;
			if (showTime) row += `<td>Log4JRepositoryImportLogger.java:0</td>${nl}`;
			row += `<td title="Message">${esc(event.message).replace(/\n/g, '<br />')}</td>${nl}</tr>${nl}`;
			// slf4j's MDC is log4j2's ThreadContext (log4j-slf4j-impl in the webapp): the currentFile entry shows as a context row.
			if (event.file !== null) row += `<tr><td bgcolor="#EEEEEE" style="font-size : smaller;" colspan="6" title="Mapped Diagnostic Context">MDC: {currentFile=${esc(event.file)}}</td></tr>${nl}`;
			if (event.thrown !== undefined) row += `<tr><td bgcolor="#993300" style="color:White; font-size : xx-small;" colspan="6">${esc(event.thrown)}${nl}</td></tr>${nl}`;
			return row;
		});
		const footer = `</table>${nl}<br>${nl}</body></html>`;
		const fixed = since(profile, '10.2.0.10-430', '11.1.0.0-344') || (profile.atLeast('11.0') && profile.before('11.1') && profile.atLeast('11.0.0.3-305'));
		if (fixed) return header + rows.join('') + footer;
		return rows.length === 0 ? footer + header + footer : header + rows.join('') + footer + footer;
	}
}

/* ---------- the import ---------- */

/** PlatformImportException and friends, as the log writes them (message, and the exception's toString()). */
class ImportFailure extends Error {
	constructor(
		message: string,
		readonly thrown: string,
	) {
		super(message);
	}
}

function platformImportException(message: string): ImportFailure {
	return new ImportFailure(message, `org.pentaho.platform.plugin.services.importer.PlatformImportException: ${message}`);
}

/** The repository denied a write: PPI logs it and rethrows `new UnifiedRepositoryAccessDeniedException()` → RIR → 500. */
class AccessDenied extends Error {}

/** 11.0.0.0-79+: SIH's PUBLISH_PARTIAL_UPLOAD, which PPI rethrows and RIR answers with INVALID_MIME_TYPE_PARTIAL. */
class PartialUpload extends Error {}

interface Upload {
	file?: string;
	data?: Buffer;
	filename?: string;
}

interface Options {
	overwrite: boolean;
	applyAcl: boolean;
	overwriteAcl: boolean;
	retainOwnership: boolean;
}

interface Bundle {
	/** Folder (path) the bundle goes into, and its name (a folder bundle of a zip: the relative folder path). */
	path: string | null;
	name: string;
	folder: boolean;
	content?: Buffer;
	hidden?: boolean;
	acl?: ManifestEntity;
	metadata?: Record<string, string>;
	locales?: Record<string, Record<string, string>>;
	/** Manifest key of the bundle (ImportSession currentManifestKey). */
	manifestKey?: string;
}

class ImportRun {
	readonly implicitFolders = new Set<string>();
	manifest?: Map<string, ManifestEntity>;
	private readonly table: Map<string, MimeInfo>;

	constructor(
		readonly area: RepositoryArea,
		readonly user: EmulatorUser,
		readonly log: ImportLog,
		readonly options: Options,
		readonly profile: Profile,
		readonly tempDir: string,
	) {
		this.table = mimeTable(profile);
	}

	private get repo() {
		return this.area.repo;
	}

	mime(name: string | null): MimeInfo | undefined {
		return mimeOf(this.table, name);
	}

	/**
	 * PPI.importFile: logs the file (setCurrentFilePath; 9.3/10.2 before the [BISERVER-15169] logging change: INFO "Start File
	 * Import" and DEBUG <name>; from it — 10.2.0.2-290, 10.3.0.0-200 (@ab03dbb3d7 / @e47e4a28ab) — DEBUG "Starting import of file
	 * <name>"), hands the bundle to its handler and, while the import log runs, LOGS and swallows what fails: only an access
	 * denial (rethrown as UnifiedRepositoryAccessDeniedException) and 11.x's partial upload leave it.
	 */
	async importBundle(bundle: Bundle, info: MimeInfo | undefined): Promise<void> {
		const filePath = concat(bundle.path, bundle.name);
		if (filePath !== null) {
			this.log.currentFile = filePath;
			if (since(this.profile, '10.2.0.2-290', '10.3.0.0-200')) {
				this.log.log('DEBUG', `Starting import of file ${bundle.name}`);
			} else {
				this.log.log('INFO', 'Start File Import');
				this.log.log('DEBUG', bundle.name);
			}
		}
		try {
			if (bundle.folder) await this.importFolder(bundle, filePath);
			else if (info?.kind === 'zip') await this.importZip(bundle);
			else if (info?.kind === 'notModelled') return;
			else await this.importFile(bundle, filePath, info);
		} catch (error) {
			if (error instanceof AccessDenied || error instanceof PartialUpload) {
				if (error instanceof AccessDenied) this.log.log('ERROR', 'Could not import: General Error : Access denied', 'org.pentaho.platform.plugin.services.importer.PlatformImportException: Could not import: General Error : Access denied');
				throw error;
			}
			const failure = error instanceof ImportFailure ? error : platformImportException(`Could not import: General Error : ${(error as Error).message}`);
			// No active log for a null path (a missing importDir): PPI rethrows instead → RIR → 500.
			if (filePath === null) throw failure;
			this.log.log('ERROR', failure.message, failure.thrown);
		}
	}

	/** RFIFH.validateName → FileService.isValidFileName / isValidFolderName (RFIFH@9.3.0.0-422 … @11.0.0.3-310). */
	private validateName(bundle: Bundle): void {
		if (validFileName(bundle.name, this.repo.reserved) && !(bundle.folder && ['.', '..'].includes(lenient(bundle.name.split('/').pop() ?? '')))) return;
		throw platformImportException(bundle.folder ? `Invalid folder name [${bundle.name}].` : `Invalid file name [${bundle.name}].`);
	}

	/**
	 * RFIFH.checkAndCreatePath / createFolderJustInTime: the missing folders of a path are created, owned by the importing user,
	 * hidden only when the manifest says so, with the manifest's ACL when there is one; any failure → "Could not create folder
	 * <the file's path>" (PlatformImportException without cause: logged, the import goes on).
	 */
	private ensureParent(filePath: string): RepoNode {
		const parentPath = parentPathOf(filePath);
		const existing = this.repo.find(parentPath);
		if (existing?.folder) return existing;
		const nearest = this.repo.nearestAncestor(parentPath);
		if (existing || !this.repo.permitted(this.user, nearest, WRITE)) throw platformImportException(`Could not create folder ${filePath}`);
		let node: RepoNode;
		try {
			node = this.repo.mkdirs(parentPath, this.user, false);
		} catch {
			throw platformImportException(`Could not create folder ${filePath}`);
		}
		const created: string[] = [];
		for (let folder: RepoNode | undefined = node; folder && folder !== nearest; folder = folder.parent) created.unshift(this.repo.pathOf(folder));
		for (const path of created) {
			this.implicitFolders.add(path);
			this.log.log('TRACE', `Creating implied folder [${path}]`);
		}
		return node;
	}

	/** RFIFH.updateAcl: who owns the file and whose entries it gets, from the manifest entity and the session's flags. */
	private applyAcl(node: RepoNode, isNew: boolean, entity: ManifestEntity | undefined, original: Acl): void {
		this.log.log('DEBUG', isNew ? 'File is new' : 'File already exists');
		if (!entity || !(this.options.applyAcl || !this.options.retainOwnership)) return;
		let owner: string;
		if (this.options.retainOwnership) {
			this.log.log('DEBUG', isNew ? 'Getting Owner from Session' : 'Getting Owner from existing file');
			owner = isNew ? this.user.name : original.owner;
		} else {
			this.log.log('DEBUG', 'Getting Owner from Manifest');
			owner = entity.owner;
		}
		let permissions: Pick<Acl, 'entriesInheriting' | 'aces'>;
		if (this.options.applyAcl && (this.options.overwriteAcl || isNew)) {
			this.log.log('DEBUG', 'Getting permissions from Manifest');
			permissions = { entriesInheriting: entity.entriesInheriting, aces: entity.aces.map((a) => ({ ...a, permissions: [...a.permissions] })) };
		} else if (isNew) {
			this.log.log('DEBUG', 'Getting permissions from default settings');
			permissions = { entriesInheriting: true, aces: [] };
		} else {
			this.log.log('DEBUG', 'Getting permissions from existing file');
			permissions = original;
		}
		node.acl = { owner, ownerType: 0, entriesInheriting: permissions.entriesInheriting, aces: permissions.aces };
	}

	private applyExtras(node: RepoNode, bundle: Bundle, isNew: boolean): void {
		if (bundle.metadata && Object.keys(bundle.metadata).length > 0) {
			this.log.log('DEBUG', isNew ? 'Apply extra meta data to file that is new' : 'Apply extra meta data to file that already exists');
			node.metadata = { ...bundle.metadata };
		}
		for (const [locale, properties] of Object.entries(bundle.locales ?? {})) node.locales.set(locale, { ...(node.locales.get(locale) ?? {}), ...properties });
	}

	/** RFIFH.importFile for a folder bundle (a zip's folder entries). */
	private async importFolder(bundle: Bundle, path: string | null): Promise<void> {
		if (path === null) throw new Error('null');
		this.log.log('TRACE', `Processing [${path}]`);
		this.validateName(bundle);
		const existing = this.repo.find(path);
		if (existing) {
			if (existing.folder && this.implicitFolders.has(path)) {
				this.log.log('TRACE', `Skipping entry for folder [${path}]. It was already processed implicitly.`);
				return;
			}
			if (!this.options.overwrite) {
				this.log.log('TRACE', `Not performing backup of existing file [${path}]`);
				return;
			}
			if (!existing.folder) return;
			this.log.log('TRACE', `Existing folder [${path}]`);
			if (!this.repo.permitted(this.user, existing, WRITE)) throw new AccessDenied();
			if (bundle.hidden !== undefined) existing.hidden = bundle.hidden;
			if (bundle.acl) this.applyAcl(existing, false, bundle.acl, existing.acl);
			this.applyExtras(existing, bundle, false);
			return;
		}
		this.log.log('TRACE', `Creating folder [${path}]`);
		const nearest = this.repo.nearestAncestor(parentPathOf(path));
		if (!this.repo.permitted(this.user, nearest, WRITE)) throw new AccessDenied();
		let node: RepoNode;
		try {
			node = this.repo.mkdirs(path, this.user, false);
		} catch (error) {
			throw new Error((error as Error).message);
		}
		node.hidden = bundle.hidden ?? false;
		if (bundle.acl) {
			node.acl = { owner: bundle.acl.owner, ownerType: 0, entriesInheriting: bundle.acl.entriesInheriting, aces: bundle.acl.aces.map((a) => ({ ...a })) };
			this.applyAcl(node, true, bundle.acl, node.acl);
		}
		this.applyExtras(node, bundle, true);
	}

	/** RFIFH.importFile / copyFileToRepository / createFile / updateFile for a file bundle (PDIImportFileHandler for kjb/ktr). */
	private async importFile(bundle: Bundle, path: string | null, info: MimeInfo | undefined): Promise<void> {
		if (path === null) throw new Error('null');
		this.log.log('TRACE', `Processing [${path}]`);
		this.validateName(bundle);
		const existing = this.repo.find(path);
		const hidden = bundle.hidden ?? info?.hidden ?? false;
		if (existing) {
			if (existing.folder && this.implicitFolders.has(path)) return;
			if (!this.options.overwrite) {
				// ImportSession.getIsNotRunningImport() is false while the import logger runs: skipped, no error.
				this.log.log('TRACE', `Not performing backup of existing file [${path}]`);
				return;
			}
			if (existing.folder) {
				this.log.log('TRACE', `Existing folder [${path}]`);
				return;
			}
		} else {
			this.log.log('TRACE', `Creating file [${path}]`);
		}
		if (bundle.content === undefined) throw platformImportException('Could not import: General Error : null');
		this.log.log('TRACE', `Copying file [${bundle.name}] to the repository`);
		// StreamToTransNodeConverter / StreamToJobNodeConverter (pentaho-kettle pur plugin): XML that does not parse gives no
		// data, and the repository refuses to store none.
		if (info?.kind === 'pdi' && XMLValidator.validate(bundle.content.toString('utf8')) !== true) {
			throw platformImportException('Could not import: General Error : null');
		}
		if (existing) {
			if (!this.repo.permitted(this.user, existing, WRITE)) throw new AccessDenied();
			const original = { ...existing.acl };
			await this.repo.writeFile(path, bundle.content, this.user, { checkPermissions: false });
			existing.hidden = hidden;
			this.applyAcl(existing, false, bundle.acl, original);
			this.applyExtras(existing, bundle, false);
			return;
		}
		const parent = this.ensureParent(path);
		if (!this.repo.permitted(this.user, parent, WRITE)) throw new AccessDenied();
		const node = await this.repo.writeFile(path, bundle.content, this.user, { checkPermissions: false });
		node.hidden = hidden;
		node.locales.set('default', { ...(node.locales.get('default') ?? {}), 'file.title': titleOf(bundle.name) });
		if (bundle.acl) node.acl = { owner: bundle.acl.owner, ownerType: 0, entriesInheriting: bundle.acl.entriesInheriting, aces: bundle.acl.aces.map((a) => ({ ...a })) };
		this.applyAcl(node, true, bundle.acl, node.acl);
		this.applyExtras(node, bundle, true);
	}

	/**
	 * SIH.importFile (processZip, importRepositoryFilesAndFolders): the entries in zip order; files whose type is not registered
	 * are left out (11.0.0.0-79+ then answers INVALID_MIME_TYPE_PARTIAL: [BACKLOG-43889] @154a2720f9); an entry name that is not
	 * valid stops the whole zip (two ERROR rows, nothing imported); "exportManifest.xml" (at any depth) is the manifest. With a
	 * manifest, folder entries it does not list are skipped, and ACLs, hidden flags and metadata come from it per the flags.
	 */
	private async importZip(bundle: Bundle): Promise<void> {
		const zip = bundle.content ?? Buffer.alloc(0);
		const file = join(this.tempDir, `import-${randomUUID()}.zip`);
		await fsp.writeFile(file, zip);
		try {
			let entries;
			try {
				entries = await listZip(file);
			} catch (error) {
				if (!(error instanceof ZipReadError)) throw error;
				// ZipInputStream reads local headers: data that does not start like a zip has no entry (nothing, no error); a
				// damaged zip fails while reading (processZip logs it and imports nothing).
				if (zip.length >= 4 && zip.readUInt32LE(0) === 0x04034b50) {
					this.log.log('ERROR', 'ZIPFILE.ExceptionOccurred - Exception occurred when processing Zip: ', 'java.util.zip.ZipException: invalid zip file');
				}
				return;
			}
			const partialCheck = this.profile.atLeast('11.0.0.0-79');
			let partial = false;
			let manifestXml: string | undefined;
			const files: Array<{ name: string; parent: string; folder: boolean; content?: Buffer }> = [];
			for (const entry of entries) {
				const entryName = entry.name.replace(/\\/g, '/');
				this.log.log('DEBUG', `Processing [${entryName}]`);
				const folder = entryName.endsWith('/');
				const decoded = javaUrlDecode(entryName);
				if (!folder && !this.mime(entryName)) {
					partial = true;
					continue;
				}
				if (!validFileName(decoded.replace(/\/$/, ''), this.repo.reserved)) {
					this.log.log('ERROR', `Invalid file name [${decoded}].`);
					this.log.log(
						'ERROR',
						'ZIPFILE.ExceptionOccurred - Exception occurred when processing Zip: ',
						`org.pentaho.platform.plugin.services.importer.PlatformImportException: ${folder ? `Invalid folder name [${entryName}].` : `Invalid file name [${entryName}].`}`,
					);
					return;
				}
				const trimmed = entryName.replace(/\/$/, '');
				const name = trimmed.slice(trimmed.lastIndexOf('/') + 1);
				const parent = trimmed.includes('/') ? `${trimmed.slice(0, trimmed.lastIndexOf('/'))}/` : '/';
				if (name === 'exportManifest.xml') {
					manifestXml = (await readZipEntry(file, entry)).toString('utf8');
					continue;
				}
				files.push({ name, parent, folder, content: folder ? undefined : await readZipEntry(file, entry) });
			}
			let manifestVersion = false;
			if (manifestXml !== undefined) {
				try {
					this.manifest = indexManifest(parseManifest(manifestXml));
					manifestVersion = /manifestVersion\s*=/.test(manifestXml);
				} catch {
					this.log.log('TRACE', 'The manifest could not be read');
				}
			}
			const root = bundle.path;
			for (const entry of files) {
				const fileName = manifestVersion ? javaUrlDecode(entry.name) : entry.name;
				const parent = manifestVersion ? javaUrlDecode(entry.parent) : entry.parent;
				const relativeParent = parent === '/' ? '' : parent.replace(/^\//, '');
				const key = relativeParent + fileName;
				const entity = this.manifest?.get(key.replace(/\/$/, ''));
				if (this.manifest && !entity && entry.folder) continue;
				const existing = concat(root, key) === null ? undefined : this.repo.find(concat(root, key)!);
				const useManifest = !!entity && (!existing || this.options.applyAcl || !this.options.retainOwnership);
				const hidden = useManifest ? entity!.hidden : existing ? existing.hidden : (this.mime(key)?.hidden ?? false);
				const aclEntity = this.options.applyAcl || !this.options.retainOwnership ? entity : undefined;
				const sub: Bundle = entry.folder
					? { path: root, name: key, folder: true, hidden, acl: aclEntity, metadata: entity?.metadata, locales: entity?.locales, manifestKey: key }
					: {
							path: concat(root, relativeParent.replace(/\/$/, '')),
							name: fileName,
							folder: false,
							content: entry.content,
							hidden,
							acl: aclEntity,
							metadata: entity?.metadata,
							locales: entity?.locales,
							manifestKey: key,
						};
				await this.importBundle(sub, entry.folder ? undefined : this.mime(fileName));
			}
			if (partial && partialCheck) {
				this.log.log('ERROR', 'Some files have invalid mime types', 'org.pentaho.platform.plugin.services.importer.PlatformImportException: Some files have invalid mime types');
				throw new PartialUpload();
			}
		} finally {
			await fsp.rm(file, { force: true });
		}
	}
}

/** Manifest entities by their key in the zip (the path relative to the export's root). */
function indexManifest(entities: ManifestEntity[]): Map<string, ManifestEntity> {
	let base: string | undefined;
	for (const entity of entities) {
		if (entity.file && entity.path.endsWith(`/${entity.file}`)) {
			base = entity.path.slice(0, entity.path.length - entity.file.length - 1);
			break;
		}
	}
	const index = new Map<string, ManifestEntity>();
	for (const entity of entities) {
		if (entity.file) index.set(entity.file, entity);
		else {
			const relative = base !== undefined && entity.path.startsWith(`${base}/`) ? entity.path.slice(base.length + 1) : entity.path.replace(/^\//, '');
			index.set(relative, entity);
		}
	}
	return index;
}

/** Java's String.split(","): trailing empty strings dropped, "" stays [""]. */
function javaSplit(text: string): string[] {
	const parts = text.split(',');
	if (parts.length === 1) return parts;
	while (parts.length > 0 && parts[parts.length - 1] === '') parts.pop();
	return parts;
}

export function registerImportRoutes(area: RepositoryArea, tempDir: string): void {
	const { app, repo } = area;
	const profile = app.profile;

	/** 500 from RIR's catch-all: `Response.serverError().entity(e.toString())`, @Produces text/html. */
	const serverError = (exception: string) => new EmulatorHttpError(500, exception, { body: exception, contentType: 'text/html' });

	/**
	 * SU.canUpload as RIR.validateImportAccess calls it. Up to 10.2.0.6-365 / 11.0.0.0-71 (9.3, 10.2 GA): Read + Create Content
	 * and (Administer Security or Publish), else a non-empty import dir that merely CONTAINS the user's home path (with Create
	 * and Read). [PPP-5780] (@e28a3bc075 10.2.0.6-366, @2575d6e476 11.0.0.0-72): Read + Create first, the dir must be an
	 * existing folder the user may write, then admin, Publish, or the home folder (equal or below). [BACKLOG-46586]
	 * (@0921117bef 10.2.0.7-380, @b7436229d8 11.0.0.0-164): the import passes ignoreUploadDirExistenceChecks=true and skips
	 * the folder check again. The emulator's actions: repository/request.ts (mayCreateContent, mayPublish).
	 */
	const canUpload = (user: EmulatorUser, dir: string | null): boolean => {
		const create = mayCreateContent(user);
		const publish = user.admin || mayPublish(repo, user);
		const home = `/home/${user.name}`;
		if (!since(profile, '10.2.0.6-366', '11.0.0.0-72')) {
			if (create && publish) return true;
			return dir !== null && dir !== '' && dir.includes(home) && create;
		}
		if (!create) return false;
		if (!since(profile, '10.2.0.7-380', '11.0.0.0-164') && dir !== null && dir !== '') {
			const node = repo.find(dir);
			if (!node || !node.folder || !repo.permitted(user, node, WRITE)) return false;
		}
		return publish || (dir !== null && dir !== '' && (dir === home || dir.startsWith(`${home}/`)));
	};

	async function readMultipart(ctx: RequestContext): Promise<{ fields: Record<string, string>; uploads: Upload[] }> {
		const fields: Record<string, string> = {};
		const uploads: Upload[] = [];
		let parser: busboy.Busboy;
		try {
			parser = busboy({ headers: ctx.req.headers });
		} catch {
			throw EmulatorHttpError.bare(400);
		}
		const writes: Array<Promise<void>> = [];
		await new Promise<void>((resolve, reject) => {
			parser.on('file', (name, stream, info) => {
				if (name !== 'fileUpload') {
					stream.resume();
					return;
				}
				const file = join(tempDir, `import-${randomUUID()}`);
				uploads.push({ file, filename: info.filename });
				writes.push(pipeline(stream, createWriteStream(file)));
			});
			// @FormDataParam String takes the first part of a name. A fileUpload part without a file name is still the upload.
			parser.on('field', (name, value) => {
				if (name === 'fileUpload') uploads.push({ data: Buffer.from(value, 'utf8') });
				else if (!(name in fields)) fields[name] = value;
			});
			parser.on('close', () => resolve());
			parser.on('error', () => reject(EmulatorHttpError.bare(400)));
			ctx.req.pipe(parser);
		});
		await Promise.all(writes);
		return { fields, uploads };
	}

	/**
	 * RIR.doPostImport (9.3: one file; 10.2.0.0-119+: doPostImportCommon over the names of fileNameOverride, [BISERVER-11359]
	 * @f2bcf2030b) — see the top of this file for the answers.
	 */
	const handle = (multiple: boolean) => async (ctx: RequestContext) => {
		const user = ctx.user!;
		const type = String(ctx.req.headers['content-type'] ?? '').toLowerCase();
		if (!type.startsWith('multipart/form-data')) throw EmulatorHttpError.bare(415);
		const { fields, uploads } = await readMultipart(ctx);
		try {
			const importDir = fields.importDir ?? null;
			let charSet = fields.charSet ?? '';
			if (charSet.trim() === '') charSet = 'UTF-8';
			if (!canUpload(user, importDir)) throw serverError('org.pentaho.platform.api.engine.PentahoAccessControlException: User is not authorized to perform this operation');
			const options: Options = {
				overwrite: fields.overwriteFile !== 'false',
				overwriteAcl: fields.overwriteAclPermissions === 'true',
				applyAcl: fields.applyAclPermissions === 'true',
				retainOwnership: fields.retainOwnership === 'true',
			};
			// "Non-admins cannot process a manifest" (FileService.doCanAdminister).
			if (!user.admin) {
				options.applyAcl = false;
				options.retainOwnership = true;
			}
			const logLevel = fields.logLevel === undefined || fields.logLevel === '' ? 'ERROR' : toLevel(fields.logLevel);
			const newLogging = since(profile, '10.2.0.2-290', '10.3.0.0-200');
			const startLog = () => {
				const log = new ImportLog(logLevel, importDir, () => app.now());
				log.log('INFO', 'Start Import Job');
				return log;
			};
			const finish = (log: ImportLog) => {
				log.currentFile = importDir;
				// 9.3/10.2 before the logging change log "End Import Job" before ending; afterwards it comes after the appender is gone.
				if (!newLogging) log.log('INFO', 'End Import Job');
				const bytes = Buffer.from(log.render(profile, app.options.serverTimeZone), 'utf8');
				// RIR: importLoggerStream.toString(charSet) — UTF-8 bytes read in the request's charSet (unknown: the default).
				const text = /^(iso-8859-1|latin1|us-ascii|ascii)$/i.test(charSet) ? bytes.toString('latin1') : bytes.toString('utf8');
				ctx.send(200, text, 'text/html');
			};
			const content = async (upload: Upload | undefined) => (upload?.file ? await fsp.readFile(upload.file) : upload?.data);

			if (profile.before('10.2.0.0-119')) {
				// RIR@9.3.0.0-422: the name is fileNameOverride or the upload's file name; an unknown type answers before the log starts.
				if (fields.fileNameOverride === undefined && uploads.length === 0) throw serverError('java.lang.NullPointerException');
				const name = fields.fileNameOverride ?? uploads[0]?.filename ?? null;
				const run = new ImportRun(area, user, startLog(), options, profile, tempDir);
				const info = run.mime(name);
				if (!info) return ctx.send(200, 'INVALID_MIME_TYPE', 'text/html');
				try {
					await run.importBundle({ path: importDir, name, folder: false, content: await content(uploads[0]) }, info);
				} catch (error) {
					if (error instanceof AccessDenied) throw serverError('org.pentaho.platform.api.repository2.unified.UnifiedRepositoryAccessDeniedException');
					if (error instanceof ImportFailure) throw serverError(error.thrown);
					throw error;
				}
				return finish(run.log);
			}

			const run = new ImportRun(area, user, startLog(), options, profile, tempDir);
			const override = fields.fileNameOverride;
			if (override === undefined) {
				throw serverError('java.lang.NullPointerException: Cannot invoke "String.split(String)" because "fileNameOverride" is null');
			}
			const names = javaSplit(override);
			const parts = multiple ? uploads : [uploads[0]];
			// URL-decoding of the names: [SP-7194] @7962bfbfaa (10.2.0.9-405), [SP-7193] @6f45708686 (11.0.0.2-276), @b835085682 (11.1).
			const decodeNames = profile.atLeast('11.1') ? profile.atLeast('11.1.0.0-108') : since(profile, '10.2.0.9-405', '11.0.0.2-276');
			for (let i = 0; i < names.length; i++) {
				if (i >= parts.length) throw serverError(`java.lang.IndexOutOfBoundsException: Index ${i} out of bounds for length ${parts.length}`);
				let name = names[i];
				if (decodeNames) {
					try {
						name = javaUrlDecode(name);
					} catch (error) {
						throw serverError(`java.lang.IllegalArgumentException: ${(error as Error).message}`);
					}
				}
				const info = run.mime(name);
				if (!info) return ctx.send(200, 'INVALID_MIME_TYPE', 'text/html');
				try {
					await run.importBundle({ path: importDir, name, folder: false, content: await content(parts[i]) }, info);
				} catch (error) {
					if (error instanceof PartialUpload) return ctx.send(200, 'INVALID_MIME_TYPE_PARTIAL', 'text/html');
					if (error instanceof AccessDenied) throw serverError('org.pentaho.platform.api.repository2.unified.UnifiedRepositoryAccessDeniedException');
					if (error instanceof ImportFailure) throw serverError(error.thrown);
					throw error;
				}
			}
			finish(run.log);
		} finally {
			for (const upload of uploads) if (upload.file) await fsp.rm(upload.file, { force: true });
		}
	};

	app.server.add('POST', `${FILES}/import`, guarded(handle(false)), { format: 'text' });
	if (profile.atLeast('10.2.0.0-119')) app.server.add('POST', `${FILES}/import/multiple`, guarded(handle(true)), { format: 'text' });
}
