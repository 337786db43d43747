import type { INodeProperties } from 'n8n-workflow';

import { requestOperation } from '../../../common/executor';
import { FILES } from '../../shared/paths';

export const description: INodeProperties[] = [];

export const execute = requestOperation<object>({
	plan: () => ({}),
	request: () => ({ method: 'GET', path: `${FILES}/reservedCharacters`, headers: { Accept: 'text/plain' }, expect: 'text' }),
	output(_plan, response) {
		// The characters are concatenated; control characters such as tab and newline are part of the set, so the text is not trimmed.
		const text = typeof response.body === 'string' ? response.body : '';
		return { reservedCharacters: text, characters: [...new Set([...text])] };
	},
});
