/**
 * Kettle's two-way password obfuscation as the server applies it to JDBC connection passwords, written
 * from pentaho/pentaho-kettle:core/src/main/java/org/pentaho/di/core/encryption/KettleTwoWayPasswordEncoder.java@6c41386
 * (the same algorithm in the 2024 BSL-licensed version read for 10.x/11.x) and Encr.java@0d8b77c:
 *
 * - encode (encryptPasswordInternal): null or "" → ""; otherwise the password's bytes (String.getBytes(),
 *   the JVM's default charset: UTF-8 here) read as ONE signed big-endian two's-complement integer
 *   (`new BigInteger(byte[])`), XOR the decimal seed 0933910847463829827159347601486730416058, written
 *   with BigInteger.toString(16): lowercase hex, no leading zeros, a '-' before the magnitude when negative
 *   (a password whose first byte is ≥ 0x80, such as one starting with 'é').
 * - decode (decryptPasswordInternal): null or "" → ""; parse the hex (sign allowed) as a BigInteger, XOR the
 *   seed, take toByteArray() (minimal two's complement) and decode the bytes; unparsable hex → "".
 * - the "Encrypted " prefix: encryptPasswordIfNotUsingVariables adds it unless the text uses a variable
 *   (`${…}` or `%%…%%`, StringUtil.getUsedVariables), in which case the text is kept as is;
 *   decryptPasswordOptionallyEncrypted decodes only text that starts with "Encrypted " and returns any
 *   other text unchanged.
 */

export const PASSWORD_ENCRYPTED_PREFIX = 'Encrypted ';

/** KettleTwoWayPasswordEncoder's default seed (the KETTLE_TWO_WAY_PASSWORD_ENCODER_SEED property can replace it). */
const SEED = BigInt('933910847463829827159347601486730416058');

function signedFromBytes(bytes: Uint8Array): bigint {
	let value = 0n;
	for (const byte of bytes) value = (value << 8n) | BigInt(byte);
	if (bytes.length > 0 && bytes[0] >= 0x80) value -= 1n << BigInt(bytes.length * 8);
	return value;
}

/** BigInteger.toByteArray(): the fewest bytes that hold the value and its sign bit. */
function bytesFromSigned(value: bigint): Buffer {
	let length = 1;
	while (value < -(1n << BigInt(length * 8 - 1)) || value >= 1n << BigInt(length * 8 - 1)) length++;
	const unsigned = value < 0n ? value + (1n << BigInt(length * 8)) : value;
	const out = Buffer.alloc(length);
	let rest = unsigned;
	for (let i = length - 1; i >= 0; i--) {
		out[i] = Number(rest & 0xffn);
		rest >>= 8n;
	}
	return out;
}

/** encryptPasswordInternal (Encr.encryptPassword): the hex without the prefix. */
export function kettleEncode(password: string | null | undefined): string {
	if (password === null || password === undefined || password.length === 0) return '';
	const value = signedFromBytes(Buffer.from(password, 'utf8')) ^ SEED;
	return value < 0n ? `-${(-value).toString(16)}` : value.toString(16);
}

/** decryptPasswordInternal: the password from the hex (without the prefix); "" when it is not hex. */
export function kettleDecode(hex: string | null | undefined): string {
	if (hex === null || hex === undefined || hex.length === 0) return '';
	if (!/^[-+]?[0-9a-fA-F]+$/.test(hex)) return '';
	const negative = hex.startsWith('-');
	const magnitude = BigInt(`0x${hex.replace(/^[-+]/, '')}`);
	const value = (negative ? -magnitude : magnitude) ^ SEED;
	return bytesFromSigned(value).toString('utf8');
}

/** StringUtil.getUsedVariables: whether the text holds a `${name}` or `%%name%%` variable. */
export function usesVariables(text: string | null | undefined): boolean {
	if (!text) return false;
	for (const [open, close] of [
		['${', '}'],
		['%%', '%%'],
	]) {
		for (let p = 0; p < text.length; p++) {
			if (!text.startsWith(open, p)) continue;
			const from = p + open.length;
			// Kettle looks for the close from one character past the name's start.
			if (text.indexOf(close, from + 1) >= 0) return true;
		}
	}
	return false;
}

/** Encr.encryptPasswordIfNotUsingVariables: how DatabaseHelper stores a password in the repository. */
export function encryptPasswordIfNotUsingVariables(password: string | null | undefined): string {
	if (usesVariables(password)) return password as string;
	return PASSWORD_ENCRYPTED_PREFIX + kettleEncode(password);
}

/** Encr.decryptPasswordOptionallyEncrypted: how DatabaseHelper reads a stored password back. */
export function decryptPasswordOptionallyEncrypted(stored: string | null | undefined): string | null {
	if (stored === null || stored === undefined) return null;
	if (stored.length > 0 && stored.startsWith(PASSWORD_ENCRYPTED_PREFIX)) return kettleDecode(stored.slice(PASSWORD_ENCRYPTED_PREFIX.length));
	return stored;
}
