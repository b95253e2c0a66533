// The event bus on PostgreSQL (event-bus.ts): a publish stores the event and sends
// NOTIFY in one transaction; each replica LISTENs on one connection of its own and tells its
// subscribers. Publishes take a transaction lock, so ids are handed out in commit order
// and a replay after an id misses nothing. A listening connection that drops (a database
// restart, a failover) reconnects and first reads from the outbox what it missed.
import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import type { Database } from '../db/schema.ts';
import { OutboxBus, type BusEvent, type BusOptions } from './event-bus.ts';

const CHANNEL = 'gogo_bus';
/** pg_advisory_xact_lock key of publishes ('gogo' in ASCII). */
const PUBLISH_LOCK = 0x676f676f;
/** NOTIFY payloads stop at 8000 bytes; larger events travel by id and are read back. */
const NOTIFY_MAX_BYTES = 7900;

interface Note {
  id: number;
  topic: string;
  data?: unknown;
}

interface PgBusOptions extends BusOptions {
  /** Wait between attempts to listen again after the connection dropped. */
  reconnectMs?: number;
}

export class PgEventBus extends OutboxBus {
  readonly kind = 'postgres';
  private client: pg.Client | null = null;
  private up = false;
  private everUp = false;
  /** The newest id this process heard of (where a catch-up after a reconnect starts). */
  private lastSeen = 0;
  /** Notifications are handled one after another, in the order they came. */
  private chain: Promise<void> = Promise.resolve();
  /** Notifications that came while the catch-up was read. */
  private held: Note[] | null = null;
  private waiters: (() => void)[] = [];
  private retry: NodeJS.Timeout | null = null;
  private readonly reconnectMs: number;

  constructor(
    db: Kysely<Database>,
    private readonly url: string,
    options: PgBusOptions = {},
  ) {
    super(db, options);
    this.reconnectMs = options.reconnectMs ?? 1000;
  }

  /** Starts listening; rejects when the database cannot be reached now. */
  async start(): Promise<void> {
    await this.connect();
  }

  connected(): boolean {
    return this.up;
  }

  protected override listening(): Promise<void> {
    if (this.up) return Promise.resolve();
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  async publish<T>(topic: string, data: T): Promise<BusEvent<T>> {
    const row = this.row(topic, data);
    // One statement, one round trip: the lock first (ids in commit order), then the insert
    // and the NOTIFY (an event too large for its payload goes by id). The outbox serves
    // replays of the last minutes, so its commit need not wait for the disk: a database
    // crash may lose the last few ms of events, never a stored change.
    const small = Buffer.byteLength(row.data) + Buffer.byteLength(topic) < NOTIFY_MAX_BYTES - 64;
    const { rows } = await sql<{ id: string | number }>`
      with locked as (
        select pg_advisory_xact_lock(${PUBLISH_LOCK}),
          set_config('synchronous_commit', 'off', true)
      ), stored as (
        insert into bus_events (topic, data, at)
        select ${row.topic}, ${row.data}, ${row.at} from locked
        returning id
      )
      select id, pg_notify(${CHANNEL}, '{"id":' || id || ',"topic":' || ${JSON.stringify(topic)}
        || ${small ? sql`',"data":' || ${row.data} || '}'` : sql`'}'`}) as sent
      from stored`.execute(this.db);
    const id = rows[0]?.id;
    if (id === undefined) throw new Error('the event was not stored');
    return { id: Number(id), topic, data };
  }

  override async close(): Promise<void> {
    await super.close();
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    this.up = false;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => {});
  }

  private async connect(): Promise<void> {
    const client = new pg.Client({ connectionString: this.url });
    const lost = () => this.lost(client);
    client.on('error', lost);
    client.on('end', lost);
    client.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      let note: Note;
      try {
        note = JSON.parse(message.payload) as Note;
      } catch {
        return;
      }
      if (this.held) this.held.push(note);
      else this.enqueue(note);
    });
    this.held = [];
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
      if (this.closed) {
        await client.end();
        return;
      }
      this.client = client;
      // Everything committed before LISTEN and after the last event heard: the catch-up.
      if (this.everUp) {
        const topics = [...this.topics.keys()];
        for (const event of await this.readAfter(topics, this.lastSeen)) {
          this.enqueue({ id: event.id, topic: event.topic, data: event.data });
        }
      } else {
        const top = await this.db
          .selectFrom('bus_events')
          .select((eb) => eb.fn.max('id').as('id'))
          .executeTakeFirst();
        this.lastSeen = Math.max(this.lastSeen, Number(top?.id ?? 0));
      }
    } catch (error) {
      this.held = null;
      client.removeAllListeners('end');
      await client.end().catch(() => {});
      if (!this.everUp) throw error;
      this.schedule();
      return;
    }
    const held = this.held;
    this.held = null;
    for (const note of held) this.enqueue(note);
    this.up = true;
    this.everUp = true;
    for (const wake of this.waiters.splice(0)) wake();
  }

  private lost(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = null;
    this.up = false;
    client.removeAllListeners('end');
    void client.end().catch(() => {});
    if (!this.closed) this.schedule();
  }

  private schedule(): void {
    if (this.retry || this.closed) return;
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect();
    }, this.reconnectMs);
    this.retry.unref();
  }

  private enqueue(note: Note): void {
    this.chain = this.chain.then(() => this.handle(note)).catch(() => {});
  }

  private async handle(note: Note): Promise<void> {
    this.lastSeen = Math.max(this.lastSeen, note.id);
    if (this.closed || !this.topics.has(note.topic)) return;
    if ('data' in note) {
      this.dispatch({ id: note.id, topic: note.topic, data: note.data });
      return;
    }
    const row = await this.db
      .selectFrom('bus_events')
      .select(['id', 'topic', 'data'])
      .where('id', '=', note.id)
      .executeTakeFirst();
    if (row) this.dispatch({ id: Number(row.id), topic: row.topic, data: JSON.parse(row.data) });
  }
}
