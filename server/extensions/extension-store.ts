// Extensions (src/contract/extensions.ts): publish, read, browse, edit, save code, archive,
// mark official, and each user's added list. Plain Kysely, identical on SQLite and
// PostgreSQL.
//
// Rules: a live extension is visible to every signed-in user; an archived one only to its
// contributor, to moderators and to the users who added it (their programs keep working);
// anyone else gets 404 'The extension is not found'. Only the contributor edits it or saves
// its code (403); the contributor or a moderator archives it; a moderator marks it official.
// Names are unique without case across all extensions ('Library name exists'): a name is
// a toolbox category. Saving new code tells every user who added it (a message).
import { randomUUID } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Pagination } from '../../src/contract/common.ts';
import {
  EXTENSION_ERRORS,
  extensionUrlsValid,
  libraryProblem,
  type BrowseType,
  type Extension,
  type ExtensionCode,
  type ExtensionInput,
  type ExtensionLibrary,
  type ExtensionOrder,
  type ExtensionSummary,
  type ExtensionUpdate,
} from '../../src/contract/extensions.ts';
import type { ApiErrorCode } from '../../src/contract/errors.ts';
import { INVALID_URL } from '../../src/contract/projects.ts';
import { now } from '../db/clock.ts';
import { contains, listOrder, readPage, toBool, toCount, type PageRequest } from '../db/paging.ts';
import type { Database, ExtensionRow, ExtensionsTable } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import type { MessageStore } from '../messages/message-store.ts';

const fail = (status: number, e: { error: ApiErrorCode; message: string }) =>
  new HttpError(status, e.error, e.message);
const notFound = () => fail(404, EXTENSION_ERRORS.notFound);
const notOwner = () => fail(403, EXTENSION_ERRORS.notOwner);
const nameExists = () => fail(409, EXTENSION_ERRORS.exists);
const nameKey = (name: string) => name.trim().toLowerCase();

/** Who is asking: their id and whether they moderate. */
export interface Viewer {
  id: string;
  moderator: boolean;
}

interface BrowseOptions extends PageRequest {
  query?: string | undefined;
  order?: ExtensionOrder | undefined;
}

function checkUrls(input: { imageUrl?: string; firmwareCore?: string }): void {
  if (!extensionUrlsValid(input)) throw new HttpError(400, INVALID_URL.error, INVALID_URL.message);
}

function checkLibrary(library: ExtensionLibrary): void {
  const problem = libraryProblem(library);
  if (problem !== null) {
    throw new HttpError(
      400,
      EXTENSION_ERRORS.badLibrary.error,
      `${EXTENSION_ERRORS.badLibrary.message}: ${problem}`,
    );
  }
}

