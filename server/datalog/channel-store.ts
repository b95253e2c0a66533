// Cloud datalog channels, their fields (tags) and ingestion (classroom-and-labs §2, §3, §6).
// Plain Kysely, identical on SQLite and PostgreSQL.
//
// Rules: the public log (PUBLIC_LOG_ID) and public channels are readable by anyone; a private
// channel only by its owner. An anonymous caller asking for private data gets 401
// login_required (the spec's message); another user gets 404, so private channels do not
// leak. Only the owner writes to, renames, tags or deletes a channel; anyone, signed in or
// not, writes to the public log, which no one may rename or delete.
//
// The public log is shared, so it has rules of its own: each writer (a user, or an
// anonymous address) may hold a few names there (`namesPerWriter`), records older than the
// retention are deleted and names left without records retired (`retire`), and moderators
// may delete any of its names or records. Channel owners delete fields of their channels.
//
// Every batch also updates the per-minute summaries (minute-summaries.ts) in its
// transaction, and every change is told to the channel's watchers (channel-events.ts).
import { randomUUID } from 'node:crypto';
import type { Kysely, Transaction } from 'kysely';
import {
  FIELDS_PER_CHANNEL_MAX,
  LOGIN_REQUIRED,
  PUBLIC_LOG_FIELDS_MAX,
  PUBLIC_LOG_ID,
  TAG_COLOURS,
  TAG_EMPTY,
  TAG_EXISTS,
  type Channel,
  type ChannelInput,
  type ChannelUpdate,
  type Field,
  type FieldSort,
  type FieldUpdate,
  type Ingested,
  type RecordInput,
} from '../../src/contract/datalog.ts';
import type { Database, DatalogChannelRow, DatalogFieldRow, UserRow } from '../db/schema.ts';
import { HttpError } from '../http/errors.ts';
import { now } from '../db/clock.ts';
import type { ChannelChange, ChannelEvents } from './channel-events.ts';
import {
  addMinutes,
  fieldFigures,
  MINUTE,
  rebuildMinutes,
  summariseMinutes,
} from './minute-summaries.ts';

const channelNotFound = () =>
  new HttpError(404, 'channel_not_found', 'The datalog channel does not exist');
export const loginRequired = () => new HttpError(401, LOGIN_REQUIRED.error, LOGIN_REQUIRED.message);
const notOwner = () =>
  new HttpError(403, 'not_channel_owner', 'Only the owner of the channel can change it');
const publicLogFixed = () =>
  new HttpError(403, 'public_log', 'The public log cannot be renamed or deleted');
const fieldNotFound = () => new HttpError(404, 'field_not_found', 'The field does not exist');
const tooManyFields = (max: number) =>
  new HttpError(400, 'too_many_fields', `A channel holds at most ${max} record names`);
const nameQuota = (max: number) =>
  new HttpError(
    403,
    'name_quota',
    `You already keep ${max} record names in the public log, the most one writer may; reuse one of them`,
  );
const notModerator = () =>
  new HttpError(403, 'not_moderator', 'Only a moderator can delete from the public log');
const badValue = () => new HttpError(400, 'bad_value', 'A record value must be a finite number');
const futureTime = () =>
  new HttpError(400, 'bad_time', 'A record time may be at most one day ahead of the server');

const DAY = 86_400_000;

/** The caller of a datalog call: a signed-in user, or null for an anonymous one. */
export type Viewer = UserRow | null;

interface ChannelStoreOptions {
  clock?: () => number;
  /** Told of every change (live refresh). */
  events?: ChannelEvents;
  /** Names one writer may hold on the public log. */
  namesPerWriter?: number;
}

const isModerator = (viewer: Viewer) => viewer?.role === 'moderator' || viewer?.role === 'admin';

interface ChannelWithOwner extends DatalogChannelRow {
  owner_name: string | null;
}

