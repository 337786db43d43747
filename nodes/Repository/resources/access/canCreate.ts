import { userCheck } from '../../shared/checks';
import { FILES } from '../../shared/paths';

/** Whether the current user may create content. */
export const { description, execute } = userCheck(`${FILES}/canCreate`, 'canCreate');
