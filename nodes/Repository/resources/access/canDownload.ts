import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { YES_NO, yesNoAnswer } from '../../shared/builders';
import { dirPathOptions, readDirPath } from '../../shared/fields';
import { FILES, show } from '../../shared/paths';

/** Whether the current user may download (from a folder): `GET /api/repo/files/canDownload?dirPath`. */
const showOn = show('access', 'canDownload');

export const description = updateDisplayOptions({ show: showOn }, [dirPathOptions()]);

export const execute = requestOperation({
	plan(itemIndex) {
		return readDirPath(this, itemIndex);
	},
	request(plan) {
		return { ...YES_NO, path: `${FILES}/canDownload`, qs: plan.dirPath ? { dirPath: plan.dirPath } : undefined };
	},
	output(plan, response, itemIndex) {
		return { ...plan, canDownload: yesNoAnswer(this, response, itemIndex) };
	},
});
