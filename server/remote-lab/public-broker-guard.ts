// Limits of the embedded public broker (docs/labs.md "Limits of the public broker"). Anyone
// may connect without signing in (broadcast), and the broker lives in the API process, so
// what one client can make it keep must be bounded, or it takes the API, the classroom and
// the remote lab down with it:
//
// - WebSockets per client address and in all (refused at the upgrade with 429);
// - MQTT connections: anonymous ones per address, signed-in ones (web UI users and link
//   viewers) per broker user; a client id is the broker's own (no session takeover) and every
//   session is clean (nothing queued for a client that left);
// - anonymous clients retain nothing (the retain flag is dropped, the message still goes
//   out); a signed-in user's retained topics and bytes are capped, and so are the broker's;
// - publishes per connection (a token bucket; beyond it the connection is closed);
// - subscriptions per connection; topic and payload sizes (publicBrokerOptions).
import { randomBytes } from 'node:crypto';
import type http from 'node:http';
import type { AedesOptions, Client } from 'aedes';
import { PUBLIC_LIMITS } from './embedded-broker.ts';

type PublicLimits = typeof PUBLIC_LIMITS;

interface Conn {
  key: string;
  released: boolean;
  anonymous: boolean;
  owner: string;
  tokens: number;
  at: number;
  subscriptions: Set<string>;
}

/** The retained messages signed-in users keep, by topic, with their owners' totals. */
class RetainedLedger {
  private readonly topics = new Map<string, { owner: string; bytes: number }>();
  private readonly owners = new Map<string, { topics: number; bytes: number }>();
  private total = 0;

  constructor(private readonly limits: PublicLimits) {}

  /** Whether `owner` may keep `bytes` retained at `topic` (0: clearing it); books it if so. */
  keep(owner: string, topic: string, bytes: number): boolean {
    const before = this.topics.get(topic);
    const mine = this.owners.get(owner) ?? { topics: 0, bytes: 0 };
    const freed = before?.owner === owner ? before.bytes : 0;
    if (bytes > 0) {
      const topics = mine.topics + (before?.owner === owner ? 0 : 1);
      if (
        topics > this.limits.retainedTopicsPerUser ||
        mine.bytes - freed + bytes > this.limits.retainedBytesPerUser ||
        this.total - (before?.bytes ?? 0) + bytes > this.limits.retainedBytesTotal
      ) {
        return false;
      }
    }
    if (before) this.drop(topic, before);
    if (bytes > 0) {
      this.topics.set(topic, { owner, bytes });
      const o = this.owners.get(owner) ?? { topics: 0, bytes: 0 };
      this.owners.set(owner, { topics: o.topics + 1, bytes: o.bytes + bytes });
      this.total += bytes;
    }
    return true;
  }

  private drop(topic: string, was: { owner: string; bytes: number }): void {
    this.topics.delete(topic);
    this.total -= was.bytes;
    const o = this.owners.get(was.owner);
    if (!o) return;
    if (o.topics <= 1) this.owners.delete(was.owner);
    else this.owners.set(was.owner, { topics: o.topics - 1, bytes: o.bytes - was.bytes });
  }

  /** Retained bytes kept in all (tests, figures). */
  get bytes(): number {
    return this.total;
  }
}

const refused = (message: string, returnCode: 3 | 5) =>
  Object.assign(new Error(message), { returnCode });

export class PublicBrokerGuard {
  private readonly sockets = new Map<string, number>();
  private socketsOpen = 0;
  private readonly connections = new Map<string, number>();
  private readonly conns = new WeakMap<Client, Conn>();
  readonly retained: RetainedLedger;

  constructor(
    private readonly addressOf: (request: http.IncomingMessage) => string,
    private readonly limits: PublicLimits = PUBLIC_LIMITS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.retained = new RetainedLedger(limits);
  }

