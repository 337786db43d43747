import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { YES_NO, yesNoAnswer } from '../../shared/builders';
import { dirsUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('folder', 'isVisible');

export const description = updateDisplayOptions({ show: showOn }, [pathField({ description: 'Repository path of the folder', placeholder: 'e.g. /public', folders: true })]);

export const execute = requestOperation({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex) };
	},
	request(plan) {
		return { ...YES_NO, path: dirsUrl(plan.path, 'isVisible') };
	},
	output(plan, response, itemIndex) {
		return { ...plan, visible: yesNoAnswer(this, response, itemIndex) };
	},
});
