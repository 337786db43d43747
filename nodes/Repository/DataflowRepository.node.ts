import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { operationSubtitle, requestOptionsField } from '../common/fields';
import { customOperationsOf, executeOperation } from '../common/operations';
import * as access from './resources/access';
import * as file from './resources/file';
import * as folder from './resources/folder';
import * as ldap from './resources/ldap';
import * as localeMetadata from './resources/localeMetadata';
import * as resource from './resources/resource';
import * as session from './resources/session';
import * as system from './resources/system';
import * as trash from './resources/trash';
import { searchFolders, searchPaths } from './shared/listSearch';

export class DataflowRepository implements INodeType {
	// The subtitle names the chosen operation's action, from the operation pickers (operationSubtitle),
	// where the rule wants the raw "operation: resource" values.
	// eslint-disable-next-line n8n-nodes-base/node-class-description-missing-subtitle
	description: INodeTypeDescription = {
		displayName: 'Dataflow Repository',
		name: 'dataflowRepository',
		icon: { light: 'file:../../icons/repository.svg', dark: 'file:../../icons/repository.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle: operationSubtitle(access.description, file.description, folder.description, ldap.description, localeMetadata.description, resource.description, session.description, system.description, trash.description),
		description: 'Move files in and out of the BI server repository and manage folders, trash, permissions, locales, metadata, backups and LDAP settings',
		defaults: { name: 'Dataflow Repository' },
		usableAsTool: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Use for files and folders in the BI server repository, addressed by paths such as /home/admin/sales.ktr: list a folder, read file properties, download or upload files (as binary data), rename, move to the trash. Trash > Delete Permanently, System > Restore and LDAP updates change the server for good. To start a workflow when files change use the Dataflow Repository Trigger.',
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'dataflowServerApi', required: true }],
		requestDefaults: {
			baseURL: '={{$credentials.baseUrl}}',
		},
		properties: [
			{
				displayName: 'Resource',
				name: 'resource',
				type: 'options',
				noDataExpression: true,
				options: [
					{ name: 'Access', value: 'access' },
					{ name: 'File', value: 'file' },
					{ name: 'Folder', value: 'folder' },
					{ name: 'LDAP', value: 'ldap' },
					{ name: 'Locale & Metadata', value: 'localeMetadata' },
					{ name: 'Repository Resource', value: 'resource' },
					{ name: 'Session', value: 'session' },
					{ name: 'System', value: 'system' },
					{ name: 'Trash', value: 'trash' },
				],
				default: 'file',
			},
			...access.description,
			...file.description,
			...folder.description,
			...ldap.description,
			...localeMetadata.description,
			...resource.description,
			...session.description,
			...system.description,
			...trash.description,
			// n8n adds no Request Options to a node with `execute`: declared here (nodes/common/fields.ts).
			requestOptionsField(),
		],
	};

	methods = {
		listSearch: { searchFolders, searchPaths },
	};

	customOperations = customOperationsOf({
		access: access.operations,
		file: file.operations,
		folder: folder.operations,
		ldap: ldap.operations,
		localeMetadata: localeMetadata.operations,
		resource: resource.operations,
		session: session.operations,
		system: system.operations,
		trash: trash.operations,
	});

	/** Runs as an AI tool too (n8n calls `execute` there, not `customOperations`). */
	execute = executeOperation(this.customOperations);
}
