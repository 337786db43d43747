import type { INodeProperties } from 'n8n-workflow';

import { fileListOperation } from '../../shared/builders';
import { listingFilterField, readListingFilter, returnAllFields } from '../../shared/fields';
import { filesUrlOrRoot, pathField, readPath, show } from '../../shared/paths';
import { listingOptionsField, listingQuery, readListingOptions, type ListingOptions } from '../../shared/listing';

const showOn = show('folder', 'getChildren');

export const description: INodeProperties[] = [
	pathField(showOn, { description: 'Repository path of the folder; "/" lists the root', placeholder: '/public' }),
	...returnAllFields(showOn),
	listingFilterField(showOn),
	listingOptionsField(showOn, false),
];

interface Plan {
	path: string;
	filter?: string;
	options: ListingOptions;
	limit?: number;
}

export const execute = fileListOperation<Plan>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex), filter: readListingFilter(this, itemIndex), options: readListingOptions(this, itemIndex) };
	},
	request: (plan) => ({
		method: 'GET',
		path: filesUrlOrRoot(plan.path, 'children'),
		qs: listingQuery(plan.filter, plan.options),
		expect: 'json',
	}),
});
