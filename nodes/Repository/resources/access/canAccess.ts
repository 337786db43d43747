import { updateDisplayOptions } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { YES_NO, yesNoAnswer } from '../../shared/builders';
import { PERMISSION_CODES } from '../../shared/documents';
import { permissionsField, readPermissions } from '../../shared/fields';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('access', 'canAccess');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField(),
	permissionsField(['read'], 'The permissions to check; the answer is true only if the user holds all of them'),
]);

export const execute = requestOperation({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex), permissions: readPermissions(this, itemIndex).map((p) => p.name) };
	},
	request(plan) {
		return { ...YES_NO, path: filesUrl(plan.path, 'canAccess'), qs: { permissions: plan.permissions.map((name) => PERMISSION_CODES[name]).join('|') } };
	},
	output(plan, response, itemIndex) {
		return { ...plan, canAccess: yesNoAnswer(this, response, itemIndex) };
	},
});
