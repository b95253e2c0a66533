// Projects (spec core §3 "Project", §7 "Project service"): create, read, edit, publish,
// like, remix, delete and the paged lists. Plain Kysely, identical on SQLite and PostgreSQL.
//
// Rules: a published project is visible to everyone, signed in or not (ANONYMOUS_VIEWER), an
// unpublished one only to its owner; anyone else is told it does not exist (404), so private
// projects do not leak. Only the owner edits, publishes or deletes it (403). Likes are one
// per user. A remix copies the code (and name, image and description) and records its parent.
import { randomUUID } from 'node:crypto';
import {
  sql,
  type Expression,
  type ExpressionBuilder,
  type Kysely,
  type SelectQueryBuilder,
  type SqlBool,
} from 'kysely';
import {
  INVALID_URL,
  isValidUrl,
  PROJECT_NAME_MAX,
  type LikeState,
  type MyProjectType,
  type Project,
  type ProjectInput,
  type ProjectOrder,
  type ProjectUpdate,
} from '../../src/contract/projects.ts';
import type { Pagination } from '../../src/contract/common.ts';
import { contains, listOrder, readPage, toBool, toCount, type PageRequest } from '../db/paging.ts';
import type { Database, ProjectRow, ProjectsTable } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { now } from '../db/clock.ts';

/** `name` shortened so that `name` + `suffix` fits the name's limit. */
const withSuffix = (name: string, suffix: string) =>
  `${name.slice(0, PROJECT_NAME_MAX - suffix.length).trimEnd()}${suffix}`;

/**
 * The viewer of a signed-out visitor's reads. No user has an empty id (ids are the sign-in
 * provider's uids), so this viewer owns nothing and has liked nothing: it sees exactly the
 * published projects.
 */
export const ANONYMOUS_VIEWER = '';

const projectNotFound = () => new HttpError(404, 'project_not_found', 'The project does not exist');
const notOwner = () =>
  new HttpError(403, 'not_owner', 'Only the owner of the project can change it');

/** 400 'The URL is invalid' unless the header image passes the spec's URL check. */
export function checkImageUrl(url: string | undefined): void {
  if (url !== undefined && !isValidUrl(url)) {
    throw new HttpError(400, INVALID_URL.error, INVALID_URL.message);
  }
}

/** Which projects a list shows (before visibility, which always applies). */
type ProjectFilter =
  | { kind: 'published' }
  | { kind: 'mine'; type: MyProjectType }
  | { kind: 'remixes'; parent: string }
  | { kind: 'catalog'; catalog: string; mineOnly?: boolean };

interface ListOptions extends PageRequest {
  query?: string | undefined;
  order?: ProjectOrder | undefined;
}

type P = ExpressionBuilder<Database & { p: ProjectsTable }, 'p'>;

/** Visible to `viewer`: published, or theirs. */
const visibleTo = (viewer: string) => (eb: P) =>
  eb.or([eb('p.is_published', '=', 1), eb('p.owner_id', '=', viewer)]);

export class ProjectStore {
  constructor(private readonly db: Kysely<Database>) {}

  /** The row, if `viewer` may see it; 404 otherwise. */
  async visible(viewer: string, uuid: string): Promise<ProjectRow> {
    const row = await this.db
      .selectFrom('projects as p')
      .selectAll()
      .where('p.uuid', '=', uuid)
      .where(visibleTo(viewer))
      .executeTakeFirst();
    if (!row) throw projectNotFound();
    return row;
  }

  /** The row, if `viewer` owns it: 404 when they cannot see it, 403 when it is not theirs. */
  async owned(viewer: string, uuid: string): Promise<ProjectRow> {
    const row = await this.visible(viewer, uuid);
    if (row.owner_id !== viewer) throw notOwner();
    return row;
  }

  async create(owner: string, input: ProjectInput, parent: string | null = null): Promise<string> {
    checkImageUrl(input.headerImage);
    const uuid = randomUUID();
    const time = now();
    await this.db
      .insertInto('projects')
      .values({
        uuid,
        owner_id: owner,
        name: input.name.trim(),
        header_image: input.headerImage?.trim() ?? '',
        description: input.desc ?? '',
        code: input.code ?? '',
        is_published: 0,
        parent_uuid: parent,
        created_at: time,
        updated_at: time,
      })
      .execute();
    return uuid;
  }

  async get(viewer: string, uuid: string): Promise<Project> {
    const row = await this.withDetails(viewer, this.db.selectFrom('projects as p'))
      .where('p.uuid', '=', uuid)
      .where(visibleTo(viewer))
      .executeTakeFirst();
    if (!row) throw projectNotFound();
    return toProject(row, viewer);
  }

