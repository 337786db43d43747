import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { FILES } from '../../shared/paths';

export const description: INodeProperties[] = [];

export const execute = requestOperation<object>({
	plan: () => ({}),
	request: () => ({ method: 'GET', path: `${FILES}/reservedCharactersDisplay`, headers: { Accept: 'text/plain' }, expect: 'text' }),
	output(_plan, response) {
		const text = typeof response.body === 'string' ? response.body.trim() : '';
		return { reservedCharactersDisplay: text, characters: text === '' ? [] : text.split(/,\s*/) };
	},
});
