// The event bus on a real database: the in-process bus on either engine, and on PostgreSQL
// two PgEventBus instances standing for two replicas on one database (LISTEN/NOTIFY), a
// dropped listening connection, and events larger than a NOTIFY payload.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../db/database.ts';
import { createTestDatabase, testEngine, type TestDatabase } from '../testing/test-db.ts';
import { LocalEventBus, type BusEvent, type EventBus } from './event-bus.ts';
import { PgEventBus } from './pg-event-bus.ts';

/** Collects a subscriber's events; `until(n)` waits for the n-th. */
function collector() {
  const events: BusEvent[] = [];
  let wake: (() => void) | null = null;
  return {
    events,
    listener: (e: BusEvent) => {
      events.push(e);
      wake?.();
    },
    async until(n: number, ms = 30_000): Promise<BusEvent[]> {
      const deadline = Date.now() + ms;
      while (events.length < n) {
        if (Date.now() > deadline) throw new Error(`heard ${events.length} of ${n} events`);
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, 50);
        });
      }
      return events;
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 150));

// Buses whose next replay, once it has read the outbox, waits for `meanwhile` before it
// hands the rows over: events committed and heard live while the replay's answer is on its
// way, as a stream that reconnects during a burst of writes can meet them.
interface HoldsReplay {
  meanwhile: (() => Promise<void>) | null;
}
async function heldBack(bus: HoldsReplay, read: Promise<BusEvent[]>): Promise<BusEvent[]> {
  const rows = await read;
  const meanwhile = bus.meanwhile;
  bus.meanwhile = null;
  await meanwhile?.();
  return rows;
}
class SlowReplayLocal extends LocalEventBus implements HoldsReplay {
  meanwhile: (() => Promise<void>) | null = null;
  protected override readAfter(topics: string[], id: number): Promise<BusEvent[]> {
    return heldBack(this, super.readAfter(topics, id));
  }
}
class SlowReplayPg extends PgEventBus implements HoldsReplay {
  meanwhile: (() => Promise<void>) | null = null;
  protected override readAfter(topics: string[], id: number): Promise<BusEvent[]> {
    return heldBack(this, super.readAfter(topics, id));
  }
}

let database: TestDatabase;
let db: Db;

beforeAll(async () => {
  database = await createTestDatabase();
  db = openDatabase(database.config);
  await migrateToLatest(db);
});
afterAll(async () => {
  await db.close();
  await database.drop();
});

