import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  AGGREGATIONS,
  LOGIN_REQUIRED,
  PERIODS,
  PUBLIC_LOG_ID,
  TAG_EMPTY,
  TAG_EXISTS,
  type Aggregation,
  type Field,
  type Series,
} from '../../src/contract/datalog.ts';
import { bucketStart } from '../../src/contract/datalog-ranges.ts';
import { apiCaller, type ApiCall, type Method } from '../testing/api-caller.ts';
import { signInWithGoogle } from '../testing/emulator-accounts.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';

const MISSING = '00000000-0000-4000-8000-000000000000';
/** 2026-03-02 00:00 UTC, a Monday. */
const T0 = Date.UTC(2026, 2, 2);
const MIN = 60_000;

/** What the database must compute, done the plain way in JS. */
function reference(
  records: { t: number; value: number }[],
  aggregation: Aggregation,
  bucketOf: (t: number) => number,
  window = 5,
): Map<number, number> {
  const groups = new Map<number, { t: number; value: number }[]>();
  for (const r of records) {
    const b = bucketOf(r.t);
    groups.set(b, [...(groups.get(b) ?? []), r]);
  }
  const keys = [...groups.keys()].sort((a, b) => a - b);
  const out = new Map<number, number>();
  const means: number[] = [];
  for (const key of keys) {
    const rows = groups.get(key) ?? [];
    const values = rows.map((r) => r.value);
    const sum = values.reduce((a, b) => a + b, 0);
    const sorted = [...values].sort((a, b) => a - b);
    const byTime = [...rows].sort((a, b) => a.t - b.t);
    const mid = sorted.length / 2;
    const median =
      sorted.length % 2 === 1
        ? (sorted[Math.floor(mid)] ?? NaN)
        : ((sorted[mid - 1] ?? NaN) + (sorted[mid] ?? NaN)) / 2;
    means.push(sum / values.length);
    const recent = means.slice(-window);
    const value: Record<Aggregation, number> = {
      count: values.length,
      mean: sum / values.length,
      median,
      sum,
      first: byTime[0]?.value ?? NaN,
      last: byTime[byTime.length - 1]?.value ?? NaN,
      max: Math.max(...values),
      min: Math.min(...values),
      moving_average: recent.reduce((a, b) => a + b, 0) / recent.length,
    };
    out.set(key, value[aggregation]);
  }
  return out;
}

