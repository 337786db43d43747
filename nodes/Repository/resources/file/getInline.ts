import { contentDownload } from '../../shared/checks';

/** The file's content as served for inline display: `GET {pathId}/inline`. */
export const { description, execute } = contentDownload('getInline', 'inline');
