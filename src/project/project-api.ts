// Typed access to the project, catalog and storage services (spec core §7). Every answer is
// checked against the contract (src/contract/projects.ts) before anyone uses it: a
// server that answers something else fails with a 'bad_response' ApiError instead of
// rendering half a page. Framework-free; the app's instance is in projects-service.ts.
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { CallOptions } from '../api/client.ts';
import {
  Catalog,
  CatalogAll,
  CatalogCreated,
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
import type { ApiTransport, Call } from '../api/checked-api.ts';
import { ApiError } from '../api/errors.ts';

export interface ProjectApiDeps {
  client: ApiTransport;
  /** Shows a failure to the user (a warning toast in the app). */
  notify: (message: string) => void;
  /** Translates a key (for the 'bad_response' text). */
  translate: (key: string) => string;
}

const id = (uuid: string) => encodeURIComponent(uuid);

export class ProjectApi {
  constructor(private readonly deps: ProjectApiDeps) {}

  private checked<S extends TSchema>(schema: S, data: unknown, call: Call): Static<S> {
    if (Value.Check(schema, data)) return data;
    const error = new ApiError(
      this.deps.translate('global:mapping.bad_response'),
      200,
      'bad_response',
    );
    if (!call.quiet) this.deps.notify(error.message);
    throw error;
  }

  private async get<S extends TSchema>(
    schema: S,
    url: string,
    call: Call = {},
    params?: CallOptions['params'],
  ): Promise<Static<S>> {
    const options: CallOptions = { quiet: call.quiet ?? false };
    if (params) options.params = params;
    return this.checked(schema, await this.deps.client.get<unknown>(url, options), call);
  }

  private async send<S extends TSchema>(
    schema: S,
    method: 'post' | 'put',
    url: string,
    body: unknown,
    call: Call = {},
  ): Promise<Static<S>> {
    const answer = await this.deps.client[method]<unknown>(url, body, {
      quiet: call.quiet ?? false,
    });
    return this.checked(schema, answer, call);
  }

  private async remove<S extends TSchema>(schema: S, url: string, call: Call = {}) {
    const answer = await this.deps.client.delete<unknown>(url, { quiet: call.quiet ?? false });
    return this.checked(schema, answer, call);
  }

  // Projects

  createProject(input: ProjectInput, call?: Call) {
    return this.send(ProjectCreated, 'post', '/project/create', input, call);
  }

  saveAs(input: ProjectInput, call?: Call) {
    return this.send(ProjectCreated, 'post', '/project/saveas', input, call);
  }

  getProject(uuid: string, call?: Call) {
    return this.get(Project, `/project/${id(uuid)}`, call);
  }

  updateProject(uuid: string, patch: ProjectUpdate, call?: Call) {
    return this.send(Project, 'put', `/project/${id(uuid)}`, patch, call);
  }

  async renameProject(uuid: string, name: string, call?: Call): Promise<string> {
    const answer = await this.send(
      ProjectNameBody,
      'put',
      `/project/${id(uuid)}/name`,
      { name },
      call,
    );
    return answer.name;
  }

  getCode(uuid: string, call?: Call) {
    return this.get(ProjectCode, `/project/${id(uuid)}/code`, call);
  }

  saveCode(uuid: string, code: string, call?: Call) {
    return this.send(ProjectCodeSaved, 'put', `/project/${id(uuid)}/code`, { code }, call);
  }

  setPublished(uuid: string, published: boolean, call?: Call) {
    const action = published ? 'publish' : 'unpublish';
    return this.send(Project, 'put', `/project/${id(uuid)}/${action}`, {}, call);
  }

  setLiked(uuid: string, liked: boolean, call?: Call) {
    const action = liked ? 'like' : 'unlike';
    return this.send(LikeState, 'post', `/project/${id(uuid)}/${action}`, {}, call);
  }

  remix(uuid: string, call?: Call) {
    return this.send(ProjectCreated, 'post', `/project/${id(uuid)}/remix`, {}, call);
  }

  deleteProject(uuid: string, call?: Call) {
    return this.remove(Deleted, `/project/${id(uuid)}`, call);
  }

  /** My catalogs that hold the project. */
  catalogsHolding(uuid: string, call?: Call) {
    return this.get(CatalogAll, `/project/${id(uuid)}/my-added`, call);
  }

  remixes(uuid: string, query: ProjectListQuery, call?: Call) {
    return this.get(ProjectList, `/project/${id(uuid)}/remixes`, call, query);
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
    return this.send(CatalogCreated, 'post', '/catalog/create', input, call);
  }

  getCatalog(uuid: string, call?: Call) {
    return this.get(Catalog, `/catalog/${id(uuid)}`, call);
  }

  updateCatalog(uuid: string, patch: CatalogUpdate, call?: Call) {
    return this.send(Catalog, 'put', `/catalog/${id(uuid)}`, patch, call);
  }

  addToCatalog(catalog: string, project: string, call?: Call) {
    return this.send(Catalog, 'put', `/catalog/${id(catalog)}/add`, { project }, call);
  }

  removeFromCatalog(catalog: string, project: string, call?: Call) {
    return this.remove(Catalog, `/catalog/${id(catalog)}/${id(project)}`, call);
  }

  deleteCatalog(uuid: string, call?: Call) {
    return this.remove(Deleted, `/catalog/${id(uuid)}`, call);
  }

  catalogProjects(uuid: string, query: ProjectListQuery, call?: Call) {
    return this.get(ProjectList, `/catalog/${id(uuid)}/projects`, call, query);
  }

  /** My projects in the catalog. */
  catalogMyAdded(uuid: string, query: ProjectListQuery, call?: Call) {
    return this.get(ProjectList, `/catalog/${id(uuid)}/my-added`, call, query);
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
