import { NodeOperationError, type IDataObject, type IExecuteFunctions, updateDisplayOptions } from 'n8n-workflow';

import { defineOperation, toItems, sendPlanned } from '../../../common/executor';
import { toArray, toBoolean, toNumber } from '../../../common/values';
import { optionsCollection, optionsOf } from '../../../common/fields';
import { buildXml, escapeText } from '../../../common/xml';
import { aclCodes, aclRecord, PERMISSION_CODES, type AclCodes } from '../../shared/documents';
import { PERMISSION_OPTIONS } from '../../shared/fields';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('access', 'updateAcl');

export const description = updateDisplayOptions({ show: showOn }, [
	pathField(),
	{
		displayName: 'Define ACL',
		name: 'aclSource',
		type: 'options',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json', description: "A whole ACL as 'Get ACL' returns it, which replaces the current one" },
		],
		default: 'fields',
		required: true,
	},
	{
		displayName: 'Change',
		name: 'aclMode',
		type: 'options',
		options: [
			{
				name: 'Add or Change Entries',
				value: 'add',
				description: 'Give the listed users and roles the listed permissions; everyone else keeps theirs (an inheriting ACL keeps the inherited entries as its own)',
			},
			{ name: 'Inherit From Parent', value: 'inherit', description: "Drop the file's own entries and take its parent folder's" },
			{ name: 'Remove Entries', value: 'remove', description: 'Take all permissions away from the listed users and roles; everyone else keeps theirs' },
			{ name: 'Replace', value: 'replace', description: 'Make the listed entries the whole ACL (everyone not listed loses access)' },
		],
		default: 'add',
		required: true,
		displayOptions: { show: { aclSource: ['fields'] } },
	},
	{
		displayName: 'Entries',
		name: 'entries',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Entry',
		default: {},
		description: "Who may do what with the file (for 'Remove Entries' only the recipients count)",
		displayOptions: { show: { aclSource: ['fields'], aclMode: ['add', 'remove', 'replace'] } },
		options: [
			{
				name: 'entry',
				displayName: 'Entry',
				values: [
					{ displayName: 'Recipient', name: 'recipient', type: 'string', default: '', placeholder: 'e.g. suzy', description: 'User or role name' },
					{
						displayName: 'Recipient Type',
						name: 'recipientType',
						type: 'options',
						options: [
							{ name: 'Role', value: 1 },
							{ name: 'User', value: 0 },
						],
						default: 0,
					},
					{ displayName: 'Permissions', name: 'permissions', type: 'multiOptions', options: PERMISSION_OPTIONS, default: ['read'] },
				],
			},
		],
	},
	{
		displayName: 'ACL (JSON)',
		name: 'aclJson',
		type: 'json',
		default: '{\n  "owner": "admin",\n  "ownerType": "user",\n  "entriesInheriting": false,\n  "aces": [{ "recipient": "suzy", "recipientType": "user", "permissions": ["read", "write"] }]\n}',
		required: true,
		description: 'The whole new ACL. Without "entriesInheriting" it inherits from the parent; an ACL that neither inherits nor lists an entry is refused.',
		displayOptions: { show: { aclSource: ['json'] } },
	},
	{
		...optionsCollection([
			{
				displayName: 'Owner',
				name: 'owner',
				type: 'string',
				default: '',
				placeholder: 'e.g. admin',
				description: 'User or role that owns the file. Leave empty to keep the current owner.',
			},
			{
				displayName: 'Owner Type',
				name: 'ownerType',
				type: 'options',
				options: [
					{ name: 'Role', value: 1 },
					{ name: 'User', value: 0 },
				],
				default: 0,
				description: "Whether the owner is a user or a role (used when 'Owner' is set)",
			},
		]),
		displayOptions: { show: { aclSource: ['fields'] } },
	},
]);

interface Ace {
	recipient: string;
	recipientType: number;
	permissions: number[];
}

type Mode = 'add' | 'remove' | 'replace' | 'inherit';

interface Plan {
	path: string;
	mode: Mode;
	owner?: string;
	ownerType: number;
	entriesInheriting: boolean;
	aces: Ace[];
}

function fail(ctx: IExecuteFunctions, itemIndex: number, message: string): never {
	throw new NodeOperationError(ctx.getNode(), message, { itemIndex });
}

function checkType(ctx: IExecuteFunctions, itemIndex: number, value: unknown, what: string): number {
	const type = typeof value === 'string' && /^(user|role)$/i.test(value) ? (value.toLowerCase() === 'role' ? 1 : 0) : toNumber(value);
	if (type !== 0 && type !== 1) fail(ctx, itemIndex, `${what} must be 0 (user) or 1 (role)`);
	return type;
}

