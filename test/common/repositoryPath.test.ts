import {
	baseName,
	encodePathId,
	normalizePath,
	pathIdSegment,
	pathSegments,
	RepositoryPathError,
	toPathId,
} from '../../nodes/common/repositoryPath';
import { fromPathId } from '../helpers/pathIds';

describe('repository paths', () => {
	it('converts paths to path ids and back', () => {
		expect(toPathId('/home/admin/a b.ktr')).toBe(':home:admin:a b.ktr');
		expect(fromPathId(':home:admin:a b.ktr')).toBe('/home/admin/a b.ktr');
		expect(fromPathId('home:admin:a b.ktr')).toBe('/home/admin/a b.ktr');
		expect(toPathId('/')).toBe(':');
		expect(fromPathId(':')).toBe('/');
	});

	it('carries a colon inside a name as a tab, as the server decodes it (FileUtils.idToPath)', () => {
		expect(toPathId('/public/a:b.ktr')).toBe(':public:a\tb.ktr');
		expect(fromPathId(':public:a\tb.ktr')).toBe('/public/a:b.ktr');
		expect(pathIdSegment('/public/a:b')).toBe(':public:a%09b');
	});

	it('accepts one trailing slash', () => {
		expect(toPathId('/public/')).toBe(':public');
		expect(normalizePath('/public/')).toBe('/public');
	});

	it('encodes a path id as one URL segment, colons kept', () => {
		expect(encodePathId(':home:admin:a b&c?.ktr')).toBe(':home:admin:a%20b%26c%3F.ktr');
		expect(pathIdSegment('/home/admin/ä #1.ktr')).toBe(':home:admin:%C3%A4%20%231.ktr');
	});

	it.each([
		['', /is empty/],
		['   ', /is empty/],
		[undefined, /is empty/],
		[42, /is empty/],
		['home/admin', /must start with "\/"/],
		['/home//admin', /empty segment/],
		['/home/../etc', /may not contain "\.\." segments/],
		['/home/./x', /may not contain "\." segments/],
		['/home/a\tb', /contains a tab/],
		['//', /empty segment/],
		['/home/bad\uD800name', /broken Unicode character/],
	])('refuses %p', (input, message) => {
		expect(() => toPathId(input)).toThrow(RepositoryPathError);
		expect(() => toPathId(input)).toThrow(message);
	});

	it('refuses empty path ids and empty path id segments', () => {
		expect(() => fromPathId('')).toThrow(/Path id is empty/);
		expect(() => fromPathId(':a::b')).toThrow(/empty segment/);
	});

	it('knows the root, segments and base names', () => {
		expect(pathSegments('/a/b/c')).toEqual(['a', 'b', 'c']);
		expect(baseName('/home/admin/sales.ktr')).toBe('sales.ktr');
		expect(baseName('/public/')).toBe('public');
		expect(baseName('/')).toBe('');
	});

	it('names the field in messages', () => expect(() => toPathId('', 'Folder')).toThrow(/^Folder is empty/));
});