describe(`cloud datalog service (${testEngine()})`, () => {
  let t: TestApp;
  let call: ApiCall;
  let owner: string;
  let other: string;

  beforeAll(async () => {
    t = await startTestApp();
    call = apiCaller(t);
    owner = (await signInWithGoogle(t.emulatorHost, undefined, 'Olga Owner')).idToken;
    other = (await signInWithGoogle(t.emulatorHost, undefined, 'Otto Other')).idToken;
  });
  afterAll(() => t.close());

  async function channel(token: string, isPublic = false, name = 'Greenhouse'): Promise<string> {
    const res = await call('POST', '/datalog/channels', token, { name, isPublic });
    expect(res.status).toBe(201);
    return res.body.id as string;
  }

  async function ingest(
    token: string | null,
    id: string,
    records: { name: string; value: number; time?: number }[],
  ) {
    const res = await call('POST', `/datalog/channels/${id}/records`, token, { records });
    expect(res.status, res.text).toBe(200);
    return res.body;
  }

  async function series(token: string | null, id: string, query: string): Promise<Series> {
    const res = await call('GET', `/datalog/channels/${id}/series?${query}`, token);
    expect(res.status, res.text).toBe(200);
    return res.body as Series;
  }

  describe('authorization of every call', () => {
    // [method, path with :c for the channel, body, owner, other user, anonymous] asked of a
    // private channel. Others get 404 (it does not exist for them), anonymous callers the
    // spec's 'please login to see private data or switch to public log'.
    type Row = [Method, string, unknown, number, number, number];
    const ROWS: Row[] = [
      ['GET', '/datalog/channels/:c', undefined, 200, 404, 401],
      ['PUT', '/datalog/channels/:c', { name: 'Renamed' }, 200, 404, 401],
      [
        'POST',
        '/datalog/channels/:c/records',
        { records: [{ name: 'a', value: 1 }] },
        200,
        404,
        401,
      ],
      ['GET', '/datalog/channels/:c/fields', undefined, 200, 404, 401],
      ['PUT', '/datalog/channels/:c/fields/a', { colour: 3 }, 200, 404, 401],
      [
        'GET',
        '/datalog/channels/:c/series?aggregation=mean&period=minute&range=today',
        undefined,
        200,
        404,
        401,
      ],
      ['DELETE', '/datalog/channels/:c', undefined, 200, 404, 401],
    ];

    it.each(ROWS)(
      '%s %s: owner, other user, anonymous',
      async (method, path, body, ok, o, anon) => {
        const id = await channel(owner);
        await ingest(owner, id, [{ name: 'a', value: 1 }]);
        const at = path.replace(':c', id);
        const anonymous = await call(method, at, null, body);
        expect(anonymous.status).toBe(anon);
        // Reading or logging private data: the spec's message; owner actions: sign in first.
        const reads = method === 'GET' || path.endsWith('/records');
        expect(anonymous.body.error).toBe(reads ? LOGIN_REQUIRED.error : 'unauthorized');
        if (reads) expect(anonymous.body).toEqual(LOGIN_REQUIRED);
        expect((await call(method, at, other, body)).status).toBe(o);
        expect((await call(method, at, owner, body)).status).toBe(ok);
        expect((await call(method, path.replace(':c', MISSING), owner, body)).status).toBe(404);
      },
    );

    it('lets anyone read a public channel but only its owner change it', async () => {
      const id = await channel(owner, true);
      await ingest(owner, id, [{ name: 'a', value: 1 }]);
      for (const token of [null, other]) {
        expect((await call('GET', `/datalog/channels/${id}`, token)).status).toBe(200);
        expect((await call('GET', `/datalog/channels/${id}/fields`, token)).status).toBe(200);
      }
      expect((await call('PUT', `/datalog/channels/${id}`, other, { name: 'X' })).status).toBe(403);
      expect(
        (
          await call('POST', `/datalog/channels/${id}/records`, other, {
            records: [{ name: 'a', value: 2 }],
          })
        ).status,
      ).toBe(403);
      expect(
        (await call('PUT', `/datalog/channels/${id}/fields/a`, null, { tag: 'T' })).status,
      ).toBe(401);
    });

    it('lets anyone write to the public log, and no one rename or delete it', async () => {
      const res = await ingest(null, PUBLIC_LOG_ID, [{ name: 'anon', value: 1 }]);
      expect(res.accepted).toBe(1);
      await ingest(other, PUBLIC_LOG_ID, [{ name: 'anon', value: 2 }]);
      expect(
        (await call('PUT', `/datalog/channels/${PUBLIC_LOG_ID}`, owner, { name: 'Mine' })).status,
      ).toBe(403);
      expect((await call('DELETE', `/datalog/channels/${PUBLIC_LOG_ID}`, owner)).status).toBe(403);
    });

    it('asks an anonymous caller to sign in before creating a channel, and rejects a bad token', async () => {
      const res = await call('POST', '/datalog/channels', null, { name: 'X' });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('unauthorized');
      expect((await call('GET', '/datalog/channels', 'not-a-token')).status).toBe(401);
    });

    it('lists the public log, public channels and only the caller’s private ones', async () => {
      const mine = await channel(owner, false, 'Mine');
      const theirs = await channel(other, false, 'Theirs');
      const shared = await channel(other, true, 'Shared');
      const ids = async (token: string | null) =>
        ((await call('GET', '/datalog/channels', token)).body.data as { id: string }[]).map(
          (c) => c.id,
        );
      const seen = await ids(owner);
      expect(seen[0]).toBe(PUBLIC_LOG_ID);
      expect(seen).toContain(mine);
      expect(seen).toContain(shared);
      expect(seen).not.toContain(theirs);
      const anonymous = await ids(null);
      expect(anonymous).toContain(shared);
      expect(anonymous).not.toContain(mine);
    });
  });

  describe('ingestion', () => {
    it('keeps per-field figures and the channel’s last record time', async () => {
      const id = await channel(owner);
      await ingest(owner, id, [
        { name: 'temp', value: 20, time: T0 + 1000 },
        { name: 'temp', value: 22, time: T0 + 3000 },
        { name: 'light', value: 300, time: T0 + 2000 },
      ]);
      await ingest(owner, id, [{ name: 'temp', value: 19, time: T0 }]);
      const fields = (await call('GET', `/datalog/channels/${id}/fields`, owner)).body
        .data as Field[];
      expect(fields.map((f) => [f.name, f.records, f.firstAt, f.lastAt, f.lastValue])).toEqual([
        ['light', 1, T0 + 2000, T0 + 2000, 300],
        ['temp', 3, T0, T0 + 3000, 22],
      ]);
      // New fields get the next of the ten colours.
      expect(fields.map((f) => f.colour).sort()).toEqual([0, 1]);
      const info = (await call('GET', `/datalog/channels/${id}`, owner)).body;
      expect(info.records).toBe(4);
      expect(info.lastRecordAt).toBe(T0 + 3000);
    });

    it('rejects bad names, values, sizes and future times with 4xx and stores nothing', async () => {
      const id = await channel(owner);
      const bad = [
        { records: [{ name: '1abc', value: 1 }] },
        { records: [{ name: 'a b', value: 1 }] },
        { records: [{ name: 'a', value: 'x' }] },
        { records: [] },
        { records: Array.from({ length: 1001 }, () => ({ name: 'a', value: 1 })) },
        { records: [{ name: 'a', value: 1, time: Date.now() + 2 * 86_400_000 }] },
      ];
      for (const body of bad) {
        const res = await call('POST', `/datalog/channels/${id}/records`, owner, body);
        expect(res.status, JSON.stringify(body).slice(0, 80)).toBe(400);
        expect(res.body.message).not.toBe('');
      }
      expect((await call('GET', `/datalog/channels/${id}`, owner)).body.records).toBe(0);
    });

    it('stops at 100 record names per channel', async () => {
      const id = await channel(owner);
      const names = Array.from({ length: 100 }, (_, i) => ({ name: `f${i}`, value: i }));
      await ingest(owner, id, names);
      const res = await call('POST', `/datalog/channels/${id}/records`, owner, {
        records: [{ name: 'one_more', value: 1 }],
      });
      expect(res.status).toBe(400);
      expect(res.body.error).toBe('too_many_fields');
    });

    it('sends `cloud record` to the caller’s own log and `public cloud record` to the public log', async () => {
      const fresh = (await signInWithGoogle(t.emulatorHost, undefined, 'Fay Fresh')).idToken;
      const res = await call('POST', '/datalog/record', fresh, {
        name: 'temp',
        value: 25,
        public: false,
      });
      expect(res.status).toBe(200);
      const own = res.body.channel as string;
      expect(own).not.toBe(PUBLIC_LOG_ID);
      const again = await call('POST', '/datalog/record', fresh, {
        name: 'temp',
        value: 26,
        public: false,
      });
      expect(again.body.channel).toBe(own);
      const info = (await call('GET', `/datalog/channels/${own}`, fresh)).body;
      expect([info.isMine, info.isPublic, info.records]).toEqual([true, false, 2]);

      const anonymous = await call('POST', '/datalog/record', null, {
        name: 'temp',
        value: 1,
        public: false,
      });
      expect(anonymous.status).toBe(401);
      expect(anonymous.body).toEqual(LOGIN_REQUIRED);
      const pub = await call('POST', '/datalog/record', null, {
        name: 'temp',
        value: 1,
        public: true,
      });
      expect(pub.body.channel).toBe(PUBLIC_LOG_ID);
      // Naming someone else's channel is refused.
      const other404 = await call('POST', '/datalog/record', other, {
        name: 'temp',
        value: 1,
        public: false,
        channel: own,
      });
      expect(other404.status).toBe(404);
    });
  });

  describe('fields and tags', () => {
    it('sorts by newest point, newest field, oldest field and tag name both ways', async () => {
      const id = await channel(owner);
      await ingest(owner, id, [
        { name: 'b', value: 1, time: T0 },
        { name: 'a', value: 1, time: T0 + 1000 },
        { name: 'c', value: 1, time: T0 + 2000 },
        { name: 'b', value: 1, time: T0 + 5000 },
      ]);
      const order = async (sort: string) =>
        (
          (await call('GET', `/datalog/channels/${id}/fields?sort=${sort}`, owner)).body
            .data as Field[]
        ).map((f) => f.name);
      expect(await order('newest_point')).toEqual(['b', 'c', 'a']);
      expect(await order('newest_field')).toEqual(['c', 'a', 'b']);
      expect(await order('oldest_field')).toEqual(['b', 'a', 'c']);
      expect(await order('name_asc')).toEqual(['a', 'b', 'c']);
      expect(await order('name_desc')).toEqual(['c', 'b', 'a']);
      expect((await call('GET', `/datalog/channels/${id}/fields?sort=random`, owner)).status).toBe(
        400,
      );
    });

    it('renames tags and sets colours, refusing empty and duplicate tags with the spec messages', async () => {
      const id = await channel(owner);
      await ingest(owner, id, [
        { name: 'temp', value: 1 },
        { name: 'light', value: 1 },
      ]);
      const put = (name: string, body: unknown) =>
        call('PUT', `/datalog/channels/${id}/fields/${name}`, owner, body);
      const renamed = await put('temp', { tag: '  Temperature ', colour: 7 });
      expect(renamed.status).toBe(200);
      expect([renamed.body.tag, renamed.body.colour]).toEqual(['Temperature', 7]);
      const empty = await put('light', { tag: '   ' });
      expect([empty.status, empty.body.message]).toEqual([400, TAG_EMPTY.message]);
      const taken = await put('light', { tag: 'temperature' });
      expect([taken.status, taken.body.message]).toEqual([409, TAG_EXISTS.message]);
      expect((await put('light', { colour: 10 })).status).toBe(400);
      expect((await put('nothing', { colour: 1 })).status).toBe(404);
    });
  });

  describe('aggregated series', () => {
    it('computes every aggregation per minute in the database as a plain computation would', async () => {
      const id = await channel(owner);
      // 400 records over 20 minutes, irregular times and values, some minutes empty.
      let seed = 7;
      const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
      const records: { name: string; value: number; time: number }[] = [];
      for (let i = 0; i < 400; i++) {
        const time = T0 + Math.floor(random() * 20) * MIN + Math.floor(random() * MIN);
        if (Math.floor((time - T0) / MIN) % 7 === 3) continue;
        records.push({ name: 'temp', value: Math.round(random() * 1000) / 10, time });
      }
      await ingest(owner, id, records);
      const from = T0;
      const to = T0 + 20 * MIN;
      for (const aggregation of AGGREGATIONS) {
        const answer = await series(
          owner,
          id,
          `aggregation=${aggregation}&period=minute&from=${from}&to=${to}&fields=temp&window=3`,
        );
        const expected = reference(
          records.map((r) => ({ t: r.time, value: r.value })),
          aggregation,
          (time) => bucketStart(time, 'minute'),
          3,
        );
        const got = answer.series[0];
        expect(got?.name).toBe('temp');
        expect(got?.t, aggregation).toEqual([...expected.keys()]);
        got?.v.forEach((v, i) =>
          expect(v, `${aggregation} @${i}`).toBeCloseTo([...expected.values()][i] ?? NaN, 9),
        );
      }
    });

    it('gives the median of an even and an odd count, and first/last by time, not by value', async () => {
      const id = await channel(owner);
      await ingest(owner, id, [
        { name: 'x', value: 9, time: T0 },
        { name: 'x', value: 1, time: T0 + 10 },
        { name: 'x', value: 5, time: T0 + 20 },
        { name: 'x', value: 3, time: T0 + MIN },
        { name: 'x', value: 8, time: T0 + MIN + 5 },
      ]);
      const values = async (aggregation: string) =>
        (
          await series(
            owner,
            id,
            `aggregation=${aggregation}&period=minute&from=${T0}&to=${T0 + 2 * MIN}`,
          )
        ).series[0]?.v;
      expect(await values('median')).toEqual([5, 5.5]);
      expect(await values('first')).toEqual([9, 3]);
      expect(await values('last')).toEqual([5, 8]);
      expect(await values('count')).toEqual([3, 2]);
    });

    it('buckets days at local midnight and weeks from Monday', async () => {
      const id = await channel(owner);
      // UTC+7: 2026-03-01 20:00 UTC is already 2026-03-02 03:00 local (a Monday).
      await ingest(owner, id, [
        { name: 'x', value: 1, time: T0 - 4 * 3_600_000 },
        { name: 'x', value: 1, time: T0 - 8 * 3_600_000 },
      ]);
      const day = await series(
        owner,
        id,
        `aggregation=count&period=day&from=${T0 - 2 * 86_400_000}&to=${T0 + 86_400_000}&tz=420`,
      );
      const localMidnight = T0 - 7 * 3_600_000;
      expect(day.series[0]).toEqual({
        name: 'x',
        t: [localMidnight - 86_400_000, localMidnight],
        v: [1, 1],
      });
      const week = await series(
        owner,
        id,
        `aggregation=count&period=week&from=${T0 - 14 * 86_400_000}&to=${T0 + 86_400_000}`,
      );
      // In UTC both are on Sunday 1 March, in the week that began Monday 23 February.
      expect(week.series[0]?.t).toEqual([T0 - 7 * 86_400_000]);
    });

    it('answers named ranges, limits the number of periods and rejects bad queries', async () => {
      const id = await channel(owner);
      await ingest(owner, id, [{ name: 'now', value: 4 }]);
      const today = await series(owner, id, 'aggregation=sum&period=hour&range=today');
      expect(today.series[0]?.v).toEqual([4]);
      expect(today.to - today.from).toBe(86_400_000);
      const yesterday = await series(owner, id, 'aggregation=sum&period=hour&range=yesterday');
      expect(yesterday.series[0]?.v).toEqual([]);
      const bad = [
        'aggregation=mode&period=minute&range=today',
        'aggregation=mean&period=fortnight&range=today',
        'aggregation=mean&period=minute',
        `aggregation=mean&period=minute&from=${T0}&to=${T0}`,
        'aggregation=mean&period=second&range=last_year',
        'aggregation=mean&period=minute&range=today&fields=a%20b',
      ];
      for (const query of bad) {
        const res = await call('GET', `/datalog/channels/${id}/series?${query}`, owner);
        expect(res.status, query).toBe(400);
      }
      expect(PERIODS.week).toBe(7 * 86_400_000);
    });
  });
});
