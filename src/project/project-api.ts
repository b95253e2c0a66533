// Typed access to the project, catalog and storage services (spec core §7). Every answer is
// checked against the contract (src/contract/projects.ts) before anyone uses it: a
// server that answers something else fails with a 'bad_response' ApiError instead of
// rendering half a page. Framework-free; the app's instance is in runtime.ts.
import { UuidRef } from '../contract/common.ts';
import {
  Catalog,
  CatalogAll,
  CatalogList,
  Deleted,
  LikeState,
  Project,
  ProjectCode,
  ProjectCodeSaved,
  ProjectCreated,
  ProjectList,
  ProjectNameBody,
  SharedWorkspace,
  StorageKey,
  type CatalogInput,
  type CatalogListQuery,
  type CatalogUpdate,
  type MyProjectType,
  type ProjectInput,
  type ProjectListQuery,
  type ProjectUpdate,
} from '../contract/projects.ts';
import { CheckedApi, pathId, type Call } from '../api/checked-api.ts';
import type { CallOptions } from '../api/client.ts';

export class ProjectApi extends CheckedApi {
  // Projects

  createProject(input: ProjectInput, call?: Call) {
    return this.send(ProjectCreated, 'post', '/project/create', input, call);
  }

  saveAs(input: ProjectInput, call?: Call) {
    return this.send(ProjectCreated, 'post', '/project/saveas', input, call);
  }

  getProject(uuid: string, call?: Call) {
    return this.get(Project, `/project/${pathId(uuid)}`, call);
  }

  updateProject(uuid: string, patch: ProjectUpdate, call?: Call) {
    return this.send(Project, 'put', `/project/${pathId(uuid)}`, patch, call);
  }

  async renameProject(uuid: string, name: string, call?: Call): Promise<string> {
    const answer = await this.send(
      ProjectNameBody,
      'put',
      `/project/${pathId(uuid)}/name`,
      { name },
      call,
    );
    return answer.name;
  }

  getCode(uuid: string, call?: Call) {
    return this.get(ProjectCode, `/project/${pathId(uuid)}/code`, call);
  }

  saveCode(uuid: string, code: string, call?: Call) {
    return this.send(ProjectCodeSaved, 'put', `/project/${pathId(uuid)}/code`, { code }, call);
  }

  setPublished(uuid: string, published: boolean, call?: Call) {
    const action = published ? 'publish' : 'unpublish';
    return this.send(Project, 'put', `/project/${pathId(uuid)}/${action}`, {}, call);
  }

  setLiked(uuid: string, liked: boolean, call?: Call) {
    const action = liked ? 'like' : 'unlike';
    return this.send(LikeState, 'post', `/project/${pathId(uuid)}/${action}`, {}, call);
  }

  /** A copy of mine named `name` (made unique by the server), or by the server's default. */
  remix(uuid: string, name?: string, call?: Call) {
    const body = name === undefined ? {} : { name };
    return this.send(ProjectCreated, 'post', `/project/${pathId(uuid)}/remix`, body, call);
  }

  deleteProject(uuid: string, call?: Call) {
    return this.delete(Deleted, `/project/${pathId(uuid)}`, call);
  }

  /** My catalogs that hold the project. */
  catalogsHolding(uuid: string, call?: Call) {
    return this.get(CatalogAll, `/project/${pathId(uuid)}/my-added`, call);
  }

  remixes(uuid: string, query: ProjectListQuery, call?: Call) {
    return this.get(ProjectList, `/project/${pathId(uuid)}/remixes`, call, query);
  }

  browseProjects(query: ProjectListQuery, call?: Call) {
    return this.get(ProjectList, '/projects/browse', call, query);
  }

  myProjects(type: MyProjectType, query: ProjectListQuery, call?: Call) {
    return this.get(ProjectList, `/projects/my/${type}`, call, query);
  }

  myPublished(query: ProjectListQuery, call?: Call) {
    return this.get(ProjectList, '/projects/my-published', call, query);
  }

  // Catalogs

  createCatalog(input: CatalogInput, call?: Call) {
    return this.send(UuidRef, 'post', '/catalog/create', input, call);
  }

  getCatalog(uuid: string, call?: Call) {
    return this.get(Catalog, `/catalog/${pathId(uuid)}`, call);
  }

  updateCatalog(uuid: string, patch: CatalogUpdate, call?: Call) {
    return this.send(Catalog, 'put', `/catalog/${pathId(uuid)}`, patch, call);
  }

  addToCatalog(catalog: string, project: string, call?: Call) {
    return this.send(Catalog, 'put', `/catalog/${pathId(catalog)}/add`, { project }, call);
  }

  removeFromCatalog(catalog: string, project: string, call?: Call) {
    return this.delete(Catalog, `/catalog/${pathId(catalog)}/${pathId(project)}`, call);
  }

  deleteCatalog(uuid: string, call?: Call) {
    return this.delete(Deleted, `/catalog/${pathId(uuid)}`, call);
  }

  catalogProjects(uuid: string, query: ProjectListQuery, call?: Call) {
    return this.get(ProjectList, `/catalog/${pathId(uuid)}/projects`, call, query);
  }

  /** My projects in the catalog. */
  catalogMyAdded(uuid: string, query: ProjectListQuery, call?: Call) {
    return this.get(ProjectList, `/catalog/${pathId(uuid)}/my-added`, call, query);
  }

  browseCatalogs(query: CatalogListQuery, call?: Call) {
    return this.get(CatalogList, '/catalogs/browse', call, query);
  }

  myCatalogs(query: CatalogListQuery, call?: Call) {
    return this.get(CatalogList, '/catalogs/my/', call, query);
  }

  allMyCatalogs(call?: Call) {
    return this.get(CatalogAll, '/catalogs/my/all', call);
  }

  // Storage (no sign-in needed)

  /** Stores a workspace; the answer must be a 36-character key (spec core §5). */
  async shareWorkspace(xml: string, uid: string, call: Call = {}): Promise<string> {
    const body = new URLSearchParams({ action: 'link', xml });
    if (uid) body.set('uid', uid);
    const key = await this.deps.client.post<unknown>('/storage', body, {
      anonymous: true,
      quiet: call.quiet ?? false,
      responseType: 'text',
    });
    return this.checked(StorageKey, key, call);
  }

  async sharedWorkspace(key: string, uid: string, call: Call = {}): Promise<string> {
    const params: CallOptions['params'] = { action: 'get', key };
    if (uid) params.uid = uid;
    const xml = await this.deps.client.get<unknown>('/storage', {
      anonymous: true,
      quiet: call.quiet ?? false,
      responseType: 'text',
      params,
    });
    return this.checked(SharedWorkspace, xml, call);
  }
}
