/**
 * Which resources a server kind has. The editor cannot show fields by the credential (n8n's displayOptions
 * read node parameters only), so the Worker node offers Kettle's resources (Job, Transformation …) and
 * Hop's (Pipeline, Workflow) side by side, each saying which server it is for, and refuses a resource the
 * credential's server does not have before any request, saying what to use instead.
 */
import { NodeOperationError, type IExecuteFunctions } from 'n8n-workflow';

import { serverSettings } from '../../common/transport';

/** Kettle resources a Hop Server does not have, and why (apache/hop engine/src/main/java/org/apache/hop/www/ @2.19.0-rc1). */
const NOT_ON_HOP: Record<string, string> = {
	job: 'On a Hop Server a job is a workflow: use the Workflow resource.',
	transformation: 'On a Hop Server a transformation is a pipeline: use the Pipeline resource.',
	sequence: 'A Hop Server serves no sequences: its nextSequence servlet was removed in Hop 2.2.0 (apache/hop 4f7aaa0764).',
	slave: 'A Hop Server has no slave server registry (no registerSlave or getSlaves servlet).',
	socket: 'A Hop Server has no socket port servlets (allocateSocket, listSocket).',
};

/** Hop resources only a Hop Server has. */
const ONLY_ON_HOP: Record<string, string> = {
	pipeline: 'Pipelines run on an Apache Hop Server: set the credential\'s Server Kind to "Hop Server", or use the Transformation resource on a worker server.',
	workflow: 'Workflows run on an Apache Hop Server: set the credential\'s Server Kind to "Hop Server", or use the Job resource on a worker server.',
};

/** Refuses the node's resource when the credential's server does not have it. */
export async function checkServerKind(ctx: IExecuteFunctions): Promise<void> {
	const resource = String(ctx.getNodeParameter('resource', 0));
	const { serverKind } = await serverSettings(ctx);
	const label = resource.charAt(0).toUpperCase() + resource.slice(1);
	if (serverKind === 'hopServer' && Object.hasOwn(NOT_ON_HOP, resource)) {
		throw new NodeOperationError(ctx.getNode(), `The resource "${label}" is not available on a Hop Server (the credential's Server Kind). ${NOT_ON_HOP[resource]}`);
	}
	if (serverKind !== 'hopServer' && Object.hasOwn(ONLY_ON_HOP, resource)) {
		throw new NodeOperationError(ctx.getNode(), `The resource "${label}" is only available on a Hop Server. ${ONLY_ON_HOP[resource]}`);
	}
}
