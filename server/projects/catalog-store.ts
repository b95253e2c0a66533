// Catalogs: named collections of projects (spec core §3 "Catalog", §7). Everyone sees every
// catalog (a catalog has no private state; signed-out visitors read as ANONYMOUS_VIEWER);
// only its owner edits it, adds or removes projects, or deletes it. A user has at most one
// catalog of a name ('You already have this catalog'). Lists of a catalog's projects show
// only the projects the caller may see: the published ones, and their own.
import { randomUUID } from 'node:crypto';
import type { Kysely, SelectQueryBuilder } from 'kysely';
import type { Pagination } from '../../src/contract/common.ts';
import {
  CATALOG_EXISTS,
  type Catalog,
  type CatalogInput,
  type CatalogOrder,
  type CatalogUpdate,
} from '../../src/contract/projects.ts';
import { listOrder, readPage, toCount, type PageRequest } from '../db/paging.ts';
import type { CatalogRow, CatalogsTable, Database } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import {
  checkImageUrl,
  itemFields,
  nameOrDescription,
  type ItemRow,
  type ProjectStore,
} from './project-store.ts';
import { now } from '../db/clock.ts';

const catalogNotFound = () => new HttpError(404, 'catalog_not_found', 'The catalog does not exist');
const notOwner = () =>
  new HttpError(403, 'not_catalog_owner', 'Only the owner of the catalog can change it');
const catalogExists = () => new HttpError(409, CATALOG_EXISTS.error, CATALOG_EXISTS.message);

const nameKey = (name: string) => name.trim().toLowerCase();

interface CatalogListOptions extends PageRequest {
  query?: string | undefined;
  order?: CatalogOrder | undefined;
}

