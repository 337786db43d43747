import { updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { optionsOf } from '../../../common/fields';
import { controlRequest } from '../../shared/control';
import { fetchJobStatus, isTerminal, jobRefFields, readJobRef, type JobRef } from '../../shared/jobStatus';
import { checkEnded, NO_LOG_FROM } from '../../shared/transControl';
import { refQuery } from '../../shared/runRef';

const show = { resource: ['job'], operation: ['remove'] };

export const description = updateDisplayOptions({ show }, [
	...jobRefFields({
		options: [
			{
				displayName: 'Remove Even if Running',
				name: 'removeRunning',
				type: 'boolean',
				default: false,
				description: 'Whether to remove a job that is still running. The server then drops it from its list without stopping it; by default such a job is refused.',
			},
		],
	}),
]);

interface Plan {
	ref: JobRef;
	removeRunning: boolean;
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		return { ref: readJobRef(this, itemIndex), removeRunning: optionsOf(this, itemIndex).removeRunning === true };
	},
	async run({ ref, removeRunning }, itemIndex) {
		let id = ref.id;
		if (!removeRunning) {
			const { status } = await fetchJobStatus(this, ref, NO_LOG_FROM, itemIndex);
			id = id || status.id;
			await checkEnded(this, status, `The job "${ref.name}" (id ${id})`, isTerminal, itemIndex);
		}
		await controlRequest(this, {
			endpoint: 'removeJob',
			params: { ...refQuery({ name: ref.name, id }), xml: 'Y' },
			what: `the removal of the job "${ref.name}"`,
			itemIndex,
		});
		return toItems({ jobName: ref.name, ...(id ? { id } : {}), removed: true });
	},
});
