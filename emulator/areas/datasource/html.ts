/**
 * commons-lang 2 `StringEscapeUtils.escapeHtml` / `unescapeHtml` as data-access's UtilHtmlSanitizer uses them on
 * connection names and fields (pentaho/data-access:core/src/main/java/org/pentaho/platform/dataaccess/datasource/wizard/service/impl/utils/UtilHtmlSanitizer.java@10.2.0.0-222,
 * the same commons-lang class at 9.3.0.0-R and 11.0.0.3-300; commons-text escapeHtml4 from HEAD, 11.1+).
 * Escaping: `"` `&` `<` `>` and every character above 0x7F (a named entity for Latin-1, `&#N;` otherwise;
 * commons-lang also has names for Greek letters and symbols, which the emulator writes as numbers).
 * Unescaping: the same names, `&#N;` and `&#xH;`; anything else is kept.
 */

const LATIN1_NAMES =
	'nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest ' +
	'Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave Uacute Ucirc Uuml Yacute THORN szlig ' +
	'agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute thorn yuml';

const NAME_BY_CODE = new Map<number, string>([
	[34, 'quot'],
	[38, 'amp'],
	[60, 'lt'],
	[62, 'gt'],
	...LATIN1_NAMES.split(' ').map((name, i) => [160 + i, name] as [number, string]),
]);
const CODE_BY_NAME = new Map([...NAME_BY_CODE].map(([code, name]) => [name, code]));

export function escapeHtml(text: string | null | undefined): string | null {
	if (text === null || text === undefined) return null;
	let out = '';
	// Java strings are UTF-16: a character outside the BMP is escaped as its two surrogates.
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i);
		const name = NAME_BY_CODE.get(code);
		if (name) out += `&${name};`;
		else if (code > 0x7f) out += `&#${code};`;
		else out += text[i];
	}
	return out;
}

export function unescapeHtml(text: string | null | undefined): string | null {
	if (text === null || text === undefined) return null;
	return text.replace(/&(#[xX][0-9a-fA-F]+|#[0-9]+|[A-Za-z][A-Za-z0-9]*);/g, (whole, entity: string) => {
		if (entity.startsWith('#')) {
			const code = /^#[xX]/.test(entity) ? parseInt(entity.slice(2), 16) : parseInt(entity.slice(1), 10);
			return Number.isFinite(code) && code <= 0xffff ? String.fromCharCode(code) : whole;
		}
		const code = CODE_BY_NAME.get(entity);
		return code === undefined ? whole : String.fromCharCode(code);
	});
}

/** UtilHtmlSanitizer.safeEscapeHtml: escape(unescape(text)), the form names are looked up by. */
export function safeEscapeHtml(text: string | null | undefined): string | null {
	return escapeHtml(unescapeHtml(text));
}
