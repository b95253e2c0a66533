// Token buckets per client: `ratePerSecond` tokens flow in, at most `burst` wait. A request
// takes one token (or `cost`, e.g. one per record) and gets 429 with Retry-After when its
// client has too few left, so one client cannot starve the others. The client is the
// signed-in user when known, else the address (`request.ip`, which believes only the
// proxies TRUST_PROXY names, so X-Forwarded-For cannot be forged past a limit).
//
// Two stores of buckets: `RateLimiter` keeps them in the process (one server on SQLite);
// `SharedRateLimiter` keeps them in the database's `rate_buckets` table and takes tokens
// with one atomic statement, so N replicas on one PostgreSQL give one quota, not N.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Db } from '../db/database.ts';
import { RECORDS_PER_BATCH_MAX } from '../../src/contract/datalog.ts';
import type { ServerConfig } from '../config.ts';
import { HttpError } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route limits its writers itself (compiles, records), so the shared limit on
     * anonymous writes (`limitWrites`) leaves it alone.
     */
    ownRateLimit?: boolean;
  }
}

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before idle (full) ones are forgotten. */
const MAX_BUCKETS = 10_000;

const tooManyRequests = (wait: number, message = 'Too many requests; try again shortly') =>
  new HttpError(429, 'too_many_requests', message, wait);

/** Who a request counts against: the signed-in user, else the client address. */
export function clientKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

/** A per-client limit, wherever its buckets live. */
export interface Limit {
  /** Takes `cost` tokens for `key`: 0 when granted, else the whole seconds to wait. */
  take(key: string, cost?: number): number | Promise<number>;
  /** Like `take`, but takes nothing: for limits that count only failures. */
  wait(key: string, cost?: number): number | Promise<number>;
  /** Throws 429 (with the seconds to wait) unless `key` has `cost` tokens. */
  check(key: string, cost?: number, message?: string): Promise<void>;
  /** A hook: 429 when the caller has no token left. */
  hook(): (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

export class RateLimiter implements Limit {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /**
   * Takes `cost` tokens for `key`; returns 0 when granted, else the whole seconds until
   * enough are back (nothing is taken then). A cost above the burst is refused outright.
   */
  take(key: string, cost = 1): number {
    const b = this.refill(key);
    if (b.tokens >= cost) {
      b.tokens -= cost;
      return 0;
    }
    return this.waitFor(b, cost);
  }

  /** Like `take`, but takes nothing: for limits that count only failures. */
  wait(key: string, cost = 1): number {
    const b = this.refill(key);
    return b.tokens >= cost ? 0 : this.waitFor(b, cost);
  }

  private refill(key: string): Bucket {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.ratePerSecond);
    b.at = t;
    this.buckets.delete(key);
    this.buckets.set(key, b);
    if (this.buckets.size > MAX_BUCKETS) this.forgetIdle();
    return b;
  }

  private waitFor(b: Bucket, cost: number): number {
    return Math.max(1, Math.ceil((Math.min(cost, this.burst) - b.tokens) / this.ratePerSecond));
  }

  /** Throws 429 (with the seconds to wait) unless `key` has `cost` tokens. */
  async check(key: string, cost = 1, message?: string): Promise<void> {
    const wait = this.take(key, cost);
    if (wait > 0) throw tooManyRequests(wait, message);
  }

  /** A hook: 429 when the caller has no token left. */
  hook() {
    return (request: FastifyRequest, _reply: FastifyReply) => this.check(clientKey(request));
  }

  private forgetIdle(): void {
    // Oldest first (Map keeps insertion order and take() re-inserts on use).
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= MAX_BUCKETS / 2) break;
      this.buckets.delete(key);
    }
  }
}

/**
 * Buckets in the database: one row per limit and client, refilled and taken in one
 * statement (an upsert whose update applies only when enough tokens are there), so
 * concurrent requests on any number of replicas never take more than the bucket holds.
 * Times are the replicas' clocks (keep them in sync, docs/deploy.md); a clock behind the
 * bucket's last refill adds nothing.
 */
export class SharedRateLimiter implements Limit {
  constructor(
    private readonly db: Kysely<Database>,
    /** Prefix of this limit's keys in the table. */
    private readonly name: string,
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = Date.now,
  ) {}

