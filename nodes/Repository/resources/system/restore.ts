import { NodeOperationError, type IDataObject, updateDisplayOptions } from 'n8n-workflow';

import { multipartBody, uploadSource } from '../../../common/binary';
import { csrfHeaders } from '../../../common/csrf';
import { defineOperation, toItems } from '../../../common/executor';
import { serverVersion } from '../../../common/serverVersion';
import { dataflowRequest } from '../../../common/transport';
import { LOG_LEVEL_OPTION, logsBackup, logFileField, readLogFields } from '../../shared/logging';
import { FILES, show } from '../../shared/paths';
import { binaryInputField } from '../../../common/fields';

const showOn = show('system', 'restore');

export const description = updateDisplayOptions({ show: showOn }, [
	{
		displayName: 'Only administrators may restore the system. The backup zip is streamed from the binary field.',
		name: 'restoreNotice',
		type: 'notice',
		default: '',
	},
	binaryInputField('The name of the input binary field holding the backup zip'),
	logFileField('restore.log'),
	{
		displayName: 'Options',
		name: 'options',
		type: 'collection',
		placeholder: 'Add Option',
		default: {},
		options: [
			{
				displayName: 'Apply ACL Settings',
				name: 'applyAclSettings',
				type: 'boolean',
				default: true,
				description: 'Whether to apply the permissions stored in the backup to the files it creates (on when left out)',
			},
			LOG_LEVEL_OPTION,
			{
				displayName: 'Overwrite ACL Settings',
				name: 'overwriteAclSettings',
				type: 'boolean',
				default: false,
				description: 'Whether the permissions in the backup also replace those of files that already exist',
			},
			{
				displayName: 'Overwrite Files',
				name: 'overwriteFile',
				type: 'boolean',
				default: true,
				description:
					'Whether values in the backup replace the matching ones on the server (values only on the server are kept); when off, what already exists is skipped (on when left out)',
			},
		],
	},
]);

interface Plan {
	property: string;
	fields: Record<string, string>;
	log: { logFile: string; logLevel: string };
}

/**
 * The name the server gives the import: its importer picks the archive handler by the name's extension,
 * looked up case-sensitively, so only a lowercase `.zip` imports anything (`backup.ZIP` would import
 * nothing and still answer 200). Another case of `.zip` is lowercased; a name without it becomes
 * SystemBackup.zip.
 */
function bundleName(fileName: string | undefined): string {
	const name = (fileName ?? '').split(/[\\/]/).pop() ?? '';
	return /\.zip$/i.test(name) ? `${name.slice(0, -4)}.zip` : 'SystemBackup.zip';
}

export const execute = defineOperation<Plan>({
	plan(itemIndex) {
		const property = String(this.getNodeParameter('binaryPropertyName', itemIndex, 'data') ?? '').trim();
		if (property === '') throw new NodeOperationError(this.getNode(), 'The input binary field name is empty', { itemIndex });
		this.helpers.assertBinaryData(itemIndex, property);
		const options = this.getNodeParameter('options', itemIndex, {}) as IDataObject;
		const flag = (name: string, fallback: boolean) => String((options[name] ?? fallback) === true);
		return {
			property,
			fields: {
				overwriteFile: flag('overwriteFile', true),
				applyAclSettings: flag('applyAclSettings', true),
				overwriteAclSettings: flag('overwriteAclSettings', false),
			},
			log: readLogFields(this, itemIndex, options, 'restore.log'),
		};
	},
	/**
	 * `POST /systemRestore`, multipart. Before build 10.2.0.2-290 (logsBackup) the server reads fileUpload, overwriteFile,
	 * applyAclSettings and overwriteAclSettings and names the import "SystemBackup.zip" itself; from
	 * 10.2.0.2-290 on it also requires logFile and logLevel (500 without them) and names the import after
	 * `backupBundlePath`: without a .zip name its importer finds no handler, imports nothing and still
	 * answers 200 (pentaho-platform:extensions/.../resources/FileResource.java `systemRestore` and
	 * services/FileService.java `systemRestore`@9.3.0.0-422, @10.2.0.3-305, @727e5c86;
	 * extensions/.../importer/PentahoPlatformImporter.java `importFile`@727e5c86). The platform's own
	 * command-line client sends the CSRF token with it (CommandLineProcessor@727e5c86), so the node does too.
	 */
	async run(plan, itemIndex) {
		const version = await serverVersion(this, itemIndex);
		const source = await uploadSource(this, itemIndex, plan.property);
		const logged = !version || logsBackup(version);
		const backupBundlePath = bundleName(source.fileName);
		const fields: Record<string, string> = { ...plan.fields, ...(logged ? { ...plan.log, backupBundlePath } : {}) };
		const { body, contentType } = multipartBody([
			{ name: 'fileUpload', fileName: backupBundlePath, contentType: source.mimeType || 'application/zip', content: source.body },
			...Object.entries(fields).map(([name, value]) => ({ name, value })),
		]);
		const path = `${FILES}/systemRestore`;
		const csrf = await csrfHeaders(this, path, itemIndex);
		// No redirect following: the HTTP client would keep the whole body in memory to be able to resend it.
		await dataflowRequest(this, {
			method: 'POST',
			path,
			headers: { ...csrf, 'Content-Type': contentType },
			body,
			expect: 'empty',
			noRedirects: true,
			refusals: { 403: 'Only administrators may restore the system, and this user is not one' },
			itemIndex,
		});
		return toItems({
			restored: true,
			fileName: source.fileName,
			overwriteFile: plan.fields.overwriteFile === 'true',
			applyAclSettings: plan.fields.applyAclSettings === 'true',
			overwriteAclSettings: plan.fields.overwriteAclSettings === 'true',
			...(logged ? { backupBundlePath, ...plan.log } : {}),
			...(version ? { serverVersion: version.raw } : {}),
		});
	},
});
