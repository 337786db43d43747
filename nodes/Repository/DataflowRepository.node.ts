import { NodeConnectionTypes, type INodeType, type INodeTypeDescription } from 'n8n-workflow';

import { requestOptionsField } from '../common/fields';
import { operationRouter } from '../common/operations';
import * as access from './resources/access';
import * as file from './resources/file';
import * as folder from './resources/folder';
import * as ldap from './resources/ldap';
import * as localeMetadata from './resources/localeMetadata';
import * as resource from './resources/resource';
import * as role from './resources/role';
import * as session from './resources/session';
import * as system from './resources/system';
import * as trash from './resources/trash';
import * as user from './resources/user';
import { searchFolders, searchPaths } from './shared/listSearch';
import { getRoleOptions, searchRoles, searchUsers } from './shared/userRoles';

export class DataflowRepository implements INodeType {
	description: INodeTypeDescription = {
		displayName: 'Dataflow Repository',
		name: 'dataflowRepository',
		icon: { light: 'file:../../icons/repository.svg', dark: 'file:../../icons/repository.dark.svg' },
		group: ['transform'],
		version: 1,
		subtitle:
			// The chosen operation's action, not its raw value (test/nodes/subtitle.test.ts keeps this in step with the pickers).
			'={{ {"access:canAccess":"Check access to file","access:canAdminister":"Check whether user can administer","access:canCreate":"Check whether user can create content","access:canDownload":"Check whether user can download","access:canEdit":"Check whether user can edit content","access:canUpload":"Check whether user can upload","access:getAccessForPaths":"Get access for several paths","access:getAccessMap":"Get access map of file","access:getAcl":"Get ACL of file","access:updateAcl":"Update ACL of file","file:download":"Download file or folder","file:exists":"Check whether file exists","file:getContent":"Get content of file","file:getGeneratedContent":"Get generated content of file","file:getGeneratedContentForUser":"Get generated content of file for user","file:getInline":"Get file for inline display","file:getProperties":"Get properties of file","file:import":"Import file or zip into folder","file:rename":"Rename file","file:upload":"Upload file","folder:create":"Create folder","folder:getChildren":"Get children of folder","folder:getDefaultLocation":"Get default location of folder","folder:getTree":"Get tree of folder","folder:isVisible":"Check whether folder is visible","ldap:getSettings":"Get LDAP settings","ldap:updateSettings":"Update LDAP settings all users log in with","localeMetadata:deleteLocale":"Delete locale of file","localeMetadata:getLocaleProperties":"Get locale properties of file","localeMetadata:getLocales":"Get locales of file","localeMetadata:getMetadata":"Get metadata of file","localeMetadata:updateLocaleProperties":"Update locale properties of file","localeMetadata:updateMetadata":"Update metadata of file","resource:get":"Get repository resource","resource:getDefaultUrl":"Get default URL of file","resource:post":"Post properties to repository resource","role:create":"Create role","role:delete":"Delete role","role:getMany":"Get many roles","role:getMembers":"Get members of role","session:isAdministrator":"Check whether user is administrator","session:isAuthenticated":"Check whether user is authenticated","system:backUp":"Back up system","system:getReservedCharacters":"Get reserved characters","system:getReservedCharactersForDisplay":"Get reserved characters for display","system:restore":"Restore system from backup overwriting repository","trash:deletePermanently":"Delete files permanently","trash:getMany":"Get many files in trash","trash:moveToTrash":"Move files to trash","trash:restore":"Restore files from trash","user:addRoles":"Add roles to user","user:changePassword":"Change password of user","user:create":"Create user","user:delete":"Delete user","user:getMany":"Get many users","user:getRoles":"Get roles of user","user:removeRoles":"Remove roles from user"}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}',
		description: 'Move files in and out of the BI server repository (import included) and manage folders, trash, permissions, locales, metadata, backups, users, roles and LDAP settings',
		defaults: { name: 'Dataflow Repository' },
		usableAsTool: true,
		// Read by n8n's workflow builder (search results and node type definitions).
		builderHint: {
			searchHint:
				'Use for files and folders in the BI server repository, addressed by paths such as /home/admin/sales.ktr: list a folder, read file properties, download or upload files (as binary data), import a zip or file into a folder, rename, move to the trash; list, create and delete users and roles, change passwords, assign roles. Trash > Delete Permanently, System > Restore, File > Import, the User and Role writes and LDAP updates change the server for good. To start a workflow when files change use the Dataflow Repository Trigger.',
		},
		inputs: [NodeConnectionTypes.Main],
		outputs: [NodeConnectionTypes.Main],
		credentials: [{ name: 'dataflowServerApi', required: true }],
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
					{ name: 'Role', value: 'role' },
					{ name: 'Session', value: 'session' },
					{ name: 'System', value: 'system' },
					{ name: 'Trash', value: 'trash' },
					{ name: 'User', value: 'user' },
				],
				default: 'file',
			},
			...access.description,
			...file.description,
			...folder.description,
			...ldap.description,
			...localeMetadata.description,
			...resource.description,
			...role.description,
			...session.description,
			...system.description,
			...trash.description,
			...user.description,
			// n8n adds no Request Options to a node with `execute`: declared here (nodes/common/fields.ts).
			requestOptionsField(),
		],
	};

	methods = {
		listSearch: { searchFolders, searchPaths, searchRoles, searchUsers },
		loadOptions: { getRoleOptions },
	};

	execute = operationRouter({
		access: access.operations,
		file: file.operations,
		folder: folder.operations,
		ldap: ldap.operations,
		localeMetadata: localeMetadata.operations,
		resource: resource.operations,
		role: role.operations,
		session: session.operations,
		system: system.operations,
		trash: trash.operations,
		user: user.operations,
	});
}
