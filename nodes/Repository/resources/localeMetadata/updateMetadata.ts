import { NodeOperationError, type INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../shared/builders';
import { keyValueField, readKeyValues } from '../../shared/fields';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'updateMetadata');

export const description: INodeProperties[] = [
	pathField(showOn),
	keyValueField(
		showOn,
		'metadata',
		'Metadata',
		'Add Metadata',
		'Keys to set; other keys keep their values. "_PERM_HIDDEN" (true/false) hides the file, "_PERM_SCHEDULABLE" allows scheduling it.',
	),
];

interface Plan {
	path: string;
	metadata: Array<{ key: string; value: string }>;
}

export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const metadata = readKeyValues(this, itemIndex, 'metadata', 'metadata');
		if (metadata.length === 0) throw new NodeOperationError(this.getNode(), 'Add at least one metadata entry', { itemIndex });
		return { path: readPath(this, itemIndex), metadata };
	},
	// The real server reads `stringKeyStringValueDto` in JSON (the user console sends exactly this).
	request: (plan) => ({
		method: 'PUT',
		path: filesUrl(plan.path, 'metadata'),
		headers: { 'Content-Type': 'application/json' },
		body: JSON.stringify({ stringKeyStringValueDto: plan.metadata }),
		expect: 'empty',
	}),
	output: (plan) => ({ path: plan.path, metadata: Object.fromEntries(plan.metadata.map((m) => [m.key, m.value])), updated: true }),
});
