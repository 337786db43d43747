import { userCheck } from '../../shared/checks';
import { FILES } from '../../shared/paths';

/** Whether the current user may edit content. */
export const { description, execute } = userCheck(`${FILES}/canEdit`, 'canEdit');
