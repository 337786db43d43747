/**
 * The README stays a page (issue 30): at most 15 kB, a table of contents whose links land on its own
 * headings, a Troubleshooting section, and every relative link pointing at a file of the repository.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const readme = readFileSync(path.join(root, 'README.md'), 'utf8');

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
function anchor(heading: string): string {
	return heading
		.trim()
		.toLowerCase()
		.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
		.replace(/[^\p{L}\p{N} _-]/gu, '')
		.replace(/ /g, '-');
}

describe('README', () => {
	it('is at most 15 000 bytes', () => {
		expect(Buffer.byteLength(readme)).toBeLessThanOrEqual(15_000);
	});

	it('has a table of contents whose links land on its headings, and a Troubleshooting section', () => {
		const headings = new Set([...readme.matchAll(/^#{2,3} (.+)$/gm)].map((m) => anchor(m[1])));
		const contents = readme.slice(readme.indexOf('## Contents'), readme.indexOf('\n## ', readme.indexOf('## Contents') + 1));
		const links = [...contents.matchAll(/\]\(#([^)]+)\)/g)].map((m) => m[1]);
		expect(links.length).toBeGreaterThanOrEqual(5);
		expect(links.filter((link) => !headings.has(link))).toEqual([]);
		expect(headings.has('troubleshooting')).toBe(true);
	});

	it('links only to files that exist', () => {
		const targets = [...readme.matchAll(/\]\(((?!https?:|#|mailto:)[^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1]);
		expect(targets.length).toBeGreaterThan(10);
		expect(targets.filter((target) => !existsSync(path.join(root, decodeURIComponent(target))))).toEqual([]);
	});
});
