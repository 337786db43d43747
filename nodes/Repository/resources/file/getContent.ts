import { contentDownload } from '../../shared/checks';

/** The file's content: `GET {pathId}`. */
export const { description, execute } = contentDownload('getContent');
