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
			'={{ {"access:canAccess":"Check access to a file","access:canAdminister":"Check whether the user can administer","access:canCreate":"Check whether the user can create content","access:canDownload":"Check whether the user can download","access:canEdit":"Check whether the user can edit content","access:canUpload":"Check whether the user can upload","access:getAccessForPaths":"Get access for several paths","access:getAccessMap":"Get the access map of a file","access:getAcl":"Get the ACL of a file","access:updateAcl":"Update the ACL of a file","file:download":"Download a file or folder","file:exists":"Check whether a file exists","file:getContent":"Get the content of a file","file:getGeneratedContent":"Get the generated content of a file","file:getGeneratedContentForUser":"Get the generated content of a file for a user","file:getInline":"Get a file for inline display","file:getProperties":"Get the properties of a file","file:import":"Import a file or zip into a folder","file:rename":"Rename a file","file:upload":"Upload a file","folder:create":"Create a folder","folder:getChildren":"Get the children of a folder","folder:getDefaultLocation":"Get the default location of a folder","folder:getTree":"Get the tree of a folder","folder:isVisible":"Check whether a folder is visible","ldap:getSettings":"Get the LDAP settings","ldap:updateSettings":"Update the LDAP settings all users log in with","localeMetadata:deleteLocale":"Delete a locale of a file","localeMetadata:getLocaleProperties":"Get the locale properties of a file","localeMetadata:getLocales":"Get the locales of a file","localeMetadata:getMetadata":"Get the metadata of a file","localeMetadata:updateLocaleProperties":"Update the locale properties of a file","localeMetadata:updateMetadata":"Update the metadata of a file","resource:get":"Get a repository resource","resource:getDefaultUrl":"Get the default URL of a file","resource:post":"Post properties to a repository resource","role:create":"Create a role","role:delete":"Delete a role","role:getMany":"Get many roles","role:getMembers":"Get the members of a role","session:isAdministrator":"Check whether the user is an administrator","session:isAuthenticated":"Check whether the user is authenticated","system:backUp":"Back up the system","system:getReservedCharacters":"Get the reserved characters","system:getReservedCharactersForDisplay":"Get the reserved characters for display","system:restore":"Restore the system from a backup overwriting the repository","trash:deletePermanently":"Delete files permanently","trash:getMany":"Get many files in the trash","trash:moveToTrash":"Move files to the trash","trash:restore":"Restore files from the trash","user:addRoles":"Add roles to a user","user:changePassword":"Change the password of a user","user:create":"Create a user","user:delete":"Delete a user","user:getMany":"Get many users","user:getRoles":"Get the roles of a user","user:removeRoles":"Remove roles from a user"}[$parameter["resource"] + ":" + $parameter["operation"]] || $parameter["operation"] }}',
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