  async code(viewer: string, uuid: string): Promise<{ uuid: string; code: string }> {
    const row = await this.visible(viewer, uuid);
    return { uuid: row.uuid, code: row.code };
  }

  async update(viewer: string, uuid: string, patch: ProjectUpdate): Promise<Project> {
    await this.owned(viewer, uuid);
    checkImageUrl(patch.headerImage);
    const changes: Partial<ProjectsTable> = { updated_at: now() };
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.headerImage !== undefined) changes.header_image = patch.headerImage.trim();
    if (patch.desc !== undefined) changes.description = patch.desc;
    await this.db.updateTable('projects').set(changes).where('uuid', '=', uuid).execute();
    return this.get(viewer, uuid);
  }

  async rename(viewer: string, uuid: string, name: string): Promise<string> {
    await this.owned(viewer, uuid);
    const trimmed = name.trim();
    await this.db
      .updateTable('projects')
      .set({ name: trimmed, updated_at: now() })
      .where('uuid', '=', uuid)
      .execute();
    return trimmed;
  }

  async saveCode(viewer: string, uuid: string, code: string): Promise<string> {
    await this.owned(viewer, uuid);
    const time = now();
    await this.db
      .updateTable('projects')
      .set({ code, updated_at: time })
      .where('uuid', '=', uuid)
      .execute();
    return time;
  }

  async setPublished(viewer: string, uuid: string, published: boolean): Promise<Project> {
    await this.owned(viewer, uuid);
    await this.db
      .updateTable('projects')
      .set({ is_published: published ? 1 : 0 })
      .where('uuid', '=', uuid)
      .execute();
    return this.get(viewer, uuid);
  }

  async like(viewer: string, uuid: string, liked: boolean): Promise<LikeState> {
    await this.visible(viewer, uuid);
    if (liked) {
      await this.db
        .insertInto('project_likes')
        .values({ project_uuid: uuid, user_id: viewer, created_at: now() })
        .onConflict((oc) => oc.columns(['project_uuid', 'user_id']).doNothing())
        .execute();
    } else {
      await this.db
        .deleteFrom('project_likes')
        .where('project_uuid', '=', uuid)
        .where('user_id', '=', viewer)
        .execute();
    }
    const { likes } = await this.db
      .selectFrom('project_likes')
      .select((eb) => eb.fn.countAll().as('likes'))
      .where('project_uuid', '=', uuid)
      .executeTakeFirstOrThrow();
    return { likes: toCount(likes), liked };
  }

  /**
   * A copy of a visible project owned by `viewer`, unpublished, with its parent recorded. Its
   * name is `name` (the app's "<name> (remix)" in its user's language) or "<name> (remix)",
   * made unique among the viewer's projects, so the copy is never taken for the original.
   */
  async remix(viewer: string, uuid: string, name?: string): Promise<string> {
    const source = await this.visible(viewer, uuid);
    const wanted = name?.trim() || withSuffix(source.name, ' (remix)');
    return this.create(
      viewer,
      {
        name: await this.freeName(viewer, wanted, source.name),
        headerImage: source.header_image,
        desc: source.description,
        code: source.code,
      },
      source.uuid,
    );
  }

  /** `wanted`, or "`wanted` (n)" with the first n from 2 that no project of `owner` has. */
  private async freeName(owner: string, wanted: string, original: string): Promise<string> {
    const BATCH = 20;
    for (let first = 1; ; first += BATCH) {
      const candidates = Array.from({ length: BATCH }, (_, i) =>
        first + i === 1 ? wanted : withSuffix(wanted, ` (${first + i})`),
      );
      const rows = await this.db
        .selectFrom('projects')
        .select('name')
        .where('owner_id', '=', owner)
        .where('name', 'in', candidates)
        .execute();
      const taken = new Set([original, ...rows.map((r) => r.name)]);
      const free = candidates.find((c) => !taken.has(c));
      if (free !== undefined) return free;
    }
  }

  async remove(viewer: string, uuid: string): Promise<void> {
    await this.owned(viewer, uuid);
    await this.db.deleteFrom('projects').where('uuid', '=', uuid).execute();
  }

  /** A page of the projects `filter` selects that `viewer` may see. */
  async list(
    viewer: string,
    filter: ProjectFilter,
    options: ListOptions,
  ): Promise<{ data: Project[]; pagination: Pagination }> {
    let base = this.db.selectFrom('projects as p').where(visibleTo(viewer));
    switch (filter.kind) {
      case 'published':
        base = base.where('p.is_published', '=', 1);
        break;
      case 'mine':
        base = base.where('p.owner_id', '=', viewer);
        if (filter.type !== 'all') {
          base = base.where('p.is_published', '=', filter.type === 'published' ? 1 : 0);
        }
        break;
      case 'remixes':
        base = base.where('p.parent_uuid', '=', filter.parent);
        break;
      case 'catalog':
        base = base.where('p.uuid', 'in', (eb) =>
          eb
            .selectFrom('catalog_projects')
            .select('project_uuid')
            .where('catalog_uuid', '=', filter.catalog),
        );
        if (filter.mineOnly) base = base.where('p.owner_id', '=', viewer);
        break;
    }
    const search = options.query?.trim();
    if (search) base = base.where(nameOrDescription('p', search));

    const { total } = await base
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();

    let rows = this.withDetails(viewer, base);
    for (const [by, direction] of listOrder('p', options.order ?? 'updated', 'likes')) {
      rows = rows.orderBy(by, direction);
    }
    return readPage(options, total, rows.orderBy('p.uuid'), (row) => toProject(row, viewer));
  }

  /** Adds the author, counts, the viewer's like and the parent to a project query. */
  private withDetails<O>(
    viewer: string,
    query: SelectQueryBuilder<Database & { p: ProjectsTable }, 'p', O>,
  ) {
    return query
      .innerJoin('users as u', 'u.id', 'p.owner_id')
      .leftJoin('projects as parent', (join) =>
        join
          .onRef('parent.uuid', '=', 'p.parent_uuid')
          .on((eb) =>
            eb.or([eb('parent.is_published', '=', 1), eb('parent.owner_id', '=', viewer)]),
          ),
      )
      .select([
        'p.uuid',
        'p.name',
        'p.header_image',
        'p.description',
        'p.is_published',
        'p.owner_id',
        'p.created_at',
        'p.updated_at',
        'u.name as author_name',
        'u.photo_url as author_photo',
        'parent.uuid as parent_uuid',
        'parent.name as parent_name',
      ])
      .select((eb) => [
        eb
          .selectFrom('project_likes as l')
          .whereRef('l.project_uuid', '=', 'p.uuid')
          .select(eb.fn.countAll().as('n'))
          .as('likes'),
        eb
          .exists(
            eb
              .selectFrom('project_likes as ml')
              .select('ml.user_id')
              .whereRef('ml.project_uuid', '=', 'p.uuid')
              .where('ml.user_id', '=', viewer),
          )
          .as('liked'),
        eb
          .selectFrom('projects as r')
          .whereRef('r.parent_uuid', '=', 'p.uuid')
          .where((r) => r.or([r('r.is_published', '=', 1), r('r.owner_id', '=', viewer)]))
          .select(eb.fn.countAll().as('n'))
          .as('remixes'),
      ]);
  }
}