function fromJson(ctx: IExecuteFunctions, itemIndex: number, raw: unknown): Omit<Plan, 'path' | 'mode'> {
	let value = raw;
	if (typeof raw === 'string') {
		try {
			value = JSON.parse(raw);
		} catch {
			fail(ctx, itemIndex, 'The ACL is not valid JSON');
		}
	}
	if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(ctx, itemIndex, 'The ACL must be a JSON object');
	const acl = (Object.keys(value as IDataObject).length === 1 && (value as IDataObject).repositoryFileAclDto ? (value as IDataObject).repositoryFileAclDto : value) as IDataObject;
	const owner = acl.owner === undefined || acl.owner === null ? '' : String(acl.owner).trim();
	const inheriting = acl.entriesInheriting === undefined ? true : toBoolean(acl.entriesInheriting);
	if (inheriting === undefined) fail(ctx, itemIndex, 'entriesInheriting must be true or false');
	const aces = toArray(acl.aces as IDataObject | IDataObject[])
		.map((ace) => {
			if (ace === null || typeof ace !== 'object') fail(ctx, itemIndex, 'Every entry of "aces" must be an object');
			return ace;
		})
		// The fixed Administrator entry that Get ACL shows is added by the server itself.
		.filter((ace) => !(ace.modifiable === false || ace.modifiable === 'false'))
		.map((ace, index) => {
			const recipient = String(ace.recipient ?? '').trim();
			if (recipient === '') fail(ctx, itemIndex, `Entry ${index + 1} of "aces" has no recipient`);
			const permissions = toArray(ace.permissions as unknown[]).map((p) => {
				const code = typeof p === 'string' && p in PERMISSION_CODES ? PERMISSION_CODES[p] : toNumber(p);
				if (code === undefined || !Number.isInteger(code) || code < 0 || code > 4) fail(ctx, itemIndex, `Entry ${index + 1} has an unknown permission "${String(p)}"`);
				return code;
			});
			return { recipient, recipientType: checkType(ctx, itemIndex, ace.recipientType ?? 0, `recipientType of entry ${index + 1}`), permissions };
		});
	return { owner: owner || undefined, ownerType: checkType(ctx, itemIndex, acl.ownerType ?? 0, 'ownerType'), entriesInheriting: inheriting, aces };
}

function fromFields(ctx: IExecuteFunctions, itemIndex: number): Omit<Plan, 'path'> {
	const options = optionsOf(ctx, itemIndex);
	const owner = String(options.owner ?? '').trim();
	const mode = String(ctx.getNodeParameter('aclMode', itemIndex, 'add')) as Mode;
	if (!['add', 'remove', 'replace', 'inherit'].includes(mode)) fail(ctx, itemIndex, `Unknown change "${mode}"`);
	const entries =
		mode === 'inherit' ? [] : (ctx.getNodeParameter('entries.entry', itemIndex, []) as Array<{ recipient?: string; recipientType?: number; permissions?: string[] }>);
	const aces = entries.map((entry, index) => {
		const recipient = String(entry.recipient ?? '').trim();
		if (recipient === '') fail(ctx, itemIndex, `Entry ${index + 1} has no recipient`);
		const permissions = (entry.permissions ?? []).map((name) => PERMISSION_CODES[name]).filter((code) => code !== undefined).sort();
		if (permissions.length === 0 && mode !== 'remove') fail(ctx, itemIndex, `Entry ${index + 1} (${recipient}) has no permissions`);
		return { recipient, recipientType: checkType(ctx, itemIndex, entry.recipientType ?? 0, 'Recipient Type'), permissions };
	});
	if (aces.length === 0 && mode !== 'inherit') {
		fail(ctx, itemIndex, mode === 'replace' ? 'Replace needs at least one entry: an ACL with no entries that does not inherit would lock everyone but administrators out' : 'Add at least one entry to change');
	}
	return { mode, owner: owner || undefined, ownerType: checkType(ctx, itemIndex, options.ownerType ?? 0, 'Owner Type'), entriesInheriting: mode === 'inherit', aces };
}

const same = (a: { recipient: string; recipientType: number }, b: { recipient: string; recipientType: number }) => a.recipient === b.recipient && a.recipientType === b.recipientType;

