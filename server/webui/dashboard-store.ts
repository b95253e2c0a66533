// Web UI dashboards (src/contract/webui.ts): a user's own dashboards and their read-only
// share links. Every call names the caller; another user's dashboard answers 404 like a
// missing one, so ids cannot be probed.
import { randomBytes, randomUUID } from 'node:crypto';
import type { Kysely, Selectable } from 'kysely';
import {
  DASHBOARDS_MAX,
  WEBUI_ERRORS,
  dashboardProblem,
  type Dashboard,
  type DashboardInput,
  type DashboardSummary,
  type SharedDashboard,
  type Widget,
} from '../../src/contract/webui.ts';
import { now } from '../db/clock.ts';
import type { Database, WebuiDashboardsTable } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';

type Row = Selectable<WebuiDashboardsTable>;

const fail = (status: number, e: (typeof WEBUI_ERRORS)[keyof typeof WEBUI_ERRORS]) =>
  new HttpError(status, e.error, e.message);

const widgetsOf = (row: Row): Widget[] => JSON.parse(row.widgets) as Widget[];

const toDashboard = (row: Row): Dashboard => ({
  uuid: row.uuid,
  name: row.name,
  widgets: widgetsOf(row),
  shareToken: row.share_token,
  createdAt: row.created_at,
  updatedAt: row.updated_at,
});

/** 192 random bits as 32 base64url characters (SHARE_TOKEN_PATTERN). */
const newToken = () => randomBytes(24).toString('base64url');

function checked(input: DashboardInput): DashboardInput {
  const problem = dashboardProblem(input);
  if (problem) {
    throw new HttpError(
      400,
      WEBUI_ERRORS.badDashboard.error,
      `${WEBUI_ERRORS.badDashboard.message}: ${problem}`,
    );
  }
  return { name: input.name.trim(), widgets: input.widgets };
}

export class DashboardStore {
  constructor(
    private readonly db: Kysely<Database>,
    /** A live link stopped showing what its viewers were granted (off, replaced, changed). */
    private readonly linkEnded: (token: string) => Promise<void> = () => Promise.resolve(),
  ) {}

  async list(owner: string): Promise<DashboardSummary[]> {
    const rows = await this.db
      .selectFrom('webui_dashboards')
      .selectAll()
      .where('owner_id', '=', owner)
      .orderBy('updated_at', 'desc')
      .execute();
    return rows.map((row) => ({
      uuid: row.uuid,
      name: row.name,
      widgetCount: widgetsOf(row).length,
      shared: row.share_token !== null,
      updatedAt: row.updated_at,
    }));
  }

  async create(owner: string, input: DashboardInput): Promise<Dashboard> {
    const { name, widgets } = checked(input);
    const count = await this.db
      .selectFrom('webui_dashboards')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('owner_id', '=', owner)
      .executeTakeFirstOrThrow();
    if (Number(count.n) >= DASHBOARDS_MAX) throw fail(409, WEBUI_ERRORS.quota);
    const time = now();
    const row: Row = {
      uuid: randomUUID(),
      owner_id: owner,
      name,
      widgets: JSON.stringify(widgets),
      share_token: null,
      created_at: time,
      updated_at: time,
    };
    await this.db.insertInto('webui_dashboards').values(row).execute();
    return toDashboard(row);
  }

  private async own(owner: string, uuid: string): Promise<Row> {
    const row = await this.db
      .selectFrom('webui_dashboards')
      .selectAll()
      .where('uuid', '=', uuid)
      .where('owner_id', '=', owner)
      .executeTakeFirst();
    if (!row) throw fail(404, WEBUI_ERRORS.notFound);
    return row;
  }

  async get(owner: string, uuid: string): Promise<Dashboard> {
    return toDashboard(await this.own(owner, uuid));
  }

  async update(owner: string, uuid: string, input: DashboardInput): Promise<Dashboard> {
    const { name, widgets } = checked(input);
    const before = await this.own(owner, uuid);
    await this.db
      .updateTable('webui_dashboards')
      .set({ name, widgets: JSON.stringify(widgets), updated_at: now() })
      .where('uuid', '=', uuid)
      .where('owner_id', '=', owner)
      .execute();
    // Viewers may have been granted topics the dashboard no longer shows.
    if (before.share_token) await this.linkEnded(before.share_token);
    return this.get(owner, uuid);
  }

  async remove(owner: string, uuid: string): Promise<void> {
    const before = await this.own(owner, uuid);
    await this.db
      .deleteFrom('webui_dashboards')
      .where('uuid', '=', uuid)
      .where('owner_id', '=', owner)
      .execute();
    if (before.share_token) await this.linkEnded(before.share_token);
  }

  /** Turning sharing on makes a new token (an old link stays dead); off clears it. */
  async share(owner: string, uuid: string, shared: boolean): Promise<Dashboard> {
    const before = await this.own(owner, uuid);
    await this.db
      .updateTable('webui_dashboards')
      .set({ share_token: shared ? newToken() : null })
      .where('uuid', '=', uuid)
      .where('owner_id', '=', owner)
      .execute();
    if (before.share_token) await this.linkEnded(before.share_token);
    return this.get(owner, uuid);
  }

  /** The dashboard behind a live link, with its owner (for the broker's viewer grant). */
  async byToken(token: string): Promise<{ owner: string; dashboard: SharedDashboard }> {
    const row = await this.db
      .selectFrom('webui_dashboards')
      .selectAll()
      .where('share_token', '=', token)
      .executeTakeFirst();
    if (!row) throw fail(404, WEBUI_ERRORS.shareNotFound);
    return {
      owner: row.owner_id,
      dashboard: { name: row.name, widgets: widgetsOf(row), updatedAt: row.updated_at },
    };
  }
}
