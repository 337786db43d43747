import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, sendPlanned } from '../../../common/executor';
import { toPathId } from '../../../common/repositoryPath';
import { serverVersion } from '../../../common/serverVersion';
import { FILES, pathField, readPath, show } from '../../shared/paths';
import { propertiesOf } from '../../shared/builders';

const showOn = show('file', 'exists');

export const description = updateDisplayOptions({ show: showOn }, [pathField()]);

/** The first version with `GET /api/repo/files/exists`. */
export const EXISTS_SINCE = '10.3';

/**
 * Exists. `GET /exists?pathId=` is there from 10.3 on (pentaho-platform:extensions/.../resources/
 * FileResource.java `doesFileExists`@10.3.0.0-397 and @727e5c86; absent at 9.3.0.0-422 and
 * 10.2.0.10-434, where the request reaches GET {pathId} with the id "exists" and answers 404 for
 * every file). That resource URL-decodes the value a second time before reading it as a path id,
 * so the path id is sent encoded once more ("+" would otherwise be a space and "%" a 500). Older
 * servers, and servers that do not tell their version, are asked through the file's properties
 * (200 with the file, 204 without), which every version serves.
 */
export const execute = defineOperation<{ path: string }>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	async run(plan, itemIndex) {
		const version = await serverVersion(this, itemIndex);
		if (version?.atLeast(EXISTS_SINCE)) {
			const response = await sendPlanned(
				this,
				{ method: 'GET', path: `${FILES}/exists`, qs: { pathId: encodeURIComponent(toPathId(plan.path)) }, expect: 'empty', okStatuses: [404] },
				itemIndex,
			);
			return toItems({ path: plan.path, exists: response.status !== 404 });
		}
		const file = await propertiesOf(this, plan.path, itemIndex);
		return toItems({ path: plan.path, exists: file !== undefined });
	},
});
