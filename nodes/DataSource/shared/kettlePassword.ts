/**
 * Kettle's reversible password form, `Encrypted <hex>`, which data-access answers for a JDBC connection's
 * password when `nullify-password` is off and `encrypt-password` on (data-access JDBCDatasourceResource
 * `getConnection`). It is an obfuscation with a fixed, public key, not encryption: the hex is the password's
 * bytes as a big integer XOR the seed 0933910847463829827159347601486730416058
 * (pentaho-kettle core/src/main/java/org/pentaho/di/core/encryption/KettleTwoWayPasswordEncoder.java
 * `encryptPasswordInternal`/`decryptPasswordInternal`, `PASSWORD_ENCRYPTED_PREFIX = "Encrypted "`).
 *
 * The server stores whatever password it is sent and hands it to the connection pool as it is, so a password
 * copied from a read (`Encrypted 2be98…`) must be decoded before it is written, or the pool logs in with
 * that literal text. A server may use its own seed (KETTLE_TWO_WAY_PASSWORD_ENCODER_SEED) or encoder: a value
 * that does not decode to text is refused rather than sent.
 */
import { InputError } from '../../common/inputError';

export const ENCRYPTED_PREFIX = 'Encrypted ';
const SEED = BigInt('933910847463829827159347601486730416058');

/** Java's BigInteger.toByteArray(): the shortest big-endian two's-complement form, sign bit included. */
function javaBytes(value: bigint): Uint8Array {
	let bytes = 1;
	while (!(value >= -(1n << BigInt(8 * bytes - 1)) && value < 1n << BigInt(8 * bytes - 1))) bytes++;
	const unsigned = value < 0n ? (1n << BigInt(8 * bytes)) + value : value;
	const out = new Uint8Array(bytes);
	let rest = unsigned;
	for (let i = bytes - 1; i >= 0; i--) {
		out[i] = Number(rest & 0xffn);
		rest >>= 8n;
	}
	return out;
}

/** Java's `new BigInteger(bytes)`: big-endian two's complement. */
function fromJavaBytes(bytes: Uint8Array): bigint {
	if (bytes.length === 0) return 0n;
	let value = 0n;
	for (const byte of bytes) value = (value << 8n) | BigInt(byte);
	return bytes[0] & 0x80 ? value - (1n << BigInt(8 * bytes.length)) : value;
}

/** The plain text of an `Encrypted <hex>` value, or undefined when it is not in that form. Throws when the hex does not decode to text. */
export function decodeKettlePassword(value: string, what = 'The password'): string | undefined {
	if (!value.startsWith(ENCRYPTED_PREFIX)) return undefined;
	const hex = value.slice(ENCRYPTED_PREFIX.length).trim();
	if (hex === '') return '';
	const refuse = () =>
		new InputError(
			`${what} is in the server's "Encrypted …" form but does not decode with Kettle's standard key (the server may use its own encoder). Give the plain password instead; nothing was sent.`,
		);
	if (!/^-?[0-9a-fA-F]+$/.test(hex)) throw refuse();
	const negative = hex.startsWith('-');
	const magnitude = BigInt(`0x${negative ? hex.slice(1) : hex}`);
	const bytes = javaBytes((negative ? -magnitude : magnitude) ^ SEED);
	let text: string;
	try {
		text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
	} catch {
		throw refuse();
	}
	// eslint-disable-next-line no-control-regex
	if (/[\u0000-\u0008\u000e-\u001f]/.test(text)) throw refuse();
	return text;
}

/** The `Encrypted <hex>` form of a password, as Kettle writes it (used to check the decoder against the encoder). */
export function encodeKettlePassword(password: string): string {
	if (password === '') return ENCRYPTED_PREFIX;
	const value = fromJavaBytes(new TextEncoder().encode(password)) ^ SEED;
	return `${ENCRYPTED_PREFIX}${value.toString(16)}`;
}
