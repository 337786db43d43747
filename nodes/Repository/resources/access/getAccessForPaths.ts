import { updateDisplayOptions } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { normalizePath } from '../../../common/repositoryPath';
import { requestOperation } from '../../../common/executor';
import { PERMISSION_KEYS, settings } from '../../shared/documents';
import { FILES, readList, show } from '../../shared/paths';

const showOn = show('access', 'getAccessForPaths');

export const description = updateDisplayOptions({ show: showOn }, [
	{
		displayName: 'Paths',
		name: 'paths',
		type: 'string',
		typeOptions: { multipleValues: true, multipleValueButtonText: 'Add Path' },
		default: [],
		required: true,
		placeholder: 'e.g. /public',
		description: 'Repository paths to check, all in one call; the answer has one item per path',
	},
]);

export const execute = requestOperation<{ paths: string[] }>({
	plan(itemIndex) {
		return { paths: [...new Set(readList(this, itemIndex, 'paths', 'Paths').map((p) => normalizePath(p, 'Path')))] };
	},
	request: (plan) => ({
		method: 'POST',
		path: `${FILES}/pathsAccessList`,
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ strings: plan.paths }),
		expect: 'json',
	}),
	output(plan, response) {
		const byPath = new Map<string, IDataObject>(plan.paths.map((path) => [path, Object.fromEntries([['path', path], ...PERMISSION_KEYS.map((k) => [k, false])])]));
		for (const { name, value } of settings(response.body)) {
			const key = PERMISSION_KEYS[Number(value)];
			const entry = byPath.get(name);
			if (entry && key) entry[key] = true;
		}
		return [...byPath.values()];
	},
});