export class CatalogStore {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly projects: ProjectStore,
  ) {}

  private async find(uuid: string): Promise<CatalogRow> {
    const row = await this.db
      .selectFrom('catalogs')
      .selectAll()
      .where('uuid', '=', uuid)
      .executeTakeFirst();
    if (!row) throw catalogNotFound();
    return row;
  }

  private async owned(viewer: string, uuid: string): Promise<CatalogRow> {
    const row = await this.find(uuid);
    if (row.owner_id !== viewer) throw notOwner();
    return row;
  }

  private async assertNameFree(owner: string, name: string, except: string | null) {
    let q = this.db
      .selectFrom('catalogs')
      .select('uuid')
      .where('owner_id', '=', owner)
      .where('name_key', '=', nameKey(name));
    if (except !== null) q = q.where('uuid', '!=', except);
    if (await q.executeTakeFirst()) throw catalogExists();
  }

  async create(owner: string, input: CatalogInput): Promise<string> {
    checkImageUrl(input.headerImage);
    await this.assertNameFree(owner, input.name, null);
    const uuid = randomUUID();
    const time = now();
    try {
      await this.db
        .insertInto('catalogs')
        .values({
          uuid,
          owner_id: owner,
          name: input.name.trim(),
          name_key: nameKey(input.name),
          header_image: input.headerImage?.trim() ?? '',
          description: input.desc ?? '',
          created_at: time,
          updated_at: time,
        })
        .execute();
    } catch (error) {
      // A create racing this one took the name between the check and the insert.
      if (await this.nameTaken(owner, input.name)) throw catalogExists();
      throw error;
    }
    return uuid;
  }

  private async nameTaken(owner: string, name: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('catalogs')
      .select('uuid')
      .where('owner_id', '=', owner)
      .where('name_key', '=', nameKey(name))
      .executeTakeFirst();
    return row !== undefined;
  }

  async get(viewer: string, uuid: string): Promise<Catalog> {
    const row = await this.withDetails(viewer, this.db.selectFrom('catalogs as c'))
      .where('c.uuid', '=', uuid)
      .executeTakeFirst();
    if (!row) throw catalogNotFound();
    return toCatalog(row, viewer);
  }

  async update(viewer: string, uuid: string, patch: CatalogUpdate): Promise<Catalog> {
    await this.owned(viewer, uuid);
    checkImageUrl(patch.headerImage);
    const changes: Partial<CatalogsTable> = { updated_at: now() };
    if (patch.name !== undefined) {
      await this.assertNameFree(viewer, patch.name, uuid);
      changes.name = patch.name.trim();
      changes.name_key = nameKey(patch.name);
    }
    if (patch.headerImage !== undefined) changes.header_image = patch.headerImage.trim();
    if (patch.desc !== undefined) changes.description = patch.desc;
    await this.db.updateTable('catalogs').set(changes).where('uuid', '=', uuid).execute();
    return this.get(viewer, uuid);
  }

  /** Adds a project the owner can see; adding it again changes nothing. */
  async addProject(viewer: string, uuid: string, project: string): Promise<Catalog> {
    await this.owned(viewer, uuid);
    await this.projects.visible(viewer, project);
    const time = now();
    await this.db
      .insertInto('catalog_projects')
      .values({ catalog_uuid: uuid, project_uuid: project, added_at: time })
      .onConflict((oc) => oc.columns(['catalog_uuid', 'project_uuid']).doNothing())
      .execute();
    await this.touch(uuid, time);
    return this.get(viewer, uuid);
  }

  async removeProject(viewer: string, uuid: string, project: string): Promise<Catalog> {
    await this.owned(viewer, uuid);
    const result = await this.db
      .deleteFrom('catalog_projects')
      .where('catalog_uuid', '=', uuid)
      .where('project_uuid', '=', project)
      .executeTakeFirst();
    if (result.numDeletedRows === 0n) {
      throw new HttpError(404, 'project_not_in_catalog', 'The project is not in this catalog');
    }
    await this.touch(uuid, now());
    return this.get(viewer, uuid);
  }

  private async touch(uuid: string, time: string): Promise<void> {
    await this.db
      .updateTable('catalogs')
      .set({ updated_at: time })
      .where('uuid', '=', uuid)
      .execute();
  }

  async remove(viewer: string, uuid: string): Promise<void> {
    await this.owned(viewer, uuid);
    await this.db.deleteFrom('catalogs').where('uuid', '=', uuid).execute();
  }

  /** The caller's catalogs that hold a project they can see. */
  async holding(viewer: string, project: string): Promise<Catalog[]> {
    await this.projects.visible(viewer, project);
    const rows = await this.withDetails(viewer, this.db.selectFrom('catalogs as c'))
      .where('c.owner_id', '=', viewer)
      .where('c.uuid', 'in', (eb) =>
        eb
          .selectFrom('catalog_projects')
          .select('catalog_uuid')
          .where('project_uuid', '=', project),
      )
      .orderBy((eb) => eb.fn('lower', ['c.name']))
      .orderBy('c.uuid')
      .execute();
    return rows.map((row) => toCatalog(row, viewer));
  }

  /** Every catalog of the caller, by name (for pickers). */
  async allMine(viewer: string): Promise<Catalog[]> {
    const rows = await this.withDetails(viewer, this.db.selectFrom('catalogs as c'))
      .where('c.owner_id', '=', viewer)
      .orderBy((eb) => eb.fn('lower', ['c.name']))
      .orderBy('c.uuid')
      .execute();
    return rows.map((row) => toCatalog(row, viewer));
  }

  /** A catalog that exists (any signed-in user may look at it). */
  async assertExists(uuid: string): Promise<void> {
    await this.find(uuid);
  }

  async list(
    viewer: string,
    mineOnly: boolean,
    options: CatalogListOptions,
  ): Promise<{ data: Catalog[]; pagination: Pagination }> {
    let base = this.db.selectFrom('catalogs as c');
    if (mineOnly) base = base.where('c.owner_id', '=', viewer);
    const search = options.query?.trim();
    if (search) base = base.where(nameOrDescription('c', search));
    const { total } = await base
      .select((eb) => eb.fn.countAll().as('total'))
      .executeTakeFirstOrThrow();
    let rows = this.withDetails(viewer, base);
    for (const [by, direction] of listOrder('c', options.order ?? 'updated')) {
      rows = rows.orderBy(by, direction);
    }
    return readPage(options, total, rows.orderBy('c.uuid'), (row) => toCatalog(row, viewer));
  }

  private withDetails<O>(
    viewer: string,
    query: SelectQueryBuilder<Database & { c: CatalogsTable }, 'c', O>,
  ) {
    return query
      .innerJoin('users as u', 'u.id', 'c.owner_id')
      .select([
        'c.uuid',
        'c.name',
        'c.header_image',
        'c.description',
        'c.owner_id',
        'c.created_at',
        'c.updated_at',
        'u.name as author_name',
        'u.photo_url as author_photo',
      ])
      .select((eb) => [
        eb
          .selectFrom('catalog_projects as cp')
          .innerJoin('projects as p', 'p.uuid', 'cp.project_uuid')
          .whereRef('cp.catalog_uuid', '=', 'c.uuid')
          .where((p) => p.or([p('p.is_published', '=', 1), p('p.owner_id', '=', viewer)]))
          .select(eb.fn.countAll().as('n'))
          .as('projects'),
      ]);
  }
}

interface DetailRow extends ItemRow {
  projects: unknown;
}

function toCatalog(row: DetailRow, viewer: string): Catalog {
  return { ...itemFields(row, viewer), projects: toCount(row.projects) };
}
