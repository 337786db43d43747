/**
 * scripts/lint-descriptions.mjs (n8n's upcoming description rules, part of `npm run lint`): a fixture
 * package that breaks each rule is reported rule by rule, errors fail, and this package has no errors.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
// Inside the checkout, so that the fixture's `n8n-workflow` import resolves to ours.
const fixture = path.join(root, 'test/.tmp/lint-descriptions');

function lint(args: string[]) {
	const result = spawnSync(process.execPath, [path.join(root, 'scripts/lint-descriptions.mjs'), ...args], { cwd: root, encoding: 'utf8' });
	return { status: result.status, lines: `${result.stdout}${result.stderr}`.trim().split('\n') };
}

const NODE = `
import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

const optional = [
	{ displayName: 'Note', name: 'note', type: 'string', default: '' },
	{ displayName: 'Raw', name: 'raw', type: 'json', default: '{}' },
] as INodeTypeDescription['properties'];

export class Bad implements INodeType {
	// eslint-disable-next-line n8n-nodes-base/node-class-description-missing-subtitle
	description: INodeTypeDescription = {
		displayName: 'Bad', name: 'bad', group: ['transform'], version: 1, description: 'x',
		defaults: { name: 'Bad' }, inputs: [NodeConnectionTypes.Main], outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'aApi', required: true }, { name: 'bApi', required: true }],
		properties: [
			{ displayName: 'Resource', name: 'resource', type: 'options', noDataExpression: true, default: 'b',
				options: [{ name: 'Zeta', value: 'z' }, { name: 'Alpha', value: 'a' }, { name: 'Alpha', value: 'z' }, { name: '* All', value: 'all' }] },
			{ displayName: 'Id', name: 'id', type: 'string', required: true, hint: '${'x'.repeat(121)}' } as never,
			...optional,
		],
	};
}
`;

beforeAll(() => {
	rmSync(fixture, { recursive: true, force: true });
	mkdirSync(path.join(fixture, 'nodes/Bad'), { recursive: true });
	writeFileSync(
		path.join(fixture, 'package.json'),
		JSON.stringify({ name: 'n8n-nodes-bad', license: 'ISC', keywords: [], n8n: { nodes: ['dist/nodes/Bad/Bad.node.js'], credentials: [] } }),
	);
	writeFileSync(path.join(fixture, 'nodes/Bad/Bad.node.ts'), NODE);
	writeFileSync(path.join(fixture, 'nodes/Bad/Bad.node.json'), JSON.stringify({ categories: ['Bananas'], subcategories: { AI: ['Tools'] } }));
});

afterAll(() => rmSync(fixture, { recursive: true, force: true }));

describe('lint-descriptions', () => {
	it('reports every rule the fixture breaks and fails on the errors', () => {
		const { status, lines } = lint(['--root', fixture, '--verbose']);
		expect(status).toBe(1);
		const found = (severity: string, rule: string) => lines.filter((line) => line.startsWith(severity) && line.includes(` ${rule} `));
		for (const rule of ['require-param-default', 'single-credential-per-node', 'require-mit-license', 'valid-node-categories', 'no-codex-subcategories']) {
			expect({ rule, count: found('error', rule).length }).toEqual({ rule, count: 1 });
		}
		expect(found('error', 'require-param-default')[0]).toContain('"id"');
		for (const rule of ['require-community-node-keyword', 'hint-max-length', 'no-duplicate-param-options', 'options-sorted-alphabetically', 'no-asterisk-in-option-names', 'scanner-ignores-disable']) {
			expect({ rule, count: found('warn', rule).length }).toEqual({ rule, count: 1 });
		}
		// Fields spread in from another array count as n8n shows them: the optional string and the optional JSON.
		expect(found('warn', 'non-required-fields-in-collection').map((line) => line.split(': ')[1])).toEqual(['"note"', '"raw"']);
		expect(found('warn', 'open-ended-node-fields')).toHaveLength(1);
		expect(lines[lines.length - 1]).toMatch(/: 5 errors, \d+ warnings$/);
	});

	it('fails on the layout rules with --layout-errors', () => {
		const { status, lines } = lint(['--root', fixture, '--layout-errors']);
		expect(status).toBe(1);
		const errors = (rule: string) => lines.filter((line) => line.startsWith('error') && line.includes(` ${rule} `));
		expect(errors('non-required-fields-in-collection')).toHaveLength(2);
		expect(errors('open-ended-node-fields')).toHaveLength(1);
		expect(errors('options-sorted-alphabetically')).toHaveLength(1);
	});

	it('this package has no errors, the layout rules included (as npm run lint runs it)', () => {
		const { status, lines } = lint(['--layout-errors']);
		expect(lines[lines.length - 1]).toMatch(/: 0 errors, \d+ warnings/);
		expect(status).toBe(0);
	});
});
