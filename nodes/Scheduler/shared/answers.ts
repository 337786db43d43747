/** Yes/no answers: `true`/`false` (text or JSON) as a boolean, anything else an error naming what came. */
import type { INode } from 'n8n-workflow';

import { apiError } from '../../common/errors';
import { booleanAnswer } from './jobs';

export function yesNo(node: INode, body: unknown, itemIndex: number): boolean {
	const answer = booleanAnswer(body);
	if (answer === undefined) {
		const text = typeof body === 'string' ? body : JSON.stringify(body ?? '');
		throw apiError(node, {
			message: `The server answered "${text.slice(0, 80)}" where true or false was expected`,
			itemIndex,
		});
	}
	return answer;
}
