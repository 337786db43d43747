import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { YES_NO, yesNoAnswer } from '../../shared/builders';
import { dirPathOptions, readDirPath } from '../../shared/fields';
import { FILES, show } from '../../shared/paths';

/** Whether the current user may upload (into a folder): `GET /api/repo/files/canUpload?dirPath`. */
const showOn = show('access', 'canUpload');

export const description = updateDisplayOptions({ show: showOn }, [dirPathOptions()]);

export const execute = requestOperation({
	plan(itemIndex) {
		return readDirPath(this, itemIndex);
	},
	request(plan) {
		return { ...YES_NO, path: `${FILES}/canUpload`, qs: plan.dirPath ? { dirPath: plan.dirPath } : undefined };
	},
	output(plan, response, itemIndex) {
		return { ...plan, canUpload: yesNoAnswer(this, response, itemIndex) };
	},
});
