import { folderCheck } from '../../shared/checks';

/** Whether the current user may upload (into a folder). */
export const { description, execute } = folderCheck('canUpload');
