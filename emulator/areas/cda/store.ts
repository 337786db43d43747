/**
 * The CDA area's state: the modelled .cda files by repository path, the queries wrapped by `wrapItUp` (CdaEngine keeps
 * them in a map until unwrapped once: webdetails/cda core/src/main/java/pt/webdetails/cda/CdaEngine.java@10.2.0.0-222),
 * and the look-up of a .cda file a user may read.
 */
import type { EmulatorApp } from '../../core/app';
import type { EmulatorUser } from '../../core/types';
import { repositoryOf } from '../repository/area';
import { parseCda, type CdaFile } from './model';
import type { Params } from './request';

export interface CdaArea {
	app: EmulatorApp;
	files: Map<string, CdaFile>;
	wrapped: Map<string, { path: string; request: Params }>;
}

/**
 * The CDA file at a repository path that the user may read: the model's, or one read from the file's content (a .cda
 * the emulator has no model for). Undefined when there is no such readable file or it is not a CDA document.
 */
export async function cdaFileAt(area: CdaArea, path: string, user: EmulatorUser): Promise<CdaFile | undefined> {
	let repo;
	try {
		repo = repositoryOf(area.app);
	} catch {
		return undefined;
	}
	const node = repo.find(path.startsWith('/') ? path : `/${path}`);
	if (!node || node.folder || !repo.permitted(user, node, 0)) return undefined;
	const canonical = repo.pathOf(node);
	const known = area.files.get(canonical);
	if (known) return known;
	return parseCda(canonical, (await repo.readContent(node)).toString('utf8'));
}