  /** A WebSocket upgrade: its release when admitted, null when its address has too many. */
  admitSocket(request: http.IncomingMessage): (() => void) | null {
    const address = this.addressOf(request);
    const open = this.sockets.get(address) ?? 0;
    if (open >= this.limits.socketsPerAddress || this.socketsOpen >= this.limits.socketsTotal) {
      return null;
    }
    this.sockets.set(address, open + 1);
    this.socketsOpen++;
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.socketsOpen--;
      const left = (this.sockets.get(address) ?? 1) - 1;
      if (left <= 0) this.sockets.delete(address);
      else this.sockets.set(address, left);
    };
  }

  /** Wraps the broker's options (namespaces, topic rules) with the limits. */
  wrap(inner: AedesOptions): AedesOptions {
    return {
      ...inner,
      connectTimeout: this.limits.connectTimeoutMs,
      preConnect: (client, packet, done) => {
        // The broker names every client and keeps no session: a client cannot take over
        // another's id, nor leave messages queued for when it comes back.
        packet.clientId = `pub-${randomBytes(9).toString('base64url')}`;
        packet.clean = true;
        if (inner.preConnect) inner.preConnect(client, packet, done);
        else done(null, true);
      },
      authenticate: (client, username, password, done) => {
        const admit: Parameters<NonNullable<AedesOptions['authenticate']>>[3] = (error, ok) => {
          if (error || !ok) return done(error, ok ?? false);
          const anonymous = !username;
          const owner = anonymous ? '' : username;
          const address = client.req ? this.addressOf(client.req) : '';
          const key = anonymous ? `anon:${address}` : `user:${owner}`;
          const cap = anonymous ? this.limits.anonymousPerAddress : this.limits.connectionsPerUser;
          const open = this.connections.get(key) ?? 0;
          if (open >= cap) return done(refused('too many connections', 3), false);
          this.connections.set(key, open + 1);
          this.conns.set(client, {
            key,
            released: false,
            anonymous,
            owner,
            tokens: this.burst(anonymous),
            at: this.now(),
            subscriptions: new Set(),
          });
          client.conn.once('close', () => this.release(client));
          done(null, true);
        };
        if (inner.authenticate) inner.authenticate(client, username, password, admit);
        else admit(null, true);
      },
      authorizePublish: (client, packet, callback) => {
        const conn = client ? this.conns.get(client) : undefined;
        if (client && !conn) return callback(refused('not connected', 5));
        if (conn && !this.takeToken(conn)) return callback(refused('publishing too fast', 5));
        const decide = (error?: Error | null) => {
          if (error || !conn || !packet.retain) return callback(error ?? null);
          // Anonymous clients retain nothing; a user within their share of the broker.
          const bytes = packet.payload.length;
          if (conn.anonymous || !this.retained.keep(conn.owner, packet.topic, bytes)) {
            packet.retain = false;
          }
          callback(null);
        };
        if (inner.authorizePublish) inner.authorizePublish(client, packet, decide);
        else decide(null);
      },
      authorizeSubscribe: (client, subscription, callback) => {
        const conn = this.conns.get(client);
        if (!conn) return callback(null, null);
        const known = conn.subscriptions.has(subscription.topic);
        if (!known && conn.subscriptions.size >= this.limits.subscriptionsPerClient) {
          return callback(null, null);
        }
        const decide = (error: Error | null, sub?: typeof subscription | null) => {
          if (!error && sub) conn.subscriptions.add(sub.topic);
          callback(error, sub ?? null);
        };
        if (inner.authorizeSubscribe) inner.authorizeSubscribe(client, subscription, decide);
        else decide(null, subscription);
      },
    };
  }

  private burst(anonymous: boolean): number {
    return anonymous ? this.limits.anonymousPublishBurst : this.limits.userPublishBurst;
  }

  private takeToken(conn: Conn): boolean {
    const rate = conn.anonymous
      ? this.limits.anonymousPublishPerSecond
      : this.limits.userPublishPerSecond;
    const t = this.now();
    conn.tokens = Math.min(this.burst(conn.anonymous), conn.tokens + ((t - conn.at) / 1000) * rate);
    conn.at = t;
    if (conn.tokens < 1) return false;
    conn.tokens -= 1;
    return true;
  }

  private release(client: Client): void {
    // The entry stays (a will goes out after the socket closed); only the count goes.
    const conn = this.conns.get(client);
    if (!conn || conn.released) return;
    conn.released = true;
    const left = (this.connections.get(conn.key) ?? 1) - 1;
    if (left <= 0) this.connections.delete(conn.key);
    else this.connections.set(conn.key, left);
  }
}
