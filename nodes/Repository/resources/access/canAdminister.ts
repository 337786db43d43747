import { userCheck } from '../../shared/checks';
import { FILES } from '../../shared/paths';

/** Whether the current user may administer the repository. */
export const { description, execute } = userCheck(`${FILES}/canAdminister`, 'canAdminister');
