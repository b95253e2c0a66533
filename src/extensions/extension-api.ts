// Typed access to the extension service (src/contract/extensions.ts). Every answer is
// checked against the contract before use.
import { CheckedApi, pathId as id, type Call } from '../api/checked-api.ts';
import {
  Extension,
  ExtensionCreated,
  ExtensionList,
  ExtensionWorkspace,
  type BrowseQuery,
  type BrowseType,
  type ExtensionCode,
  type ExtensionInput,
  type ExtensionUpdate,
} from '../contract/extensions.ts';

export class ExtensionApi extends CheckedApi {
  publish(input: ExtensionInput, call?: Call) {
    return this.send(ExtensionCreated, 'post', '/publish', input, call);
  }

  extension(uuid: string, call?: Call) {
    return this.get(Extension, `/extension/${id(uuid)}`, call);
  }

  /** GET /browse/{type}[/search/{query}]: a blank query browses without searching. */
  browse(type: BrowseType, query: string, options: BrowseQuery, call?: Call) {
    const search = query.trim();
    const url = search ? `/browse/${type}/search/${id(search)}` : `/browse/${type}`;
    return this.get(ExtensionList, url, call, { ...options });
  }

  workspace(uuid: string, call?: Call) {
    return this.get(ExtensionWorkspace, `/extension/${id(uuid)}/workspace`, call);
  }

  update(uuid: string, patch: ExtensionUpdate, call?: Call) {
    return this.send(Extension, 'put', `/extension/${id(uuid)}`, patch, call);
  }

  saveCode(uuid: string, code: ExtensionCode, call?: Call) {
    return this.send(Extension, 'put', `/extension/${id(uuid)}/workspace`, code, call);
  }

  archive(uuid: string, archived: boolean, call?: Call) {
    return this.send(Extension, 'put', `/extension/${id(uuid)}/archive`, { archived }, call);
  }

  markAs(uuid: string, official: boolean, call?: Call) {
    return this.send(Extension, 'put', `/extension/${id(uuid)}/markas`, { official }, call);
  }

  add(uuid: string, call?: Call) {
    return this.send(Extension, 'put', `/extension/${id(uuid)}/add`, {}, call);
  }

  remove(uuid: string, call?: Call) {
    return this.send(Extension, 'put', `/extension/${id(uuid)}/remove`, {}, call);
  }
}
