import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { setPaused } from '../../shared/transControl';
import { readTransRef, transRefFields, type TransRef } from '../../shared/transStatus';

const show = { resource: ['transformation'], operation: ['resume'] };

export const description = updateDisplayOptions({ show }, [...transRefFields()]);

export const execute = defineOperation<TransRef>({
	plan(itemIndex) {
		return readTransRef(this, itemIndex);
	},
	async run(ref, itemIndex) {
		return toItems(await setPaused(this, ref, false, itemIndex));
	},
});
