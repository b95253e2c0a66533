// The event bus between server replicas: what one replica publishes on a topic, the
// subscribers of that topic on every replica hear, in one order, each event once. Push
// streams (a cloud datalog channel's live refresh, a class's events) subscribe here instead
// of keeping a list of listeners that only their own process would call.
//
// Every event is first written to the database's outbox (`bus_events`), whose id grows in
// commit order, and kept for a few minutes: a subscriber that names the last id it saw
// (`after`, a stream's Last-Event-ID) first gets what it missed, so a push client that
// reconnects to another replica loses nothing and sees nothing twice. Two ways to wake the
// subscribers (docs/architecture.md "State across replicas" says why these two):
// - `LocalEventBus`: in the process, for one server (the SQLite default);
// - `PgEventBus` (pg-event-bus.ts): PostgreSQL's LISTEN/NOTIFY, for replicas on one database.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export interface BusEvent<T = unknown> {
  /** Grows in commit order across every replica; never reused. */
  id: number;
  topic: string;
  data: T;
}

type BusListener = (event: BusEvent) => void;

export interface Subscription {
  /** Resolves once the subscriber hears every later event (and has had the replay). */
  ready: Promise<void>;
  close(): void;
}

interface SubscribeOptions {
  /** Replay the kept events of the topic after this id first (a stream's Last-Event-ID). */
  after?: number;
}

export interface EventBus {
  readonly kind: 'local' | 'postgres';
  /** Stores the event and tells every subscriber of `topic`; resolves once it is stored. */
  publish<T>(topic: string, data: T): Promise<BusEvent<T>>;
  subscribe(topic: string, listener: BusListener, options?: SubscribeOptions): Subscription;
  /** Subscribers of a topic in this process (tests, metrics). */
  subscribers(topic: string): number;
  /** The newest stored event id (0: none). */
  newest(): Promise<number>;
  /** The oldest event id a replay can still give, or null when none is kept. */
  oldest(): Promise<number | null>;
  /** True while events published elsewhere reach this process (readiness). */
  connected(): boolean;
  close(): Promise<void>;
}

/** How long events stay in the outbox for replays. */
const BUS_KEEP_MS = 10 * 60_000;
const PRUNE_EVERY_MS = 60_000;

interface Subscriber {
  topic: string;
  listener: BusListener;
  /** The newest id delivered: older or equal ids are not delivered again. */
  lastId: number;
  /** Live events that arrived while the replay was read; null once it is done. */
  pending: BusEvent[] | null;
  closed: boolean;
}

export interface BusOptions {
  keepMs?: number;
  now?: () => number;
  /** A listener that throws is reported here and never stops the others. */
  onError?: (error: unknown, topic: string) => void;
}

/** The outbox, the subscribers and the replay, shared by both ways of waking them. */
export abstract class OutboxBus implements EventBus {
  abstract readonly kind: EventBus['kind'];
  protected readonly topics = new Map<string, Set<Subscriber>>();
  protected readonly now: () => number;
  private readonly keepMs: number;
  private readonly onError: (error: unknown, topic: string) => void;
  private pruner: NodeJS.Timeout | null = null;
  protected closed = false;

  constructor(
    protected readonly db: Kysely<Database>,
    options: BusOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.keepMs = options.keepMs ?? BUS_KEEP_MS;
    this.onError = options.onError ?? (() => {});
    this.pruner = setInterval(() => void this.prune().catch(() => {}), PRUNE_EVERY_MS);
    this.pruner.unref();
  }

  abstract publish<T>(topic: string, data: T): Promise<BusEvent<T>>;
  abstract connected(): boolean;

  /** Resolves once events published elsewhere reach this process. */
  protected listening(): Promise<void> {
    return Promise.resolve();
  }

