/**
 * Kettle's reversible "Encrypted <hex>" password form (KettleTwoWayPasswordEncoder, default seed): the
 * node decodes it before writing a JDBC connection (issue 28, defect 8).
 */
import { decodeKettlePassword, encodeKettlePassword } from '../../nodes/DataSource/shared/kettlePassword';

describe('Kettle two-way password form', () => {
	it.each([
		// 'admin' is the value Kettle writes that its users quote most; 'abcd' was computed from the encoder's source (BigInteger XOR seed).
		['admin', 'Encrypted 2be98afc86aa7f2e4cb79ce71da9fa6d4'],
		['abcd', 'Encrypted 2be98afc86aa7f2e4cb79ce10df90acde'],
	])('%p ⇄ %p', (plain, encrypted) => {
		expect(encodeKettlePassword(plain)).toBe(encrypted);
		expect(decodeKettlePassword(encrypted)).toBe(plain);
	});

	it.each(['p@ss wörd', 'ünïcode first', 'x', '${DB_PASSWORD}'])('round-trips %p, a leading non-ASCII byte (negative hex) included', (plain) => {
		expect(decodeKettlePassword(encodeKettlePassword(plain))).toBe(plain);
	});

	it('leaves other values alone, decodes the empty form to "", and refuses what does not decode to text', () => {
		expect(decodeKettlePassword('plain secret')).toBeUndefined();
		expect(decodeKettlePassword('Encrypted ')).toBe('');
		expect(() => decodeKettlePassword('Encrypted 1')).toThrow(/does not decode with Kettle's standard key/);
		expect(() => decodeKettlePassword('Encrypted zz')).toThrow(/does not decode/);
	});
});
