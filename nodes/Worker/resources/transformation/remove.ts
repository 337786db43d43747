import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { optionsOf } from '../../../common/fields';
import { controlRequest } from '../../shared/control';
import { checkEnded, NO_LOG_FROM } from '../../shared/transControl';
import { fetchTransStatus, isTransTerminal, readTransRef, refQuery, transRefFields, type TransRef } from '../../shared/transStatus';

const show = { resource: ['transformation'], operation: ['remove'] };

export const description = updateDisplayOptions({ show }, [
	...transRefFields({
		options: [
			{
				displayName: 'Remove Even if Running',
				name: 'removeRunning',
				type: 'boolean',
				default: false,
				description:
					'Whether to remove a transformation that is still running. The server then drops it from its list without stopping it; by default such a transformation is refused.',
			},
		],
	}),
]);

interface Plan {
	ref: TransRef;
	removeRunning: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { ref: readTransRef(this, itemIndex), removeRunning: optionsOf(this, itemIndex).removeRunning === true };
	},
	async run({ ref, removeRunning }, itemIndex) {
		let id = ref.id;
		if (!removeRunning) {
			const { status } = await fetchTransStatus(this, ref, NO_LOG_FROM, itemIndex);
			id = id || status.id;
			await checkEnded(this, status, `The transformation "${ref.name}" (id ${id})`, isTransTerminal, itemIndex);
		}
		await controlRequest(this, {
			endpoint: 'removeTrans',
			params: { ...refQuery({ name: ref.name, id }), xml: 'Y' },
			what: `the removal of the transformation "${ref.name}"`,
			itemIndex,
		});
		return toItems({ transName: ref.name, ...(id ? { id } : {}), removed: true });
	},
});
