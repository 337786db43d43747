import { updateDisplayOptions } from 'n8n-workflow';
import type { IDataObject } from 'n8n-workflow';

import { toBoolean } from '../../../common/values';
import { requestOperation } from '../../../common/executor';
import { PERMISSION_KEYS, settings } from '../../shared/documents';
import { permissionsField, readPermissions } from '../../shared/fields';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('access', 'getAccessMap');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField(),
	permissionsField(['read', 'write', 'delete', 'aclManagement', 'all'], 'The permissions to check, each answered on its own'),
]);

interface Plan {
	path: string;
	permissions: Array<{ name: string; code: number }>;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		return { path: readPath(this, itemIndex), permissions: readPermissions(this, itemIndex) };
	},
	request: (plan) => ({
		method: 'GET',
		path: filesUrl(plan.path, 'canAccessMap'),
		qs: { permissions: plan.permissions.map((p) => p.code).join('|') },
		expect: 'json',
	}),
	output(plan, response) {
		const out: IDataObject = { path: plan.path };
		for (const { name } of plan.permissions) out[name] = false;
		for (const setting of settings(response.body)) {
			const key = PERMISSION_KEYS[Number(setting.name)];
			if (key !== undefined && key in out) out[key] = toBoolean(setting.value) === true;
		}
		return out;
	},
});
