/**
 * The export manifest written into backups and downloads (`exportManifest.xml`): one entity per
 * folder or file with its owner, ACL, hidden flag, locale properties and metadata, and the zip
 * entry that holds its content.
 */
import { XMLParser } from 'fast-xml-parser';

import { escapeXml } from '../../core/xml';
import type { Ace, RepoNode, Repository } from './store';

export interface ManifestEntity {
	path: string;
	/** Zip entry with the content (files only). */
	file?: string;
	folder: boolean;
	hidden: boolean;
	owner: string;
	ownerType: number;
	entriesInheriting: boolean;
	aces: Ace[];
	mimeType?: string;
	locales: Record<string, Record<string, string>>;
	metadata: Record<string, string>;
}

function attr(name: string, value: string | number | boolean | undefined): string {
	return value === undefined ? '' : ` ${name}="${escapeXml(String(value))}"`;
}

/** The manifest of a subtree; zip entry names are relative to `basePath`. */
export function manifestXml(repo: Repository, top: RepoNode, createdBy: string, canRead: (n: RepoNode) => boolean, basePath: string, locale?: string): string {
	const prefix = basePath === '/' ? '' : basePath;
	const lines = [`<?xml version="1.0" encoding="UTF-8"?>`, `<exportManifest${attr('createdBy', createdBy)}${attr('exportDate', String(Date.now()))}${attr('locale', locale)}>`];
	for (const node of repo.walk(top)) {
		if (node === repo.root || !canRead(node)) continue;
		const path = repo.pathOf(node);
		lines.push(
			`  <entity${attr('path', path)}${attr('file', node.folder ? undefined : path.slice(prefix.length + 1))}${attr('folder', node.folder)}${attr('hidden', node.hidden)}` +
				`${attr('owner', node.acl.owner)}${attr('ownerType', node.acl.ownerType)}${attr('entriesInheriting', node.acl.entriesInheriting)}${attr('mimeType', node.folder ? undefined : node.mimeType)}>`,
		);
		for (const ace of node.acl.aces) {
			lines.push(`    <ace${attr('recipient', ace.recipient)}${attr('recipientType', ace.recipientType)}${attr('permissions', ace.permissions.join(','))}/>`);
		}
		for (const [name, properties] of node.locales) {
			lines.push(`    <locale${attr('name', name)}>`);
			for (const [key, value] of Object.entries(properties)) lines.push(`      <property${attr('key', key)}${attr('value', value)}/>`);
			lines.push('    </locale>');
		}
		for (const [key, value] of Object.entries(node.metadata)) lines.push(`    <metadata${attr('key', key)}${attr('value', value)}/>`);
		lines.push('  </entity>');
	}
	lines.push('</exportManifest>');
	return lines.join('\n') + '\n';
}

const parser = new XMLParser({
	ignoreAttributes: false,
	attributeNamePrefix: '',
	parseTagValue: false,
	parseAttributeValue: false,
	isArray: (name) => ['entity', 'ace', 'locale', 'property', 'metadata'].includes(name),
});

type Raw = Record<string, unknown>;

export function parseManifest(xml: string): ManifestEntity[] {
	const doc = parser.parse(xml) as Raw;
	const root = (doc.exportManifest ?? {}) as Raw;
	const entities = (root.entity ?? []) as Raw[];
	return entities.map((e) => ({
		path: String(e.path ?? ''),
		file: e.file === undefined ? undefined : String(e.file),
		folder: e.folder === 'true',
		hidden: e.hidden === 'true',
		owner: String(e.owner ?? 'admin'),
		ownerType: Number(e.ownerType ?? 0),
		entriesInheriting: e.entriesInheriting !== 'false',
		mimeType: e.mimeType === undefined ? undefined : String(e.mimeType),
		aces: ((e.ace ?? []) as Raw[]).map((a) => ({
			recipient: String(a.recipient ?? ''),
			recipientType: Number(a.recipientType ?? 0),
			permissions: String(a.permissions ?? '')
				.split(',')
				.filter((p) => p !== '')
				.map(Number),
		})),
		locales: Object.fromEntries(
			((e.locale ?? []) as Raw[]).map((l) => [
				String(l.name ?? 'default'),
				Object.fromEntries(((l.property ?? []) as Raw[]).map((p) => [String(p.key ?? ''), String(p.value ?? '')])),
			]),
		),
		metadata: Object.fromEntries(((e.metadata ?? []) as Raw[]).map((m) => [String(m.key ?? ''), String(m.value ?? '')])),
	}));
}
