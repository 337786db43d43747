/**
 * The "From List" mode of repository paths: the shared repository picker (nodes/common/repositoryPicker.ts),
 * which the Worker and Scheduler nodes use too, under the method names this node's fields use.
 */
export { searchRepositoryFolders as searchFolders, searchRepositoryPaths as searchPaths } from '../../common/repositoryPicker';
