/** The repository's reserved characters: fetched once per execution, checked before a name is sent. */
import type { IExecuteFunctions } from 'n8n-workflow';
import { NodeOperationError } from 'n8n-workflow';

import { dataflowRequest } from '../../common/transport';
import { apiError } from '../../common/errors';
import { FILES } from './paths';

const CONTROL_NAMES: Record<string, string> = { '\t': 'tab', '\r': 'carriage return', '\n': 'line feed', ' ': 'space' };

export function describeCharacter(c: string): string {
	return CONTROL_NAMES[c] ?? `"${c}"`;
}

const perExecution = new WeakMap<object, Promise<string>>();

/**
 * The reserved characters as the server lists them (text/plain, concatenated), fetched once per
 * execution. Operations read them while planning, so a bad name fails before anything is sent.
 */
export async function reservedCharacters(ctx: IExecuteFunctions, itemIndex: number): Promise<string> {
	let entry = perExecution.get(ctx);
	if (!entry) {
		entry = dataflowRequest<string>(ctx, {
			method: 'GET',
			path: `${FILES}/reservedCharacters`,
			headers: { Accept: 'text/plain' },
			expect: 'text',
			itemIndex,
		}).then((response) => {
			const text = typeof response.body === 'string' ? response.body : '';
			// The list is a few punctuation and control characters. Letters, digits or markup mean the
			// answer is something else (an error page, a cut-off document): checking names against
			// it would refuse good names for nonsense reasons.
			if (text.length > 64 || /[A-Za-z0-9]/.test(text)) {
				throw apiError(ctx.getNode(), {
					message: 'The server answered something that is not a list of reserved characters',
					description: `GET ${FILES}/reservedCharacters answered: ${text.slice(0, 80)}`,
					itemIndex,
				});
			}
			return text;
		});
		perExecution.set(ctx, entry);
		entry.catch(() => perExecution.delete(ctx));
	}
	return await entry;
}

/** Checks every name against the reserved characters. */
export async function checkNames(ctx: IExecuteFunctions, itemIndex: number, names: string[], what: string): Promise<void> {
	const reserved = await reservedCharacters(ctx, itemIndex);
	for (const name of names) checkName(ctx, itemIndex, name, reserved, what);
}

/** Fails when a name holds one of the reserved characters. */
export function checkName(ctx: IExecuteFunctions, itemIndex: number, name: string, reserved: string, what = 'The name'): void {
	const found = [...new Set([...reserved])].filter((c) => name.includes(c));
	if (found.length) {
		throw new NodeOperationError(
			ctx.getNode(),
			`${what} "${name}" contains ${found.map(describeCharacter).join(', ')}, which the repository reserves`,
			{ itemIndex, description: `Reserved characters on this server: ${[...reserved].map(describeCharacter).join(' ')}` },
		);
	}
}
