import type { INodeProperties } from 'n8n-workflow';

import { fileListOperation } from '../../shared/builders';
import { returnAllFields } from '../../shared/fields';
import { FILES, show } from '../../shared/paths';

const showOn = show('trash', 'getMany');

export const description: INodeProperties[] = returnAllFields(showOn);

export const execute = fileListOperation<{ limit?: number }>({
	plan: () => ({}),
	request: () => ({ method: 'GET', path: `${FILES}/deleted`, expect: 'json' }),
});
