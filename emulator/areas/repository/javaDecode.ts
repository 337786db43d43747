/**
 * `java.net.URLDecoder.decode(text, UTF-8)`, which the real server applies a second time to some
 * values the servlet container has already decoded: the `pathId` query of `/exists`
 * (pentaho-platform:extensions/.../resources/FileResource.java `doesFileExists`@727e5c86, 10.3+) and
 * the names of folders that createDir creates (extensions/.../services/FileService.java
 * `doCreateDirFor` → `decode`, 9.3.0.0-422 to 727e5c86). "+" becomes a space, runs of "%xx" are
 * UTF-8 bytes, and a "%" not followed by two hex digits is an IllegalArgumentException.
 */
export class JavaDecodeError extends Error {}

export function javaUrlDecode(text: string): string {
	let out = '';
	let i = 0;
	while (i < text.length) {
		const c = text[i];
		if (c === '+') {
			out += ' ';
			i++;
		} else if (c === '%') {
			const bytes: number[] = [];
			while (i < text.length && text[i] === '%') {
				const hex = text.slice(i + 1, i + 3);
				if (!/^[0-9a-fA-F]{2}$/.test(hex)) throw new JavaDecodeError(`URLDecoder: Illegal hex characters in escape (%) pattern - ${hex}`);
				bytes.push(parseInt(hex, 16));
				i += 3;
			}
			out += Buffer.from(bytes).toString('utf8');
		} else {
			out += c;
			i++;
		}
	}
	return out;
}

/** FileService.decode: the decoded text, or the text itself when it cannot be decoded. */
export function lenientDecode(text: string): string {
	try {
		return javaUrlDecode(text);
	} catch {
		return text;
	}
}

/**
 * `java.net.URLEncoder.encode(text, UTF-8)` with "+" turned into "%20" afterwards, as FileService.makeEncodedFileName
 * and HttpMimeTypeListener.buildContentDispositionValue do (pentaho-platform:extensions/.../servlet/HttpMimeTypeListener.java@10.2.0.10-434):
 * letters, digits and ". - * _" stay, everything else is %XX of its UTF-8 bytes (upper-case hex).
 */
export function javaUrlEncode(text: string): string {
	let out = '';
	for (const byte of Buffer.from(text, 'utf8')) {
		const c = String.fromCharCode(byte);
		if (/[A-Za-z0-9.\-*_]/.test(c)) out += c;
		else if (c === ' ') out += '%20';
		else out += `%${byte.toString(16).toUpperCase().padStart(2, '0')}`;
	}
	return out;
}
