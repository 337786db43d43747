import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, sendPlanned } from '../../../common/executor';
import { apiError } from '../../../common/errors';
import { fileList } from '../../shared/documents';
import { listingFilterField, readChildrenFilter, returnAllFields, limitOf, type ListingFilter } from '../../shared/fields';
import { filesUrlOrRoot, pathField, readPath, show } from '../../shared/paths';
import { listingOptionsField, listingQuery, readListingOptions, type ListingOptions } from '../../shared/listing';
import { propertiesOf } from '../../shared/builders';
import { SIMPLE_FILE } from '../../shared/simplify';
import { SIMPLIFY_OPTION } from '../../../common/simplify';

const showOn = show('folder', 'getChildren');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField({ description: 'Repository path of the folder; "/" lists the root', placeholder: 'e.g. /public', folders: true }),
	...returnAllFields(),
	listingFilterField(),
	listingOptionsField(false, [SIMPLIFY_OPTION]),
]);

interface Plan {
	path: string;
	filter: ListingFilter;
	options: ListingOptions;
	limit?: number;
}

/**
 * `GET {pathId}/children`. The server answers a folder that does not exist (or is not readable, or is
 * a file) with 200 and an empty list (pentaho-platform:extensions/.../services/FileService.java
 * `doGetChildren`@9.3.0.0-422 and @727e5c86), so an empty answer is checked against the folder's
 * properties: a missing folder is an error, not an empty folder. The child listing applies only the
 * name and member parts of the filter, never its type part (FILES/FOLDERS), so the types are applied
 * here from each entry's `folder` flag.
 */
export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex), filter: readChildrenFilter(this, itemIndex), options: readListingOptions(this, itemIndex), limit: limitOf(this, itemIndex) };
	},
	simplify: SIMPLE_FILE,
	async run(plan, itemIndex) {
		const response = await sendPlanned(this, { method: 'GET', path: filesUrlOrRoot(plan.path, 'children'), qs: listingQuery(plan.filter.filter, plan.options), expect: 'json' }, itemIndex);
		const listed = fileList(response.body);
		const { types, folderAdded } = plan.filter;
		const files = types === 'FILES_FOLDERS' ? listed : listed.filter((file) => (file.folder === true) === (types === 'FOLDERS'));
		if (folderAdded) for (const file of files) delete file.folder;
		if (listed.length === 0 && plan.path !== '/') {
			const folder = await propertiesOf(this, plan.path, itemIndex);
			if (!folder) throw apiError(this.getNode(), { message: `The repository has no folder ${plan.path} (or you may not read it)`, httpCode: '404', itemIndex });
			if (folder.folder !== true) throw apiError(this.getNode(), { message: `${plan.path} is a file, not a folder`, httpCode: '400', itemIndex });
		}
		return toItems(plan.limit === undefined ? files : files.slice(0, plan.limit));
	},
});
