import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { apiError } from '../../../common/errors';
import { requestOperation } from '../../../common/executor';
import { optionsOf } from '../../../common/fields';
import { flatTree, nestedTree, treeOf } from '../../shared/documents';
import { listingFilterField, readListingFilter } from '../../shared/fields';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';
import { listingOptionsField, listingQuery, readListingOptions, type ListingOptions } from '../../shared/listing';
import { SIMPLE_TREE, SIMPLE_TREE_ENTRY } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const showOn = show('folder', 'getTree');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({ description: 'Repository path of the folder at the top of the tree; "/" is the root', placeholder: 'e.g. /public', folders: true }),
	{
		displayName: 'Output',
		name: 'output',
		type: 'options',
		options: [
			{ name: 'Nested Tree', value: 'nested', description: 'One item: the folder with its "children", nested' },
			{ name: 'One Item per Entry', value: 'flat', description: 'One item per file or folder, with its depth and parent path' },
		],
		default: 'nested',
		required: true,
	},
	listingFilterField(),
	listingOptionsField(true, [
		{
			displayName: 'Depth',
			name: 'depth',
			type: 'number',
			typeOptions: { minValue: 1 },
			default: 1,
			description: 'How many levels below the folder to include (1 = its children, the default)',
		},
		SIMPLIFY_OPTION,
	]),
]);

interface Plan {
	path: string;
	depth: number;
	flat: boolean;
	filter?: string;
	options: ListingOptions;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const path = readPath(this, itemIndex);
		const depth = optionsOf(this, itemIndex).depth ?? 1;
		if (typeof depth !== 'number' || !Number.isInteger(depth) || depth < 1) {
			throw new NodeOperationError(this.getNode(), `Depth must be a whole number of at least 1 (got ${String(depth)})`, { itemIndex });
		}
		return {
			path,
			depth,
			flat: this.getNodeParameter('output', itemIndex, 'nested') === 'flat',
			filter: readListingFilter(this, itemIndex),
			options: readListingOptions(this, itemIndex),
		};
	},
	simplify: (plan) => (plan.flat ? SIMPLE_TREE_ENTRY : SIMPLE_TREE),
	request: (plan) => ({
		method: 'GET',
		path: filesUrl(plan.path, 'tree'),
		qs: { depth: plan.depth, ...listingQuery(plan.filter, plan.options), includeSysDirs: String(plan.options.includeSystemFolders === true) },
		expect: 'json',
		// 9.3.0.1 to 10.3.0.0-312 answer a missing folder with a bare 500 (FileService's title loop runs before the
		// null check; docs/real-servers/repository.md), other versions with 204.
		refusals: { 500: `The repository has no folder ${plan.path} (or this user may not read it), or the server could not read its tree` },
	}),
	output(plan, response, itemIndex) {
		if (response.status === 204 || response.body === undefined || response.body === null || response.body === '') {
			throw apiError(this.getNode(), { message: `The repository has no folder ${plan.path} (or this user may not read it)`, httpCode: '404', itemIndex });
		}
		const tree = treeOf(response.body);
		return plan.flat ? flatTree(tree) : nestedTree(tree);
	},
});