export class ExtensionStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly messages: MessageStore,
  ) {}

  private async find(uuid: string): Promise<ExtensionRow> {
    const row = await this.db
      .selectFrom('extensions')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    if (!row) throw notFound();
    return row;
  }

  private async hasAdded(user: string, uuid: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('extension_users')
      .select('user_id')
      .where('extension_uuid', '=', uuid)
      .where('user_id', '=', user)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** The row, if `viewer` may see it; 404 otherwise. */
  private async visible(viewer: Viewer, uuid: string): Promise<ExtensionRow> {
    const row = await this.find(uuid);
    if (row.is_archived === 0 || row.owner_id === viewer.id || viewer.moderator) return row;
    if (await this.hasAdded(viewer.id, uuid)) return row;
    throw notFound();
  }

  private async owned(viewer: Viewer, uuid: string): Promise<ExtensionRow> {
    const row = await this.visible(viewer, uuid);
    if (row.owner_id !== viewer.id) throw notOwner();
    return row;
  }

  private async assertNameFree(name: string, except: string | null): Promise<void> {
    let q = this.db.selectFrom('extensions').select('uuid').where('name_key', '=', nameKey(name));
    if (except !== null) q = q.where('uuid', '!=', except);
    if (await q.executeTakeFirst()) throw nameExists();
  }

  async publish(owner: string, input: ExtensionInput): Promise<string> {
    checkUrls(input);
    checkLibrary(input.library);
    await this.assertNameFree(input.name, null);
    const uuid = randomUUID();
    const time = now();
    try {
      await this.db
        .insertInto('extensions')
        .values({
          uuid,
          owner_id: owner,
          name: input.name.trim(),
          name_key: nameKey(input.name),
          image_url: input.imageUrl?.trim() ?? '',
          short_description: input.shortDescription?.trim() ?? '',
          description: input.description ?? '',
          firmware_core: input.firmwareCore?.trim() ?? '',
          library: JSON.stringify(input.library),
          workspace: input.workspace,
          version: 1,
          is_official: 0,
          is_archived: 0,
          created_at: time,
          updated_at: time,
        })
        .execute();
    } catch (error) {
      // A publish racing this one took the name between the check and the insert.
      const taken = await this.db
        .selectFrom('extensions')
        .select('uuid')
        .where('name_key', '=', nameKey(input.name))
        .executeTakeFirst();
      if (taken) throw nameExists();
      throw error;
    }
    return uuid;
  }

  async get(viewer: Viewer, uuid: string): Promise<Extension> {
    await this.visible(viewer, uuid);
    return this.detail(viewer, uuid);
  }

  /** The answer for a row the caller was allowed to reach. */
  private async detail(viewer: Viewer, uuid: string): Promise<Extension> {
    const row = await this.withDetails(viewer.id, this.db.selectFrom('extensions as e'))
      .select('e.library')
      .where('e.uuid', '=', uuid)
      .executeTakeFirst();
    if (!row) throw notFound();
    return { ...toSummary(row, viewer.id), library: JSON.parse(row.library) as ExtensionLibrary };
  }

  /**
   * The libraries of the extensions `user` added, in the order of their added list (the
   * latest change first): what the user's programs compile with.
   */
  async addedLibraries(user: string): Promise<ExtensionLibrary[]> {
    const rows = await this.db
      .selectFrom('extensions as e')
      .innerJoin('extension_users as x', 'x.extension_uuid', 'e.uuid')
      .where('x.user_id', '=', user)
      .select('e.library')
      .orderBy('e.updated_at', 'desc')
      .orderBy('e.uuid')
      .execute();
    return rows.map((row) => JSON.parse(row.library) as ExtensionLibrary);
  }

  async workspace(viewer: Viewer, uuid: string): Promise<{ uuid: string; workspace: string }> {
    const row = await this.visible(viewer, uuid);
    if (row.owner_id !== viewer.id && !viewer.moderator) throw notOwner();
    return { uuid, workspace: row.workspace };
  }

  async update(viewer: Viewer, uuid: string, patch: ExtensionUpdate): Promise<Extension> {
    const row = await this.owned(viewer, uuid);
    checkUrls(patch);
    const changes: Partial<ExtensionsTable> = { updated_at: now() };
    if (patch.name !== undefined) {
      await this.assertNameFree(patch.name, uuid);
      changes.name = patch.name.trim();
      changes.name_key = nameKey(patch.name);
    }
    if (patch.imageUrl !== undefined) changes.image_url = patch.imageUrl.trim();
    if (patch.shortDescription !== undefined) {
      changes.short_description = patch.shortDescription.trim();
    }
    if (patch.description !== undefined) changes.description = patch.description;
    if (patch.firmwareCore !== undefined) changes.firmware_core = patch.firmwareCore.trim();
    if (patch.texts !== undefined) {
      const library = JSON.parse(row.library) as ExtensionLibrary;
      const next: ExtensionLibrary = { ...library, texts: patch.texts };
      checkLibrary(next);
      changes.library = JSON.stringify(next);
    }
    try {
      await this.db.updateTable('extensions').set(changes).where('uuid', '=', uuid).execute();
    } catch (error) {
      if (patch.name !== undefined) await this.assertNameFree(patch.name, uuid);
      throw error;
    }
    return this.get(viewer, uuid);
  }

  /** New code: the version goes up and every user who added it gets a message. */
  async saveCode(viewer: Viewer, uuid: string, code: ExtensionCode): Promise<Extension> {
    const row = await this.owned(viewer, uuid);
    checkLibrary(code.library);
    const version = row.version + 1;
    await this.db
      .updateTable('extensions')
      .set({
        workspace: code.workspace,
        library: JSON.stringify(code.library),
        version,
        updated_at: now(),
      })
      .where('uuid', '=', uuid)
      .execute();
    const users = await this.db
      .selectFrom('extension_users')
      .select('user_id')
      .where('extension_uuid', '=', uuid)
      .execute();
    await this.messages.notify({
      to: users.map((u) => u.user_id),
      kind: 'extension_updated',
      params: { extension: row.name, version },
      link: `/extensions/${uuid}`,
      from: viewer.id,
    });
    return this.get(viewer, uuid);
  }

  async archive(viewer: Viewer, uuid: string, archived: boolean): Promise<Extension> {
    const row = await this.visible(viewer, uuid);
    if (row.owner_id !== viewer.id && !viewer.moderator) throw notOwner();
    await this.db
      .updateTable('extensions')
      .set({ is_archived: archived ? 1 : 0, updated_at: now() })
      .where('uuid', '=', uuid)
      .execute();
    return this.get(viewer, uuid);
  }

  /** Moderators only (the route checks the role). */
  async markAs(viewer: Viewer, uuid: string, official: boolean): Promise<Extension> {
    await this.visible(viewer, uuid);
    await this.db
      .updateTable('extensions')
      .set({ is_official: official ? 1 : 0, updated_at: now() })
      .where('uuid', '=', uuid)
      .execute();
    return this.get(viewer, uuid);
  }

  async add(viewer: Viewer, uuid: string): Promise<Extension> {
    const row = await this.find(uuid);
    if (await this.hasAdded(viewer.id, uuid)) throw fail(409, EXTENSION_ERRORS.added);
    // An archived extension takes no new users (its contributor and moderators aside).
    if (row.is_archived === 1 && row.owner_id !== viewer.id && !viewer.moderator) {
      throw notFound();
    }
    try {
      await this.db
        .insertInto('extension_users')
        .values({ extension_uuid: uuid, user_id: viewer.id, added_at: now() })
        .execute();
    } catch (error) {
      if (await this.hasAdded(viewer.id, uuid)) throw fail(409, EXTENSION_ERRORS.added);
      throw error;
    }
    return this.get(viewer, uuid);
  }

  async remove(viewer: Viewer, uuid: string): Promise<Extension> {
    await this.visible(viewer, uuid);
    const result = await this.db
      .deleteFrom('extension_users')
      .where('extension_uuid', '=', uuid)
      .where('user_id', '=', viewer.id)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) throw notFound();
    // Removing an archived extension may hide it from this user: answer without the check.
    return this.detail(viewer, uuid);
  }

  async browse(
    viewer: Viewer,
    type: BrowseType,
    options: BrowseOptions,
  ): Promise<{ data: ExtensionSummary[]; pagination: Pagination }> {
    let base = this.db.selectFrom('extensions as e');
    switch (type) {
      case 'official':
        base = base.where('e.is_archived', '=', 0).where('e.is_official', '=', 1);
        break;
      case 'community':
        base = base.where('e.is_archived', '=', 0).where('e.is_official', '=', 0);
        break;
      case 'mine':
        base = base.where('e.owner_id', '=', viewer.id);
        break;
      case 'added':
        base = base.where('e.uuid', 'in', (eb) =>
          eb
            .selectFrom('extension_users')
            .select('extension_uuid')
            .where('user_id', '=', viewer.id),
        );
        break;
    }
    const search = options.query?.trim();
    if (search) {
      base = base.where((eb) =>
        eb.or([
          contains('e.name', search),
          contains('e.short_description', search),
          contains('e.description', search),
        ]),
      );
    }
    const { total } = await base
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    let rows = this.withDetails(viewer.id, base);
    for (const [by, direction] of listOrder('e', options.order ?? 'updated', 'users')) {
      rows = rows.orderBy(by, direction);
    }
    return readPage(options, total, rows.orderBy('e.uuid'), (row) => toSummary(row, viewer.id));
  }

  private withDetails<O>(
    viewer: string,
    query: SelectQueryBuilder<Database & { e: ExtensionsTable }, 'e', O>,
  ) {
    return query
      .innerJoin('users as u', 'u.id', 'e.owner_id')
      .select([
        'e.uuid',
        'e.name',
        'e.image_url',
        'e.short_description',
        'e.description',
        'e.firmware_core',
        'e.owner_id',
        'e.is_official',
        'e.is_archived',
        'e.version',
        'e.created_at',
        'e.updated_at',
        'u.name as author_name',
        'u.photo_url as author_photo',
      ])
      .select((eb) => [
        eb
          .selectFrom('extension_users as x')
          .whereRef('x.extension_uuid', '=', 'e.uuid')
          .select(eb.fn.countAll().as('n'))
          .as('users'),
        eb
          .exists(
            eb
              .selectFrom('extension_users as me')
              .select('me.user_id')
              .whereRef('me.extension_uuid', '=', 'e.uuid')
              .where('me.user_id', '=', viewer),
          )
          .as('added'),
      ]);
  }
}

interface DetailRow {
  uuid: string;
  name: string;
  image_url: string;
  short_description: string;
  description: string;
  firmware_core: string;
  owner_id: string;
  is_official: number;
  is_archived: number;
  version: number;
  created_at: string;
  updated_at: string;
  author_name: string;
  author_photo: string;
  users: unknown;
  added: unknown;
}

function toSummary(row: DetailRow, viewer: string): ExtensionSummary {
  return {
    uuid: row.uuid,
    name: row.name,
    imageUrl: row.image_url,
    shortDescription: row.short_description,
    description: row.description,
    firmwareCore: row.firmware_core,
    contributor: { id: row.owner_id, name: row.author_name, photoUrl: row.author_photo },
    isOfficial: toBool(row.is_official),
    isArchived: toBool(row.is_archived),
    isEditable: row.owner_id === viewer,
    added: toBool(row.added),
    users: toCount(row.users),
    version: Number(row.version),
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}
