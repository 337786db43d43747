import { userCheck } from '../../shared/checks';

/** Whether the credential's user is an administrator. */
export const { description, execute } = userCheck('/api/mantle/isAdministrator', 'isAdministrator');
