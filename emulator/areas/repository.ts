/**
 * The repository area of the emulator: all 47 repository, directory, resource, LDAP and
 * user-console endpoints, with behaviour (files stored on disk and streamed, folders, trash,
 * ACLs, locale properties, metadata, listings with filters, backup and restore as zip).
 *
 * Layout (as every area): repository/area.ts registers, routes-*.ts answer, store.ts holds the state
 * and acts on it, seed.ts is the fixture, format.ts writes the documents, request.ts reads parameters;
 * manifest.ts, zip.ts and javaDecode.ts are helpers.
 *
 * Other areas and tests reach it through the typed accessors of repository/store.ts
 * (`repositoryLookup(app)`, `repositoryIndex(app)`) and the helpers of repository/area.ts (`repositoryOf`,
 * `putRepositoryFile`, `readRepositoryFile`, `addGeneratedContent`, `deleteRepositoryPath`).
 */
export { addGeneratedContent, deleteRepositoryPath, putRepositoryFile, readRepositoryFile, register, repositoryOf } from './repository/area';
export type { RepositorySeed, SeedFile } from './repository/seed';
export { SAMPLE_JOB } from './repository/seed';
export type { NodeSummary, RepoNode, RepositoryArea } from './repository/store';
export { Repository, repositoryIndex, repositoryLookup, type RepositoryIndex, type RepositoryLookup } from './repository/store';