describe(`in-process event bus (${testEngine()})`, () => {
  let bus: EventBus;
  beforeAll(() => {
    bus = new LocalEventBus(db.kysely);
  });
  afterAll(() => bus.close());

  it('tells the subscribers of a topic, in publish order, and no one else', async () => {
    const a = collector();
    const b = collector();
    const other = collector();
    const subs = [
      bus.subscribe('class/1', a.listener),
      bus.subscribe('class/1', b.listener),
      bus.subscribe('class/2', other.listener),
    ];
    await Promise.all(subs.map((s) => s.ready));
    const sent = await Promise.all([1, 2, 3].map((n) => bus.publish('class/1', { n })));
    expect(sent.map((e) => e.id)).toEqual([...sent.map((e) => e.id)].sort((x, y) => x - y));
    expect((await a.until(3)).map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
    expect(b.events.map((e) => e.id)).toEqual(sent.map((e) => e.id));
    await settle();
    expect(other.events).toEqual([]);
    for (const s of subs) s.close();
    expect(bus.subscribers('class/1')).toBe(0);
  });

  it('replays what a subscriber missed after the id it names, then goes on live, each once', async () => {
    const first = await bus.publish('channel/x', 'one');
    await bus.publish('channel/x', 'two');
    await bus.publish('channel/y', 'elsewhere');
    const c = collector();
    const sub = bus.subscribe('channel/x', c.listener, { after: first.id });
    await sub.ready;
    await bus.publish('channel/x', 'three');
    expect((await c.until(2)).map((e) => e.data)).toEqual(['two', 'three']);
    await settle();
    expect(c.events).toHaveLength(2);
    sub.close();
  });

  it('a replay that events overtake while it is read still gives each one once, in order', async () => {
    const local = new SlowReplayLocal(db.kysely);
    const first = await local.publish('overtaken', 1);
    await local.publish('overtaken', 2);
    await local.publish('overtaken', 3);
    const c = collector();
    local.meanwhile = async () => {
      await local.publish('overtaken', 4);
    };
    await local.subscribe('overtaken', c.listener, { after: first.id }).ready;
    // Told in the process before the publish resolves.
    await local.publish('overtaken', 5);
    expect(c.events.map((e) => e.data)).toEqual([2, 3, 4, 5]);
    await local.close();
  });

  it('a listener that throws does not stop the others; a closed subscription hears nothing', async () => {
    const errors: unknown[] = [];
    const local = new LocalEventBus(db.kysely, { onError: (e) => errors.push(e) });
    const c = collector();
    const late = collector();
    local.subscribe('t', () => {
      throw new Error('listener broke');
    });
    local.subscribe('t', c.listener);
    const gone = local.subscribe('t', late.listener);
    gone.close();
    await local.publish('t', 1);
    await c.until(1);
    expect(errors).toHaveLength(1);
    expect(late.events).toEqual([]);
    await local.close();
  });

  it('forgets events older than the keep time', async () => {
    let now = Date.now();
    const local = new LocalEventBus(db.kysely, { now: () => now, keepMs: 1000 });
    const old = await local.publish('prune/me', 'old');
    now += 5000;
    await local.publish('prune/me', 'new');
    expect(await local.prune()).toBeGreaterThanOrEqual(1);
    const c = collector();
    await local.subscribe('prune/me', c.listener, { after: old.id - 1 }).ready;
    expect(c.events.map((e) => e.data)).toEqual(['new']);
    await local.close();
  });
});

describe.runIf(testEngine() === 'postgres')('PostgreSQL event bus: two replicas', () => {
  let a: PgEventBus;
  let b: PgEventBus;
  const url = () => (database.config.kind === 'postgres' ? database.config.url : '');

  beforeAll(async () => {
    a = new PgEventBus(db.kysely, url(), { reconnectMs: 100 });
    b = new PgEventBus(db.kysely, url(), { reconnectMs: 100 });
    await Promise.all([a.start(), b.start()]);
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('what one replica publishes, the other hears, in one order for both', async () => {
    const onA = collector();
    const onB = collector();
    await a.subscribe('class/7', onA.listener).ready;
    await b.subscribe('class/7', onB.listener).ready;
    const sent = await Promise.all(
      Array.from({ length: 20 }, (_, n) => (n % 2 ? a : b).publish('class/7', { n })),
    );
    await onA.until(20);
    await onB.until(20);
    const ids = sent.map((e) => e.id).sort((x, y) => x - y);
    expect(onA.events.map((e) => e.id)).toEqual(ids);
    expect(onB.events.map((e) => e.id)).toEqual(ids);
    expect(onB.events.map((e) => e.data)).toEqual(onA.events.map((e) => e.data));
  });

  it('an event too large for a NOTIFY payload arrives whole', async () => {
    const c = collector();
    await b.subscribe('big', c.listener).ready;
    const text = 'x'.repeat(20_000);
    await a.publish('big', { text });
    expect((await c.until(1))[0]?.data).toEqual({ text });
  });

  it('a replay on another replica starts after the id the subscriber names', async () => {
    const first = await a.publish('stream/1', 1);
    await a.publish('stream/1', 2);
    const c = collector();
    await b.subscribe('stream/1', c.listener, { after: first.id }).ready;
    await a.publish('stream/1', 3);
    expect((await c.until(2)).map((e) => e.data)).toEqual([2, 3]);
  });

  it('a replay overtaken by events from the other replica misses none and repeats none', async () => {
    // The replay reads 2 and 3; 4 and 5 are committed by the other replica and heard live
    // before the replay's rows are handed over.
    const slow = new SlowReplayPg(db.kysely, url(), { reconnectMs: 100 });
    await slow.start();
    try {
      const heard = collector();
      await slow.subscribe('overtaken/pg', heard.listener).ready;
      const first = await a.publish('overtaken/pg', 1);
      await a.publish('overtaken/pg', 2);
      await a.publish('overtaken/pg', 3);
      await heard.until(3);
      slow.meanwhile = async () => {
        await a.publish('overtaken/pg', 4);
        await a.publish('overtaken/pg', 5);
        await heard.until(5);
      };
      const c = collector();
      await slow.subscribe('overtaken/pg', c.listener, { after: first.id }).ready;
      await a.publish('overtaken/pg', 6);
      // Both subscribers of the topic on this replica are told of an event at once.
      await heard.until(6);
      await settle();
      expect(c.events.map((e) => e.data)).toEqual([2, 3, 4, 5, 6]);
    } finally {
      await slow.close();
    }
  });

  it('a replica whose listening connection drops hears what was published meanwhile, once', async () => {
    const c = collector();
    await b.subscribe('across/drop', c.listener).ready;
    await a.publish('across/drop', 'before');
    await c.until(1);
    const ended = await sql<{ ok: boolean }>`select pg_terminate_backend(pid) as ok
      from pg_stat_activity where query = 'LISTEN gogo_bus'`.execute(db.kysely);
    expect(ended.rows.length).toBeGreaterThanOrEqual(2);
    // Published while b may be reconnecting: none is lost and none comes twice.
    for (let n = 0; n < 5; n++) {
      await a.publish('across/drop', `during ${n}`);
      await new Promise((r) => setTimeout(r, 40));
    }
    await c.until(6);
    await a.publish('across/drop', 'after');
    await c.until(7);
    await settle();
    expect(c.events.map((e) => e.data)).toEqual([
      'before',
      'during 0',
      'during 1',
      'during 2',
      'during 3',
      'during 4',
      'after',
    ]);
    expect(a.connected() && b.connected()).toBe(true);
  });
});