  async take(key: string, cost = 1): Promise<number> {
    if (cost > this.burst) return this.waitFor(0, cost);
    const t = this.now();
    const fill = sql`(rate_buckets.tokens + (cast(${t} as bigint) - rate_buckets.at)
      * cast(${this.ratePerSecond} as double precision) / 1000.0)`;
    const level = sql`(case when cast(${t} as bigint) <= rate_buckets.at then rate_buckets.tokens
      when ${fill} > cast(${this.burst} as double precision) then cast(${this.burst} as double precision)
      else ${fill} end)`;
    const { rows } = await sql<{ tokens: number }>`
      insert into rate_buckets (key, tokens, at)
      values (${this.key(key)}, cast(${this.burst - cost} as double precision), cast(${t} as bigint))
      on conflict (key) do update
        set tokens = ${level} - cast(${cost} as double precision),
          at = case when cast(${t} as bigint) > rate_buckets.at then cast(${t} as bigint)
            else rate_buckets.at end
        where ${level} >= cast(${cost} as double precision)
      returning tokens`.execute(this.db);
    if (rows.length > 0) return 0;
    return this.wait(key, cost);
  }

  async wait(key: string, cost = 1): Promise<number> {
    const row = await this.db
      .selectFrom('rate_buckets')
      .select(['tokens', 'at'])
      .where('key', '=', this.key(key))
      .executeTakeFirst();
    if (!row) return cost > this.burst ? this.waitFor(this.burst, cost) : 0;
    const elapsed = Math.max(0, this.now() - Number(row.at));
    const tokens = Math.min(this.burst, Number(row.tokens) + (elapsed / 1000) * this.ratePerSecond);
    return tokens >= cost ? 0 : this.waitFor(tokens, cost);
  }

  async check(key: string, cost = 1, message?: string): Promise<void> {
    const wait = await this.take(key, cost);
    if (wait > 0) throw tooManyRequests(wait, message);
  }

  hook() {
    return (request: FastifyRequest, _reply: FastifyReply) => this.check(clientKey(request));
  }

  /** Deletes this limit's buckets that are full again (they read as full when missing). */
  async prune(): Promise<number> {
    const fullAfterMs = (this.burst / this.ratePerSecond) * 1000;
    const result = await this.db
      .deleteFrom('rate_buckets')
      .where('key', 'like', `${this.name}:%`)
      .where('at', '<', Math.floor(this.now() - fullAfterMs))
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  private key(key: string): string {
    return `${this.name}:${key}`.slice(0, 200);
  }

  private waitFor(tokens: number, cost: number): number {
    return Math.max(1, Math.ceil((Math.min(cost, this.burst) - tokens) / this.ratePerSecond));
  }
}

/**
 * Makes the server's limits: in the process on SQLite (one server), in the database on
 * PostgreSQL (every replica shares them). `prune` forgets the database's full buckets.
 */
export class Limits {
  private readonly shared: SharedRateLimiter[] = [];

  constructor(private readonly db: Db | null) {}

  make(name: string, ratePerSecond: number, burst: number): Limit {
    if (!this.db || this.db.kind === 'sqlite') return new RateLimiter(ratePerSecond, burst);
    const limit = new SharedRateLimiter(this.db.kysely, name, ratePerSecond, burst);
    this.shared.push(limit);
    return limit;
  }

  async prune(): Promise<number> {
    let n = 0;
    for (const limit of this.shared) n += await limit.prune();
    return n;
  }
}

/** The per-client buckets of the public routes that write. */
export interface WriteLimits {
  /** Every public call that writes, unless its route limits itself (`ownRateLimit`). */
  writes: Limit;
  /** Bytes of shared workspaces per client and day. */
  storageBytes: Limit;
  /** Records per writer on the public log. */
  publicLogRecords: Limit;
}

export function writeLimits(config: ServerConfig, limits = new Limits(null)): WriteLimits {
  const perMinute = (n: number) => n / 60;
  return {
    writes: limits.make(
      'writes',
      perMinute(config.anonymousWritesPerMinute),
      config.anonymousWriteBurst,
    ),
    storageBytes: limits.make(
      'storage-bytes',
      config.storageBytesPerDay / 86_400,
      config.storageBytesPerDay,
    ),
    // A full batch always fits the burst, so a program's batch is never refused outright.
    publicLogRecords: limits.make(
      'public-log-records',
      perMinute(config.publicLogRecordsPerMinute),
      Math.max(RECORDS_PER_BATCH_MAX, config.publicLogRecordsPerMinute),
    ),
  };
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * preHandler of the public routes: every call that writes takes a token from the caller's
 * bucket, unless the route limits its writers itself. Routes other groups add later are
 * covered without a line of their own.
 */
export function limitWrites(limiter: Limit) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!WRITES.has(request.method) || request.routeOptions.config.ownRateLimit) return;
    await limiter.check(clientKey(request));
  };
}