/** The ACL to send: the plan applied to the current ACL (whose entries are the effective ones when it inherits). */
function merged(plan: Plan, current: AclCodes): { entriesInheriting: boolean; aces: Ace[] } {
	const own = current.aces.filter((ace) => ace.modifiable).map(({ recipient, recipientType, permissions }) => ({ recipient, recipientType, permissions }));
	if (plan.mode === 'inherit') return { entriesInheriting: true, aces: [] };
	if (plan.mode === 'replace') return { entriesInheriting: plan.entriesInheriting, aces: plan.aces };
	if (plan.mode === 'remove') return { entriesInheriting: false, aces: own.filter((ace) => !plan.aces.some((gone) => same(gone, ace))) };
	const aces = own.map((ace) => plan.aces.find((given) => same(given, ace)) ?? ace);
	for (const given of plan.aces) if (!aces.some((ace) => same(ace, given))) aces.push(given);
	return { entriesInheriting: false, aces };
}

/**
 * Update ACL: `GET {pathId}/acl`, the change applied to it, `PUT {pathId}/acl` (XML, which every
 * version reads), and `GET` again for the output. The real PUT replaces the whole ACL: entries not
 * sent are gone, non-modifiable entries (the Administrator entry GET adds) are dropped, and the owner
 * is required (pentaho-platform:extensions/.../resources/FileResource.java `setFileAcls` and
 * services/FileService.java `setFileAcls`/`doGetFileAcl`@9.3.0.0-422, @10.2.0.0-222, @727e5c86). So
 * the default change adds to what is there, and nothing the user did not name is removed.
 */
export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const path = readPath(this, itemIndex);
		const source = this.getNodeParameter('aclSource', itemIndex, 'fields');
		const acl: Omit<Plan, 'path'> =
			source === 'json' ? { mode: 'replace', ...fromJson(this, itemIndex, this.getNodeParameter('aclJson', itemIndex, '{}')) } : fromFields(this, itemIndex);
		if (acl.mode === 'replace' && !acl.entriesInheriting && acl.aces.length === 0) {
			fail(this, itemIndex, 'The ACL neither inherits nor lists an entry: it would lock everyone but administrators out. Set "entriesInheriting": true or list the entries.');
		}
		// The body is built in run; check now that every name can go into XML, so that bad input fails before any request.
		escapeText(acl.owner ?? '', 'The owner');
		for (const ace of acl.aces) escapeText(ace.recipient, 'A recipient');
		return { path, ...acl };
	},
	async run(plan, itemIndex) {
		const url = filesUrl(plan.path, 'acl');
		const current = aclCodes((await sendPlanned(this, { method: 'GET', path: url, expect: 'json' }, itemIndex)).body);
		// Keep the current owner unless one is given: the server needs one in every ACL it is sent.
		const owner = plan.owner ?? current.owner;
		const ownerType = plan.owner ? plan.ownerType : current.ownerType;
		const next = merged(plan, current);
		if (!next.entriesInheriting && next.aces.length === 0) {
			// What Replace refuses before any request, Remove Entries can only see once the current ACL is read:
			// removing every entry would send an empty, non-inheriting ACL, after which only the server's hidden
			// administrator entry is left. Nothing has been written yet.
			fail(
				this,
				itemIndex,
				`Removing ${plan.aces.map((ace) => `"${ace.recipient}"`).join(', ')} would leave ${plan.path} with no entries and no inheritance: everyone but administrators would be locked out. Nothing was changed. Use "Inherit From Parent", or "Replace" with the entries to keep.`,
			);
		}
		const body = buildXml('repositoryFileAclDto', {
			aces: next.aces.map((ace) => ({ permissions: ace.permissions, recipient: ace.recipient, recipientType: ace.recipientType, modifiable: true })),
			entriesInheriting: next.entriesInheriting,
			owner,
			ownerType,
		});
		// The server answers a missing ACL-management right (and a file it cannot find) with a bare 500
		// (FileService.setFileAcls; docs/real-servers/repository.md), a name it refuses with 403.
		await sendPlanned(
			this,
			{
				method: 'PUT',
				path: url,
				headers: { 'Content-Type': 'application/xml' },
				body,
				expect: 'empty',
				refusals: {
					403: 'The server refused a name in the ACL: an owner or recipient may not be blank or hold # , + " \\ < >',
					500: `The server refused the ACL of ${plan.path}: the user may not manage its permissions (ACL management), or the file is gone`,
				},
			},
			itemIndex,
		);
		const after = aclRecord((await sendPlanned(this, { method: 'GET', path: url, expect: 'json' }, itemIndex)).body);
		return toItems({ path: plan.path, change: plan.mode, ...after, updated: true });
	},
});
