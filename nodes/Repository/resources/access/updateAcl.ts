import { NodeOperationError, type IDataObject, type IExecuteFunctions, type INodeProperties } from 'n8n-workflow';

import { defineOperation, toItems } from '../../../common/executor';
import { toArray, toBoolean, toNumber } from '../../../common/values';
import { buildXml, escapeText } from '../../../common/xml';
import { aclRecord, PERMISSION_CODES } from '../../shared/documents';
import { send } from '../../shared/builders';
import { PERMISSION_OPTIONS } from '../../shared/fields';
import { filesUrl, pathField, readPath, show } from '../../shared/paths';

const showOn = show('access', 'updateAcl');

export const description: INodeProperties[] = [
	pathField(showOn),
	{
		displayName: 'Define ACL',
		name: 'aclSource',
		type: 'options',
		options: [
			{ name: 'Using Fields Below', value: 'fields' },
			{ name: 'Using JSON', value: 'json', description: 'An ACL as Get ACL returns it: owner, ownerType, entriesInheriting, aces' },
		],
		default: 'fields',
		displayOptions: { show: showOn },
	},
	{
		displayName: 'Owner',
		name: 'owner',
		type: 'string',
		default: '',
		placeholder: 'admin',
		description: 'User or role that owns the file. Leave empty to keep the current owner.',
		displayOptions: { show: { ...showOn, aclSource: ['fields'] } },
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
		description: 'Whether the owner is a user or a role (used when Owner is set)',
		displayOptions: { show: { ...showOn, aclSource: ['fields'] } },
	},
	{
		displayName: 'Inherit From Parent',
		name: 'entriesInheriting',
		type: 'boolean',
		default: false,
		description: "Whether the file takes its parent folder's permissions (the entries below are then not used)",
		displayOptions: { show: { ...showOn, aclSource: ['fields'] } },
	},
	{
		displayName: 'Entries',
		name: 'entries',
		type: 'fixedCollection',
		typeOptions: { multipleValues: true },
		placeholder: 'Add Entry',
		default: {},
		description: 'Who may do what with the file',
		displayOptions: { show: { ...showOn, aclSource: ['fields'], entriesInheriting: [false] } },
		options: [
			{
				name: 'entry',
				displayName: 'Entry',
				values: [
					{ displayName: 'Recipient', name: 'recipient', type: 'string', default: '', placeholder: 'suzy', description: 'User or role name' },
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
		default: '{\n  "owner": "admin",\n  "ownerType": 0,\n  "entriesInheriting": false,\n  "aces": [{ "recipient": "suzy", "recipientType": 0, "permissions": [0, 1] }]\n}',
		displayOptions: { show: { ...showOn, aclSource: ['json'] } },
	},
];

interface Ace {
	recipient: string;
	recipientType: number;
	permissions: number[];
}

interface Plan {
	path: string;
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

function fromJson(ctx: IExecuteFunctions, itemIndex: number, raw: unknown): Omit<Plan, 'path'> {
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
	const owner = String(ctx.getNodeParameter('owner', itemIndex, '') ?? '').trim();
	const entriesInheriting = ctx.getNodeParameter('entriesInheriting', itemIndex, false) as boolean;
	const entries = entriesInheriting
		? []
		: (ctx.getNodeParameter('entries.entry', itemIndex, []) as Array<{ recipient?: string; recipientType?: number; permissions?: string[] }>);
	const aces = entries.map((entry, index) => {
		const recipient = String(entry.recipient ?? '').trim();
		if (recipient === '') fail(ctx, itemIndex, `Entry ${index + 1} has no recipient`);
		const permissions = (entry.permissions ?? []).map((name) => PERMISSION_CODES[name]).filter((code) => code !== undefined).sort();
		if (permissions.length === 0) fail(ctx, itemIndex, `Entry ${index + 1} (${recipient}) has no permissions`);
		return { recipient, recipientType: checkType(ctx, itemIndex, entry.recipientType ?? 0, 'Recipient Type'), permissions };
	});
	return { owner: owner || undefined, ownerType: checkType(ctx, itemIndex, ctx.getNodeParameter('ownerType', itemIndex, 0), 'Owner Type'), entriesInheriting, aces };
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const path = readPath(this, itemIndex);
		const source = this.getNodeParameter('aclSource', itemIndex, 'fields');
		const acl = source === 'json' ? fromJson(this, itemIndex, this.getNodeParameter('aclJson', itemIndex, '{}')) : fromFields(this, itemIndex);
		// The body is built in run (an empty owner is read from the server first); check now that
		// every name can go into XML, so that bad input fails before any request.
		escapeText(acl.owner ?? '', 'The owner');
		for (const ace of acl.aces) escapeText(ace.recipient, 'A recipient');
		return { path, ...acl };
	},
	async run(plan, itemIndex) {
		let { owner, ownerType } = plan;
		if (!owner) {
			// Keep the current owner: the server needs one in every ACL it is sent.
			const current = aclRecord((await send(this, { method: 'GET', path: filesUrl(plan.path, 'acl'), expect: 'json' }, itemIndex)).body);
			owner = String(current.owner ?? '');
			ownerType = typeof current.ownerType === 'number' ? current.ownerType : 0;
		}
		const body = buildXml('repositoryFileAclDto', {
			aces: plan.aces.map((ace) => ({ permissions: ace.permissions, recipient: ace.recipient, recipientType: ace.recipientType, modifiable: true })),
			entriesInheriting: plan.entriesInheriting,
			owner,
			ownerType,
		});
		await send(this, { method: 'PUT', path: filesUrl(plan.path, 'acl'), headers: { 'Content-Type': 'application/xml' }, body, expect: 'empty' }, itemIndex);
		return toItems({ path: plan.path, owner, ownerType, entriesInheriting: plan.entriesInheriting, aces: plan.aces as unknown as IDataObject[], updated: true });
	},
});