/** The columns a project's and a catalog's detail queries both read. */
export interface ItemRow {
  uuid: string;
  name: string;
  header_image: string;
  description: string;
  owner_id: string;
  created_at: string;
  updated_at: string;
  author_name: string;
  author_photo: string;
}

/** The fields a project and a catalog share, as `viewer` sees them. */
export function itemFields(row: ItemRow, viewer: string) {
  return {
    uuid: row.uuid,
    name: row.name,
    headerImage: row.header_image,
    desc: row.description,
    author: { id: row.owner_id, name: row.author_name, photoUrl: row.author_photo },
    isEditable: row.owner_id === viewer,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/** Rows whose name or description (of the table known as `alias`) contain `text`. */
export function nameOrDescription(alias: 'p' | 'c', text: string): Expression<SqlBool> {
  return sql<SqlBool>`(${contains(`${alias}.name`, text)} or ${contains(`${alias}.description`, text)})`;
}

interface DetailRow extends ItemRow {
  is_published: number;
  parent_uuid: string | null;
  parent_name: string | null;
  likes: unknown;
  liked: unknown;
  remixes: unknown;
}

function toProject(row: DetailRow, viewer: string): Project {
  return {
    ...itemFields(row, viewer),
    isPublished: toBool(row.is_published),
    likes: toCount(row.likes),
    liked: toBool(row.liked),
    remixes: toCount(row.remixes),
    parent:
      row.parent_uuid !== null && row.parent_name !== null
        ? { uuid: row.parent_uuid, name: row.parent_name }
        : null,
  };
}
