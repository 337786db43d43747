import { NodeOperationError, type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { serverVersion } from '../../../common/serverVersion';
import { requestOperation, type RequestPlan } from '../../../common/executor';
import { binaryItem } from '../../shared/builders';
import { LOG_LEVEL_OPTION, logsBackup, logFileField, readLogFields } from '../../shared/logging';
import { FILES, show } from '../../shared/paths';
import { binaryOutputField } from '../../../common/fields';

const showOn = show('system', 'backUp');

export const description = updateDisplayOptions({ show: showOn }, [
	{
		displayName:
			'Only administrators may back up the system. The backup (a zip) is streamed into a binary field. Servers from build 10.2.0.2-290 on also write a log file on the server.',
		name: 'backUpNotice',
		type: 'notice',
		default: '',
	},
	binaryOutputField(),
	logFileField('backup.log'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			LOG_LEVEL_OPTION,
			{
				displayName: 'Output File Name',
				name: 'outputFile',
				type: 'string',
				default: 'SystemBackup.zip',
				description: 'Name of the backup file (older servers, before build 10.2.0.2-290, always call it SystemBackup.zip)',
			},
		],
	},
]);

interface Plan {
	property: string;
	form: Record<string, string>;
}

/**
 * Back Up. Servers before build 10.2.0.2-290 serve `GET /backup` (no parameters; the file is SystemBackup.zip)
 * and answer a POST with 405; from 10.2.0.2-290 on (see logsBackup) it is `POST /backup` with the form fields logFile,
 * logLevel and outputFile, all required (pentaho-platform:extensions/.../resources/FileResource.java
 * `systemBackup`@9.3.0.0-422, @10.2.0.0-222, @10.2.0.3-305, @727e5c86). A server that does not tell
 * its version is asked with POST first and with GET when it answers 405.
 */
export const execute = requestOperation<Plan>({
	plan(itemIndex) {
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
		if (property === '') throw new NodeOperationError(this.getNode(), 'The output binary field name is empty', { itemIndex });
		const outputFile = String(options.outputFile ?? '').trim() || 'SystemBackup.zip';
		if (/[\\/]/.test(outputFile)) throw new NodeOperationError(this.getNode(), `The output file name "${outputFile}" may not contain a path`, { itemIndex });
		return { property, form: { ...readLogFields(this, itemIndex, options, 'backup.log'), outputFile } };
	},
	async request(plan, itemIndex): Promise<RequestPlan> {
		const version = await serverVersion(this, itemIndex);
		// 9.3/10.2 answer a refusal with the container's generic page (see docs/real-servers): the reason is said here.
		const refusals = { 403: 'Only administrators may back up the system, and this user is not one' };
		const get: RequestPlan = { method: 'GET', path: `${FILES}/backup`, headers: { Accept: '*/*' }, expect: 'stream', refusals };
		if (version && !logsBackup(version)) return get;
		const post: RequestPlan = {
			method: 'POST',
			path: `${FILES}/backup`,
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: '*/*' },
			body: new URLSearchParams(plan.form).toString(),
			expect: 'stream',
			refusals,
		};
		return version ? post : { ...post, okStatuses: [405], fallback: get };
	},
	async output(plan, response) {
		const fileName = plan.form.outputFile;
		return await binaryItem(this, response, { fileName, property: plan.property, json: { backedUp: true } });
	},
});
