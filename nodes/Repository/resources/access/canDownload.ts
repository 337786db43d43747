import { folderCheck } from '../../shared/checks';

/** Whether the current user may download (from a folder). */
export const { description, execute } = folderCheck('canDownload');
