import { userCheck } from '../../shared/checks';
import { FILES } from '../../shared/paths';

/**
 * Whether the current user may edit content. `GET /canEdit` exists from 9.4 on
 * (pentaho-platform:extensions/.../resources/FileResource.java `doGetCanEdit`@9.4.0.0-374; absent
 * @9.3.0.0-422, where the request would reach GET {pathId} and answer 404).
 */
export const { description, execute } = userCheck(`${FILES}/canEdit`, 'canEdit', { since: { version: '9.4', operation: 'Can Edit' } });