export class ChannelStore {
  private readonly clock: () => number;
  private readonly namesPerWriter: number;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly options: ChannelStoreOptions = {},
  ) {
    this.clock = options.clock ?? Date.now;
    this.namesPerWriter = options.namesPerWriter ?? 10;
  }

  private withOwner() {
    return this.db
      .selectFrom('datalog_channels as c')
      .leftJoin('users as u', 'u.id', 'c.owner_id')
      .selectAll('c')
      .select('u.name as owner_name');
  }

  /** The channel if `viewer` may read it: 401 for anonymous private, 404 otherwise. */
  async readable(viewer: Viewer, id: string): Promise<ChannelWithOwner> {
    const row = await this.withOwner().where('c.id', '=', id).executeTakeFirst();
    if (!row) throw channelNotFound();
    if (row.is_public === 1 || row.owner_id === viewer?.id) return row;
    if (!viewer) throw loginRequired();
    throw channelNotFound();
  }

  /** The channel if `viewer` owns it. */
  async owned(viewer: Viewer, id: string): Promise<ChannelWithOwner> {
    const row = await this.readable(viewer, id);
    if (row.id === PUBLIC_LOG_ID) throw publicLogFixed();
    if (!viewer) throw loginRequired();
    if (row.owner_id !== viewer.id) throw notOwner();
    return row;
  }

  async get(viewer: Viewer, id: string): Promise<Channel> {
    return toChannel(await this.readable(viewer, id), viewer);
  }

  /** The public log, every public channel, and the viewer's own channels. */
  async list(viewer: Viewer): Promise<Channel[]> {
    const rows = await this.withOwner()
      .where((eb) =>
        viewer
          ? eb.or([eb('c.is_public', '=', 1), eb('c.owner_id', '=', viewer.id)])
          : eb('c.is_public', '=', 1),
      )
      .orderBy('c.created_at', 'asc')
      .orderBy('c.id', 'asc')
      .execute();
    const channels = rows.map((row) => toChannel(row, viewer));
    // The public log first, then the viewer's channels, then others' public ones.
    const rank = (c: Channel) => (c.isPublicLog ? 0 : c.isMine ? 1 : 2);
    return channels.sort((a, b) => rank(a) - rank(b));
  }

  async create(owner: UserRow, input: ChannelInput): Promise<Channel> {
    const id = randomUUID();
    const time = now();
    await this.db
      .insertInto('datalog_channels')
      .values({
        id,
        owner_id: owner.id,
        name: input.name.trim(),
        is_public: input.isPublic ? 1 : 0,
        records: 0,
        last_record_at: null,
        created_at: time,
        updated_at: time,
      })
      .execute();
    return this.get(owner, id);
  }

  async update(viewer: Viewer, id: string, patch: ChannelUpdate): Promise<Channel> {
    await this.owned(viewer, id);
    const changes: { updated_at: string; name?: string; is_public?: number } = {
      updated_at: now(),
    };
    if (patch.name !== undefined) changes.name = patch.name.trim();
    if (patch.isPublic !== undefined) changes.is_public = patch.isPublic ? 1 : 0;
    await this.db.updateTable('datalog_channels').set(changes).where('id', '=', id).execute();
    return this.get(viewer, id);
  }

  async remove(viewer: Viewer, id: string): Promise<void> {
    await this.owned(viewer, id);
    // Records and fields go by the foreign keys' cascade; delete them first anyway so
    // SQLite without foreign_keys on (a copied file) cannot keep orphans.
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('datalog_records').where('channel_id', '=', id).execute();
      await trx.deleteFrom('datalog_fields').where('channel_id', '=', id).execute();
      await trx.deleteFrom('datalog_channels').where('id', '=', id).execute();
    });
  }

  /** The channel a private `cloud record` goes to when none is named: the caller's oldest. */
  async ownLog(owner: UserRow): Promise<string> {
    const row = await this.db
      .selectFrom('datalog_channels')
      .select('id')
      .where('owner_id', '=', owner.id)
      .orderBy('created_at', 'asc')
      .orderBy('id', 'asc')
      .executeTakeFirst();
    if (row) return row.id;
    return (await this.create(owner, { name: 'My log', isPublic: false })).id;
  }

  /** Checks that `viewer` may write to the channel: its owner, or anyone for the public log. */
  async writable(viewer: Viewer, id: string): Promise<void> {
    if (id === PUBLIC_LOG_ID) return;
    await this.owned(viewer, id);
  }

  /** Checks that `viewer` may delete from the channel: its owner; a moderator on the public log. */
  async deletable(viewer: Viewer, id: string): Promise<void> {
    if (id !== PUBLIC_LOG_ID) {
      await this.owned(viewer, id);
      return;
    }
    await this.readable(viewer, id);
    if (!viewer) throw loginRequired();
    if (!isModerator(viewer)) throw notModerator();
  }

  /**
   * Stores a batch of records (one transaction) and updates the fields, the per-minute
   * summaries and the channel. `writer` names who adds new names (public log quotas).
   */
  async ingest(
    viewer: Viewer,
    id: string,
    records: RecordInput[],
    writer = viewer ? `user:${viewer.id}` : '',
  ): Promise<Ingested> {
    await this.writable(viewer, id);
    const clock = this.clock();
    const rows = records.map((r) => {
      if (!Number.isFinite(r.value)) throw badValue();
      const t = r.time ?? clock;
      if (t > clock + DAY) throw futureTime();
      return { channel_id: id, field: r.name, t, value: r.value };
    });

    const isPublicLog = id === PUBLIC_LOG_ID;
    const fieldsMax = isPublicLog ? PUBLIC_LOG_FIELDS_MAX : FIELDS_PER_CHANNEL_MAX;
    const ingested = await this.db.transaction().execute(async (trx) => {
      const known = await trx
        .selectFrom('datalog_fields')
        .select(['name', 'writer'])
        .where('channel_id', '=', id)
        .execute();
      const names = new Set(known.map((k) => k.name));
      let colour = names.size;
      let writerNames = known.filter((k) => k.writer === writer).length;
      const summary = summarise(rows);
      for (const [name, s] of summary) {
        if (names.has(name)) {
          await updateField(trx, id, name, s);
          continue;
        }
        if (names.size >= fieldsMax) throw tooManyFields(fieldsMax);
        // On the shared log, one writer cannot take every name.
        if (isPublicLog && writerNames >= this.namesPerWriter) {
          throw nameQuota(this.namesPerWriter);
        }
        names.add(name);
        writerNames++;
        await trx
          .insertInto('datalog_fields')
          .values({
            channel_id: id,
            name,
            tag: name,
            colour: colour++ % TAG_COLOURS,
            records: s.count,
            first_at: s.firstAt,
            last_at: s.lastAt,
            last_value: s.lastValue,
            writer,
          })
          .execute();
      }
      await addMinutes(trx, id, summariseMinutes(rows));
      // 250 rows × 4 parameters stays far below either engine's parameter limit.
      for (let i = 0; i < rows.length; i += 250) {
        await trx
          .insertInto('datalog_records')
          .values(rows.slice(i, i + 250))
          .execute();
      }
      const lastAt = Math.max(...rows.map((r) => r.t));
      await trx
        .updateTable('datalog_channels')
        .set((eb) => ({
          records: eb('records', '+', rows.length),
          last_record_at: eb
            .case()
            .when('last_record_at', 'is', null)
            .then(lastAt)
            .when('last_record_at', '<', lastAt)
            .then(lastAt)
            .else(eb.ref('last_record_at'))
            .end(),
        }))
        .where('id', '=', id)
        .execute();
      const channel = await trx
        .selectFrom('datalog_channels')
        .select(['records', 'last_record_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      return {
        ingested: {
          channel: id,
          accepted: rows.length,
          lastRecordAt: Number(channel.last_record_at),
        },
        records: Number(channel.records),
        newNames: names.size > known.length,
      };
    });
    await this.tellChange({
      channel: id,
      records: ingested.records,
      lastRecordAt: ingested.ingested.lastRecordAt,
      fields: ingested.newNames,
    });
    return ingested.ingested;
  }

  /** Deletes a field and all its records (owner; a moderator on the public log). */
  async deleteField(viewer: Viewer, id: string, name: string): Promise<void> {
    await this.deletable(viewer, id);
    await this.db.transaction().execute(async (trx) => {
      const field = await trx
        .selectFrom('datalog_fields')
        .select('records')
        .where('channel_id', '=', id)
        .where('name', '=', name)
        .executeTakeFirst();
      if (!field) throw fieldNotFound();
      await trx
        .deleteFrom('datalog_records')
        .where('channel_id', '=', id)
        .where('field', '=', name)
        .execute();
      await trx
        .deleteFrom('datalog_minutes')
        .where('channel_id', '=', id)
        .where('field', '=', name)
        .execute();
      await trx
        .deleteFrom('datalog_fields')
        .where('channel_id', '=', id)
        .where('name', '=', name)
        .execute();
      await refreshChannel(trx, id);
    });
    await this.tell(id);
  }

  /**
   * Deletes a field's records in [from, to) (owner; a moderator on the public log) and
   * answers the field as it is now (null when no record is left: the name is retired).
   */
  async deleteRecords(
    viewer: Viewer,
    id: string,
    name: string,
    from: number,
    to: number,
  ): Promise<{ deleted: number; field: Field | null }> {
    await this.deletable(viewer, id);
    const result = await this.db.transaction().execute(async (trx) => {
      const field = await trx
        .selectFrom('datalog_fields')
        .selectAll()
        .where('channel_id', '=', id)
        .where('name', '=', name)
        .executeTakeFirst();
      if (!field) throw fieldNotFound();
      const gone = await trx
        .deleteFrom('datalog_records')
        .where('channel_id', '=', id)
        .where('field', '=', name)
        .where('t', '>=', from)
        .where('t', '<', to)
        .executeTakeFirst();
      const deleted = Number(gone.numDeletedRows);
      // The minutes the range touched, rebuilt from what is left in them.
      await rebuildMinutes(trx, {
        channel: id,
        field: name,
        from: from - (from % MINUTE),
        to: to % MINUTE === 0 ? to : to - (to % MINUTE) + MINUTE,
      });
      const left = await this.refreshField(trx, id, name);
      await refreshChannel(trx, id);
      return { deleted, field: left ? toField({ ...field, ...left }) : null };
    });
    await this.tell(id);
    return result;
  }

  /**
   * Public log retention: deletes its records older than `days` and retires the names
   * left without records. Returns how many records went.
   */
  async retire(days: number): Promise<number> {
    const cutoff = Math.floor((this.clock() - days * 86_400_000) / MINUTE) * MINUTE;
    const id = PUBLIC_LOG_ID;
    const deleted = await this.db.transaction().execute(async (trx) => {
      const gone = await trx
        .deleteFrom('datalog_records')
        .where('channel_id', '=', id)
        .where('t', '<', cutoff)
        .executeTakeFirst();
      const count = Number(gone.numDeletedRows);
      if (count === 0) return 0;
      await trx
        .deleteFrom('datalog_minutes')
        .where('channel_id', '=', id)
        .where('minute', '<', cutoff)
        .execute();
      const stale = await trx
        .selectFrom('datalog_fields')
        .select('name')
        .where('channel_id', '=', id)
        .where('first_at', '<', cutoff)
        .execute();
      for (const { name } of stale) await this.refreshField(trx, id, name);
      await refreshChannel(trx, id);
      return count;
    });
    if (deleted > 0) await this.tell(id);
    return deleted;
  }

  /** Sets a field's figures from its summaries, or deletes it when none are left. */
  private async refreshField(trx: Transaction<Database>, id: string, name: string) {
    const figures = await fieldFigures(trx, id, name);
    if (!figures) {
      await trx
        .deleteFrom('datalog_fields')
        .where('channel_id', '=', id)
        .where('name', '=', name)
        .execute();
      return null;
    }
    const changes = {
      records: figures.records,
      first_at: figures.firstAt,
      last_at: figures.lastAt,
      last_value: figures.lastValue,
    };
    await trx
      .updateTable('datalog_fields')
      .set(changes)
      .where('channel_id', '=', id)
      .where('name', '=', name)
      .execute();
    return changes;
  }

  /** Tells the channel's watchers its counters after a change. */
  private async tell(id: string): Promise<void> {
    const events = this.options.events;
    if (!events) return;
    const row = await this.db
      .selectFrom('datalog_channels')
      .select(['records', 'last_record_at'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!row) return;
    await this.tellChange({
      channel: id,
      records: Number(row.records),
      lastRecordAt: row.last_record_at === null ? null : Number(row.last_record_at),
      fields: true,
    });
  }

  /**
   * Publishes a stored change. The change stands even when the bus fails (the database
   * went away after the commit): live pages then catch up at their next stale refresh,
   * and the caller's request still succeeds, so a retry cannot store it twice.
   */
  private async tellChange(change: ChannelChange): Promise<void> {
    await this.options.events?.changed(change).catch(() => {});
  }

  async fields(viewer: Viewer, id: string, sort: FieldSort = 'name_asc'): Promise<Field[]> {
    await this.readable(viewer, id);
    let query = this.db.selectFrom('datalog_fields').selectAll().where('channel_id', '=', id);
    switch (sort) {
      case 'newest_point':
        query = query.orderBy('last_at', 'desc');
        break;
      case 'newest_field':
        query = query.orderBy('first_at', 'desc');
        break;
      case 'oldest_field':
        query = query.orderBy('first_at', 'asc');
        break;
      case 'name_asc':
        query = query.orderBy('tag', 'asc');
        break;
      case 'name_desc':
        query = query.orderBy('tag', 'desc');
        break;
    }
    const rows = await query.orderBy('name', 'asc').execute();
    return rows.map(toField);
  }

  /** Renames a field's tag or changes its colour (owner only; tag errors of spec §5). */
  async updateField(viewer: Viewer, id: string, name: string, patch: FieldUpdate): Promise<Field> {
    await this.owned(viewer, id);
    const fields = await this.db
      .selectFrom('datalog_fields')
      .selectAll()
      .where('channel_id', '=', id)
      .execute();
    const field = fields.find((f) => f.name === name);
    if (!field) throw fieldNotFound();
    const changes: { tag?: string; colour?: number } = {};
    if (patch.tag !== undefined) {
      const tag = patch.tag.trim();
      if (tag === '') throw new HttpError(400, TAG_EMPTY.error, TAG_EMPTY.message);
      const key = tag.toLowerCase();
      if (fields.some((f) => f.name !== name && f.tag.toLowerCase() === key)) {
        throw new HttpError(409, TAG_EXISTS.error, TAG_EXISTS.message);
      }
      changes.tag = tag;
    }
    if (patch.colour !== undefined) changes.colour = patch.colour;
    if (changes.tag !== undefined || changes.colour !== undefined) {
      await this.db
        .updateTable('datalog_fields')
        .set(changes)
        .where('channel_id', '=', id)
        .where('name', '=', name)
        .execute();
    }
    return toField({ ...field, ...changes });
  }

  /** The names of the channel's fields (for a series query over every field). */
  async fieldNames(id: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('datalog_fields')
      .select('name')
      .where('channel_id', '=', id)
      .orderBy('name')
      .execute();
    return rows.map((r) => r.name);
  }
}

interface FieldSummary {
  count: number;
  firstAt: number;
  lastAt: number;
  lastValue: number;
}

function summarise(rows: { field: string; t: number; value: number }[]) {
  const out = new Map<string, FieldSummary>();
  for (const r of rows) {
    const s = out.get(r.field);
    if (!s) {
      out.set(r.field, { count: 1, firstAt: r.t, lastAt: r.t, lastValue: r.value });
      continue;
    }
    s.count++;
    if (r.t < s.firstAt) s.firstAt = r.t;
    // The later record (or the later one in the batch at the same time) is the last value.
    if (r.t >= s.lastAt) {
      s.lastAt = r.t;
      s.lastValue = r.value;
    }
  }
  return out;
}

async function updateField(
  trx: Transaction<Database>,
  channel: string,
  name: string,
  s: FieldSummary,
): Promise<void> {
  await trx
    .updateTable('datalog_fields')
    .set((eb) => ({
      records: eb('records', '+', s.count),
      first_at: eb
        .case()
        .when('first_at', '>', s.firstAt)
        .then(s.firstAt)
        .else(eb.ref('first_at'))
        .end(),
      last_value: eb
        .case()
        .when('last_at', '<=', s.lastAt)
        .then(s.lastValue)
        .else(eb.ref('last_value'))
        .end(),
      last_at: eb
        .case()
        .when('last_at', '<', s.lastAt)
        .then(s.lastAt)
        .else(eb.ref('last_at'))
        .end(),
    }))
    .where('channel_id', '=', channel)
    .where('name', '=', name)
    .execute();
}

/** The channel's record count and last record time from its fields. */
async function refreshChannel(trx: Transaction<Database>, id: string): Promise<void> {
  const totals = await trx
    .selectFrom('datalog_fields')
    .select((eb) => [
      eb.fn.sum<number | string | null>('records').as('records'),
      eb.fn.max<number | string | null>('last_at').as('last_at'),
    ])
    .where('channel_id', '=', id)
    .executeTakeFirst();
  await trx
    .updateTable('datalog_channels')
    .set({
      records: Number(totals?.records ?? 0),
      last_record_at:
        totals?.last_at === null || totals?.last_at === undefined ? null : Number(totals.last_at),
      updated_at: now(),
    })
    .where('id', '=', id)
    .execute();
}

function toChannel(row: ChannelWithOwner, viewer: Viewer): Channel {
  return {
    id: row.id,
    name: row.name,
    isPublic: row.is_public === 1,
    isPublicLog: row.id === PUBLIC_LOG_ID,
    isMine: viewer !== null && row.owner_id === viewer.id,
    ownerName: row.owner_name ?? '',
    records: Number(row.records),
    lastRecordAt: row.last_record_at === null ? null : Number(row.last_record_at),
    createdAt: row.created_at,
  };
}

function toField(row: DatalogFieldRow): Field {
  return {
    name: row.name,
    tag: row.tag,
    colour: row.colour,
    records: Number(row.records),
    firstAt: Number(row.first_at),
    lastAt: Number(row.last_at),
    lastValue: row.last_value,
  };
}