  subscribe(topic: string, listener: BusListener, options: SubscribeOptions = {}): Subscription {
    const sub: Subscriber = {
      topic,
      listener,
      lastId: options.after ?? 0,
      pending: options.after === undefined ? null : [],
      closed: false,
    };
    let set = this.topics.get(topic);
    if (!set) this.topics.set(topic, (set = new Set()));
    set.add(sub);
    const ready = this.listening().then(async () => {
      if (sub.pending === null) return;
      let missed: BusEvent[] = [];
      try {
        missed = await this.readAfter([topic], sub.lastId);
      } finally {
        // Events heard live while the outbox was read can be newer than rows the read
        // returned: handed over first, they would set `lastId` past those rows, which would
        // then be dropped as seen. Ids grow in commit order, so the replay and the live
        // events merged by id are the topic's events in order; repeats are dropped.
        const live = sub.pending;
        sub.pending = null;
        const events = [...missed, ...live].sort((x, y) => x.id - y.id);
        for (const event of events) this.deliver(sub, event);
      }
    });
    ready.catch(() => {});
    return {
      ready,
      close: () => {
        sub.closed = true;
        set.delete(sub);
        if (set.size === 0 && this.topics.get(topic) === set) this.topics.delete(topic);
      },
    };
  }

  subscribers(topic: string): number {
    return this.topics.get(topic)?.size ?? 0;
  }

  async newest(): Promise<number> {
    const row = await this.db
      .selectFrom('bus_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  async oldest(): Promise<number | null> {
    const row = await this.db
      .selectFrom('bus_events')
      .select((eb) => eb.fn.min('id').as('id'))
      .executeTakeFirst();
    return row?.id === null || row?.id === undefined ? null : Number(row.id);
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.pruner) clearInterval(this.pruner);
    this.pruner = null;
    for (const set of this.topics.values()) for (const sub of set) sub.closed = true;
    this.topics.clear();
  }

  /** Deletes events older than the keep time; returns how many went. */
  async prune(): Promise<number> {
    const result = await this.db
      .deleteFrom('bus_events')
      .where('at', '<', this.now() - this.keepMs)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** Tells this process's subscribers of `event`. */
  protected dispatch(event: BusEvent): void {
    for (const sub of this.topics.get(event.topic) ?? []) this.deliver(sub, event);
  }

  private deliver(sub: Subscriber, event: BusEvent): void {
    if (sub.closed) return;
    if (sub.pending) {
      sub.pending.push(event);
      return;
    }
    if (event.id <= sub.lastId) return;
    sub.lastId = event.id;
    try {
      sub.listener(event);
    } catch (error) {
      this.onError(error, event.topic);
    }
  }

  /** Kept events of these topics after `id`, oldest first. */
  protected async readAfter(topics: string[], id: number): Promise<BusEvent[]> {
    if (topics.length === 0) return [];
    const rows = await this.db
      .selectFrom('bus_events')
      .select(['id', 'topic', 'data'])
      .where('topic', 'in', topics)
      .where('id', '>', id)
      .orderBy('id')
      .execute();
    return rows.map(toEvent);
  }

  protected row(topic: string, data: unknown) {
    if (topic.length === 0 || topic.length > 200) throw new Error(`bad bus topic "${topic}"`);
    return { topic, data: JSON.stringify(data ?? null), at: this.now() };
  }
}

const toEvent = (row: { id: number | string; topic: string; data: string }): BusEvent => ({
  id: Number(row.id),
  topic: row.topic,
  data: JSON.parse(row.data) as unknown,
});

/**
 * One server: subscribers are told in the process, right after the event is stored.
 * Publishes are stored one after another, so ids reach subscribers in order.
 */
export class LocalEventBus extends OutboxBus {
  readonly kind = 'local';
  private queue: Promise<unknown> = Promise.resolve();

  publish<T>(topic: string, data: T): Promise<BusEvent<T>> {
    const row = this.row(topic, data);
    const stored = this.queue.then(async () => {
      const { id } = await this.db
        .insertInto('bus_events')
        .values(row)
        .returning('id')
        .executeTakeFirstOrThrow();
      const event: BusEvent<T> = { id: Number(id), topic, data };
      if (!this.closed) this.dispatch(event);
      return event;
    });
    this.queue = stored.catch(() => {});
    return stored;
  }

  connected(): boolean {
    return !this.closed;
  }
}
