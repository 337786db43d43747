import { NodeOperationError, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, sendPlanned } from '../../../common/executor';
import { keyValues } from '../../shared/documents';
import { keyValueField } from '../../shared/fields';
import { readPairs } from '../../../common/fields';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('localeMetadata', 'updateMetadata');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField(),
	keyValueField(
		'metadata',
		'Metadata',
		'Add Metadata',
		'Keys to set; other keys keep their values. "_PERM_HIDDEN" (true/false) hides the file, "_PERM_SCHEDULABLE" allows scheduling it.',
	),
]);

interface Plan {
	path: string;
	metadata: Array<{ key: string; value: string }>;
}

/**
 * `PUT {pathId}/metadata` (JSON `{stringKeyStringValueDto: [...]}`, as the user console sends it). The
 * server merges the keys sent, but sets the hidden flag to the value of _PERM_HIDDEN and to FALSE when
 * the list lacks it (pentaho-platform:extensions/.../services/FileService.java `doSetMetadata`@9.3.0.0-422
 * and @727e5c86), so the current flags are read first and sent along unless given. The output is the
 * metadata the server then holds.
 */
export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const metadata = readPairs(this, itemIndex, { name: 'metadata', entry: 'entry', pair: 'key', label: 'metadata' }).map(({ name, value }) => ({ key: name, value }));
		if (metadata.length === 0) throw new NodeOperationError(this.getNode(), 'Add at least one metadata entry', { itemIndex });
		return { path: readPath(this, itemIndex), metadata };
	},
	async run(plan, itemIndex) {
		const url = filesUrl(plan.path, 'metadata');
		const current = keyValues((await sendPlanned(this, { method: 'GET', path: url, expect: 'json' }, itemIndex)).body);
		const given = new Set(plan.metadata.map((m) => m.key.toLowerCase()));
		const kept = ['_PERM_HIDDEN', '_PERM_SCHEDULABLE']
			.filter((key) => !given.has(key.toLowerCase()) && current[key] !== undefined)
			.map((key) => ({ key, value: String(current[key]) }));
		await sendPlanned(
			this,
			{ method: 'PUT', path: url, headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ stringKeyStringValueDto: [...plan.metadata, ...kept] }), expect: 'empty' },
			itemIndex,
		);
		const after = keyValues((await sendPlanned(this, { method: 'GET', path: url, expect: 'json' }, itemIndex)).body);
		return toItems({ path: plan.path, metadata: after, updated: true });
	},
});
