import { userCheck } from '../../shared/checks';

/** Whether the server accepts the credential's user; a 401 is the answer "false", not a failure. */
export const { description, execute } = userCheck('/api/mantle/isAuthenticated', 'isAuthenticated', { falseStatuses: [401] });
