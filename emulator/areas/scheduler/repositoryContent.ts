/**
 * Generated content the repository area holds: the files directly in a workspace folder whose metadata
 * "lineage-id" is the one asked for (FileService.searchGeneratedContent, see routes-jobs.ts). Read only when
 * the repository area is registered; the scheduler's own simulated runs are in its state (store.ts).
 */
import type { EmulatorApp } from '../../core/app';
import type { RepositoryArea } from '../repository/store';
import type { Json } from './store';

export function repositoryGeneratedContent(app: EmulatorApp, workspace: string, lineageId: string): Json[] {
	const area = app.state.repositoryArea as RepositoryArea | undefined;
	const folder = area?.repo.find(workspace);
	if (!area || !folder || !folder.folder) return [];
	return [...folder.children.values()]
		.filter((node) => !node.folder && !node.trash && node.metadata['lineage-id'] === lineageId)
		.map((node) => ({
			createdDate: String(node.createdDate),
			fileSize: node.fileSize,
			folder: false,
			hidden: node.hidden,
			id: node.id,
			lastModifiedDate: String(node.lastModifiedDate),
			locale: 'en',
			locked: false,
			name: node.name,
			owner: node.acl.owner,
			ownerType: node.acl.ownerType,
			path: area.repo.pathOf(node),
			title: node.name.replace(/\.[^.]+$/, ''),
			versioned: false,
		}));
}

/**
 * Whether the repository marks a file (by path or id) as not schedulable: metadata `_PERM_SCHEDULABLE` false
 * (RepositoryFile.SCHEDULABLE_KEY, what SchedulerService.checkFileIsSchedulable / isScheduleAllowed(id) read).
 * Undefined when the repository area is not registered or the node is unknown.
 */
export function notSchedulable(app: EmulatorApp, where: { path?: string; id?: string }): boolean | undefined {
	const area = app.state.repositoryArea as RepositoryArea | undefined;
	if (!area) return undefined;
	const node = where.path !== undefined ? area.repo.find(where.path) : where.id !== undefined ? area.repo.byId.get(where.id) : undefined;
	if (!node) return undefined;
	const flag = Object.entries(node.metadata).find(([k]) => k.toLowerCase() === '_perm_schedulable');
	return flag ? flag[1].toLowerCase() !== 'true' : node.notSchedulable;
}
