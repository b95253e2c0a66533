import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import {
  AGGREGATIONS,
  channelEventsPath,
  MEDIAN_RECORDS_MAX,
  PUBLIC_LOG_ID,
  type ChannelEvent,
  type Field,
  type Series,
} from '../../src/contract/datalog.ts';
import { bucketStart } from '../../src/contract/datalog-ranges.ts';
import { ChannelEvents } from '../datalog/channel-events.ts';
import { ChannelStore } from '../datalog/channel-store.ts';
import { PgEventBus } from '../events/pg-event-bus.ts';
import { runMaintenance } from '../maintenance.ts';
import { apiCaller, type ApiCall } from '../testing/api-caller.ts';
import { signInWithGoogle } from '../testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

/** 2026-03-02 00:00 UTC, a Monday. */
const T0 = Date.UTC(2026, 2, 2);
const MIN = 60_000;
const HOUR = 3_600_000;
const ADMIN = 'datalog-admin@example.com';
const MODERATOR = 'datalog-moderator@example.com';

describe(`cloud datalog at scale and under many writers (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let owner: string;
  let other: string;
  let admin: string;
  let moderator: string;

  beforeAll(async () => {
    t = await startTestApp({
      ADMIN_EMAILS: ADMIN,
      PUBLIC_LOG_NAMES_PER_WRITER: '3',
      PUBLIC_LOG_RECORDS_PER_MINUTE: '2000',
      PUBLIC_LOG_RETENTION_DAYS: '30',
    });
    call = apiCaller(t);
    owner = (await signInWithGoogle(t.emulatorHost, undefined, 'Olga Owner')).idToken;
    other = (await signInWithGoogle(t.emulatorHost, undefined, 'Otto Other')).idToken;
    admin = (await signInWithGoogle(t.emulatorHost, ADMIN, 'Ada Admin')).idToken;
    await call('POST', '/auth', admin, {});
    const made = await call('POST', '/user/create', admin, {
      email: MODERATOR,
      name: 'Mo Moderator',
      role: 'moderator',
    });
    expect(made.status, made.text).toBe(201);
    moderator = (await signInWithGoogle(t.emulatorHost, MODERATOR, 'Mo Moderator')).idToken;
  });
  afterAll(() => t.close());

  async function channel(token: string): Promise<string> {
    const res = await call('POST', '/datalog/channels', token, { name: 'Lab' });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  /** Records from an address (anonymous) or a user, into a channel. */
  const ingestAs = (
    who: { address?: string; token?: string },
    id: string,
    records: { name: string; value: number; time?: number }[],
  ) =>
    t.app.inject({
      method: 'POST',
      url: `${API_BASE_PATH}/datalog/channels/${id}/records`,
      headers: { 'content-type': 'application/json', ...(who.token ? bearer(who.token) : {}) },
      payload: JSON.stringify({ records }),
      remoteAddress: who.address ?? '127.0.0.1',
    });

  async function fields(id: string, token: string | null = owner): Promise<Field[]> {
    return (await call('GET', `/datalog/channels/${id}/fields`, token)).body.data as Field[];
  }

  async function series(id: string, query: string): Promise<Series> {
    const res = await call('GET', `/datalog/channels/${id}/series?${query}`, owner);
    expect(res.status, res.text).toBe(200);
    return res.body as Series;
  }

  describe('the public log under many writers', () => {
    it('keeps one writer from locking the others out', async () => {
      const names = (prefix: string, n: number) =>
        Array.from({ length: n }, (_, i) => ({ name: `${prefix}${i}`, value: i }));
      // An anonymous writer takes its three names, then is refused more...
      expect(
        (await ingestAs({ address: '198.51.100.1' }, PUBLIC_LOG_ID, names('a', 3))).statusCode,
      ).toBe(200);
      const more = await ingestAs({ address: '198.51.100.1' }, PUBLIC_LOG_ID, names('z', 1));
      expect(more.statusCode).toBe(403);
      expect(more.json()).toEqual({ error: 'name_quota', message: expect.any(String) });
      // ...a batch that would pass the quota stores nothing...
      const batch = await ingestAs({ address: '198.51.100.9' }, PUBLIC_LOG_ID, names('b', 4));
      expect(batch.statusCode).toBe(403);
      // ...but may keep writing to its own names, and everyone else may add theirs.
      expect(
        (await ingestAs({ address: '198.51.100.1' }, PUBLIC_LOG_ID, names('a', 3))).statusCode,
      ).toBe(200);
      expect(
        (await ingestAs({ address: '198.51.100.2' }, PUBLIC_LOG_ID, names('c', 3))).statusCode,
      ).toBe(200);
      expect((await ingestAs({ token: other }, PUBLIC_LOG_ID, names('d', 3))).statusCode).toBe(200);
      // Anyone may add records to a name someone else added.
      expect(
        (await ingestAs({ address: '198.51.100.3' }, PUBLIC_LOG_ID, names('a', 1))).statusCode,
      ).toBe(200);
      const listed = (await fields(PUBLIC_LOG_ID, null)).map((f) => f.name);
      expect(listed).toEqual(expect.arrayContaining(['a0', 'a2', 'c0', 'd2']));
      expect(listed).not.toContain('z0');
      expect(listed).not.toContain('b0');
    });

    it('limits the records one writer adds per minute', async () => {
      const many = Array.from({ length: 1000 }, (_, i) => ({ name: 'e0', value: i }));
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        statuses.push(
          (await ingestAs({ address: '198.51.100.50' }, PUBLIC_LOG_ID, many)).statusCode,
        );
      }
      expect(statuses).toEqual([200, 200, 429]);
      // Another writer is not affected.
      const one = [{ name: 'e0', value: 1 }];
      expect((await ingestAs({ address: '198.51.100.51' }, PUBLIC_LOG_ID, one)).statusCode).toBe(
        200,
      );
    });

    it('lets a moderator retire names and records, and no one else', async () => {
      await ingestAs({ address: '198.51.100.60' }, PUBLIC_LOG_ID, [
        { name: 'spam', value: 1, time: T0 },
        { name: 'spam', value: 2, time: T0 + MIN },
        { name: 'spam', value: 3, time: T0 + 2 * MIN },
      ]);
      const del = (token: string | null, path: string) =>
        call('DELETE', `/datalog/channels/${PUBLIC_LOG_ID}/fields/${path}`, token);
      expect((await del(null, 'spam')).status).toBe(401);
      const plain = await del(other, 'spam');
      expect([plain.status, plain.body.error]).toEqual([403, 'not_moderator']);

      const range = await del(moderator, `spam/records?from=${T0 + MIN}&to=${T0 + 2 * MIN}`);
      expect(range.status, range.text).toBe(200);
      expect(range.body.deleted).toBe(1);
      expect(range.body.field).toMatchObject({ name: 'spam', records: 2, lastValue: 3 });

      const gone = await del(moderator, 'spam');
      expect(gone.status).toBe(200);
      expect(gone.body).toEqual({ channel: PUBLIC_LOG_ID, name: 'spam' });
      expect((await fields(PUBLIC_LOG_ID, null)).map((f) => f.name)).not.toContain('spam');
      expect((await del(admin, 'spam')).status).toBe(404);
      // The writer's quota counts the retired name no more.
      const again = await ingestAs({ address: '198.51.100.60' }, PUBLIC_LOG_ID, [
        { name: 'x1', value: 1 },
        { name: 'x2', value: 1 },
        { name: 'x3', value: 1 },
      ]);
      expect(again.statusCode).toBe(200);
    });

    it('deletes public log records past the retention and retires names left empty', async () => {
      const day = 86_400_000;
      const now = Date.now();
      await ingestAs({ address: '198.51.100.70' }, PUBLIC_LOG_ID, [
        { name: 'old', value: 1, time: now - 40 * day },
        { name: 'mixed', value: 1, time: now - 40 * day },
        { name: 'mixed', value: 2, time: now - 5 * day },
      ]);
      const deleted = await runMaintenance(t.app, () => now);
      expect(deleted.publicLogRecords).toBeGreaterThanOrEqual(2);
      const left = await fields(PUBLIC_LOG_ID, null);
      expect(left.map((f) => f.name)).not.toContain('old');
      expect(left.find((f) => f.name === 'mixed')).toMatchObject({
        records: 1,
        firstAt: now - 5 * day,
      });
      const info = (await call('GET', `/datalog/channels/${PUBLIC_LOG_ID}`, null)).body;
      expect(info.records).toBe(left.reduce((n, f) => n + f.records, 0));
    });
  });

  describe('deleting fields', () => {
    it('lets the owner delete a field and its records; others get 401/404', async () => {
      const id = await channel(owner);
      await ingestAs({ token: owner }, id, [
        { name: 'temp', value: 20, time: T0 },
        { name: 'temp', value: 21, time: T0 + 1000 },
        { name: 'light', value: 300, time: T0 + 5000 },
      ]);
      const path = `/datalog/channels/${id}/fields/temp`;
      expect((await call('DELETE', path, null)).status).toBe(401);
      expect((await call('DELETE', path, other)).status).toBe(404);
      expect((await call('DELETE', path, moderator)).status).toBe(404);
      expect((await call('DELETE', path, owner)).status).toBe(200);
      expect((await fields(id)).map((f) => f.name)).toEqual(['light']);
      const info = (await call('GET', `/datalog/channels/${id}`, owner)).body;
      expect([info.records, info.lastRecordAt]).toEqual([1, T0 + 5000]);
      const answer = await series(
        id,
        `aggregation=count&period=minute&from=${T0}&to=${T0 + MIN}&fields=temp,light`,
      );
      expect(answer.series).toEqual([{ name: 'light', t: [T0], v: [1] }]);
      expect((await call('DELETE', path, owner)).status).toBe(404);
    });

    it('deletes a span of records and rebuilds what summaries it touched', async () => {
      const id = await channel(owner);
      const records = Array.from({ length: 120 }, (_, i) => ({
        name: 'v',
        value: i,
        time: T0 + i * 1000,
      }));
      await ingestAs({ token: owner }, id, records);
      // From the middle of the first minute into the second.
      const from = T0 + 30_000;
      const to = T0 + 90_000;
      const res = await call(
        'DELETE',
        `/datalog/channels/${id}/fields/v/records?from=${from}&to=${to}`,
        owner,
      );
      expect(res.body.deleted).toBe(60);
      const left = records.filter((r) => r.time < from || r.time >= to);
      for (const aggregation of ['count', 'sum', 'first', 'last', 'min', 'max'] as const) {
        const answer = await series(
          id,
          `aggregation=${aggregation}&period=minute&from=${T0}&to=${T0 + 2 * MIN}`,
        );
        const minute = (m: number) => left.filter((r) => bucketStart(r.time, 'minute') === m);
        const of = (rows: typeof left) => {
          const v = rows.map((r) => r.value);
          return {
            count: v.length,
            sum: v.reduce((a, b) => a + b, 0),
            first: v[0],
            last: v.at(-1),
            min: Math.min(...v),
            max: Math.max(...v),
          }[aggregation];
        };
        expect(answer.series[0]?.v, aggregation).toEqual([of(minute(T0)), of(minute(T0 + MIN))]);
      }
      expect((await fields(id))[0]).toMatchObject({
        records: 60,
        firstAt: T0,
        lastAt: T0 + 119_000,
      });
      const bad = await call(
        'DELETE',
        `/datalog/channels/${id}/fields/v/records?from=${to}&to=${from}`,
        owner,
      );
      expect(bad.status).toBe(400);
    });
  });

  describe('per-minute summaries', () => {
    it('answer every aggregation but the median as the records would, ranges not on whole minutes included', async () => {
      const id = await channel(owner);
      let seed = 11;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const records: { name: string; value: number; time: number }[] = [];
      for (let i = 0; i < 600; i++) {
        records.push({
          name: 'w',
          value: Math.round(random() * 1000) / 10,
          time: T0 + Math.floor(random() * 6 * HOUR),
        });
      }
      // Ties: two records at one time; the later-stored is the last.
      records.push(
        { name: 'w', value: -1, time: T0 + 7 * MIN },
        { name: 'w', value: -2, time: T0 + 7 * MIN },
      );
      for (let i = 0; i < records.length; i += 200) {
        expect((await ingestAs({ token: owner }, id, records.slice(i, i + 200))).statusCode).toBe(
          200,
        );
      }
      const from = T0 + 17_321;
      const to = T0 + 5 * HOUR + 45_007;
      const inRange = records.filter((r) => r.time >= from && r.time < to);
      for (const [period, tz] of [
        ['minute', 0],
        ['five_minutes', 0],
        ['hour', 420],
        ['day', -300],
      ] as const) {
        for (const aggregation of AGGREGATIONS.filter(
          (a) => a !== 'median' && a !== 'moving_average',
        )) {
          const answer = await series(
            id,
            `aggregation=${aggregation}&period=${period}&from=${from}&to=${to}&tz=${tz}`,
          );
          const groups = new Map<number, number[]>();
          for (const r of inRange) {
            const b = bucketStart(r.time, period, tz);
            groups.set(b, [...(groups.get(b) ?? []), r.value]);
          }
          const keys = [...groups.keys()].sort((a, b) => a - b);
          const expected = keys.map((k) => {
            const rows = inRange.filter((r) => bucketStart(r.time, period, tz) === k);
            const byTime = [...rows].sort((a, b) => a.time - b.time);
            const v = rows.map((r) => r.value);
            const sum = v.reduce((a, b) => a + b, 0);
            return {
              count: v.length,
              mean: sum / v.length,
              sum,
              max: Math.max(...v),
              min: Math.min(...v),
              first: byTime[0]?.value ?? NaN,
              // Stable sort: of two records at one time, the later-stored comes last.
              last: byTime.at(-1)?.value ?? NaN,
            }[aggregation as 'count'];
          });
          expect(answer.series[0]?.t, `${aggregation} ${period}`).toEqual(keys);
          answer.series[0]?.v.forEach((v, i) =>
            expect(v, `${aggregation} ${period} @${i}`).toBeCloseTo(expected[i] ?? NaN, 9),
          );
        }
      }
    });
  });

  describe('the median', () => {
    it('is refused over more records than it may sort, counted by the summaries', async () => {
      const id = await channel(owner);
      await ingestAs({ token: owner }, id, [{ name: 'm', value: 1, time: T0 }]);
      const query = `aggregation=median&period=minute&from=${T0}&to=${T0 + HOUR}`;
      expect((await series(id, query)).series[0]?.v).toEqual([1]);
      // A minute that summarises more records than the median may read.
      await t.app.services.db.kysely
        .updateTable('datalog_minutes')
        .set({ n: MEDIAN_RECORDS_MAX + 1 })
        .where('channel_id', '=', id)
        .execute();
      const refused = await call('GET', `/datalog/channels/${id}/series?${query}`, owner);
      expect(refused.status).toBe(400);
      expect(refused.body.error).toBe('too_many_records');
      // The other aggregations read the summaries and still answer.
      expect((await series(id, query.replace('median', 'count'))).series[0]?.v).toEqual([
        MEDIAN_RECORDS_MAX + 1,
      ]);
    });
  });

  describe('live refresh by server push', () => {
    let base = '';
    beforeAll(async () => {
      base = `${await t.app.listen({ host: '127.0.0.1', port: 0 })}${API_BASE_PATH}`;
    });

    /**
     * Opens a channel's event stream; `next()` resolves with each event in turn and
     * `lastId` is the id of the last one read.
     */
    async function stream(id: string, token: string | null, lastEventId?: number) {
      const stop = new AbortController();
      const res = await fetch(`${base}${channelEventsPath(id)}`, {
        headers: {
          ...(token ? bearer(token) : {}),
          ...(lastEventId === undefined ? {} : { 'last-event-id': String(lastEventId) }),
        },
        signal: stop.signal,
      });
      let reader: ReadableStreamDefaultReader<Uint8Array> | undefined;
      const decoder = new TextDecoder();
      let buffer = '';
      const s = {
        res,
        lastId: -1,
        next: async (): Promise<ChannelEvent> => {
          for (;;) {
            const end = buffer.indexOf('\n\n');
            if (end >= 0) {
              const lines = buffer.slice(0, end).split('\n');
              buffer = buffer.slice(end + 2);
              const data = lines.find((l) => l.startsWith('data: '));
              const eventId = lines.find((l) => l.startsWith('id: '));
              if (eventId) s.lastId = Number(eventId.slice(4));
              if (data) return JSON.parse(data.slice(6)) as ChannelEvent;
              continue;
            }
            reader ??= res.body?.getReader();
            const chunk = await reader?.read();
            if (!chunk || chunk.done) throw new Error('stream ended');
            buffer += decoder.decode(chunk.value, { stream: true });
          }
        },
        close: () => stop.abort(),
      };
      return s;
    }

    it('sends the counters at once, then each change as it is stored', async () => {
      const id = await channel(owner);
      const s = await stream(id, owner);
      expect(s.res.status).toBe(200);
      expect(s.res.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
      expect(await s.next()).toEqual({
        channel: id,
        records: 0,
        lastRecordAt: null,
        fields: false,
      });
      await ingestAs({ token: owner }, id, [{ name: 'temp', value: 1, time: T0 }]);
      expect(await s.next()).toEqual({ channel: id, records: 1, lastRecordAt: T0, fields: true });
      await ingestAs({ token: owner }, id, [{ name: 'temp', value: 2, time: T0 + 1 }]);
      expect(await s.next()).toMatchObject({ records: 2, lastRecordAt: T0 + 1, fields: false });
      await call('DELETE', `/datalog/channels/${id}/fields/temp`, owner);
      expect(await s.next()).toMatchObject({ records: 0, lastRecordAt: null, fields: true });
      s.close();
      await expect.poll(() => t.app.services.datalogEvents.watchers(id)).toBe(0);
    });

    it('keeps private channels private: 401 anonymous, 404 for another user', async () => {
      const id = await channel(owner);
      const anonymous = await stream(id, null);
      expect(anonymous.res.status).toBe(401);
      expect(await anonymous.res.json()).toMatchObject({ error: 'login_required' });
      const stranger = await stream(id, other);
      expect(stranger.res.status).toBe(404);
    });

    it('a stream opened again with Last-Event-ID gets the changes it missed, each once', async () => {
      const id = await channel(owner);
      const first = await stream(id, owner);
      expect(await first.next()).toMatchObject({ records: 0 });
      await ingestAs({ token: owner }, id, [{ name: 'temp', value: 1, time: T0 }]);
      expect(await first.next()).toMatchObject({ records: 1 });
      const seen = first.lastId;
      expect(seen).toBeGreaterThan(0);
      first.close();
      // Two changes while no stream is open (the page was between replicas).
      await ingestAs({ token: owner }, id, [{ name: 'temp', value: 2, time: T0 + 1 }]);
      await ingestAs({ token: owner }, id, [{ name: 'temp', value: 3, time: T0 + 2 }]);
      const again = await stream(id, owner, seen);
      expect(await again.next()).toMatchObject({ records: 2, lastRecordAt: T0 + 1 });
      expect(await again.next()).toMatchObject({ records: 3, lastRecordAt: T0 + 2 });
      await ingestAs({ token: owner }, id, [{ name: 'temp', value: 4, time: T0 + 3 }]);
      // The live change comes next: nothing was sent twice.
      expect(await again.next()).toMatchObject({ records: 4, lastRecordAt: T0 + 3 });
      again.close();
    });

    it('an id older than the kept events gets the counters instead of a partial replay', async () => {
      const id = await channel(owner);
      await ingestAs({ token: owner }, id, [{ name: 'temp', value: 1, time: T0 }]);
      await t.app.services.db.kysely.deleteFrom('bus_events').execute();
      const s = await stream(id, owner, 1);
      expect(await s.next()).toMatchObject({ channel: id, records: 1, fields: false });
      s.close();
    });

    it.runIf(testEngine() === 'postgres')(
      'tells of changes another replica made (its own bus on the same database)',
      async () => {
        const { db, config } = t.app.services;
        if (config.database.kind !== 'postgres') return;
        const s = await stream(PUBLIC_LOG_ID, null);
        const replicaBus = new PgEventBus(db.kysely, config.database.url);
        try {
          const first = await s.next();
          await replicaBus.start();
          await new ChannelStore(db.kysely, { events: new ChannelEvents(replicaBus) }).ingest(
            null,
            PUBLIC_LOG_ID,
            [{ name: 'e0', value: 1, time: T0 }],
          );
          expect(await s.next()).toMatchObject({
            channel: PUBLIC_LOG_ID,
            records: first.records + 1,
          });
        } finally {
          s.close();
          await replicaBus.close();
        }
      },
    );
  });
});
