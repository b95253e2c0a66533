// Token buckets per client: `ratePerSecond` tokens flow in, at most `burst` wait. A request
// takes one token (or `cost`, e.g. one per record) and gets 429 with Retry-After when its
// client has too few left, so one client cannot starve the others. The client is the
// signed-in user when known, else the address (`request.ip`, which believes only the
// proxies TRUST_PROXY names, so X-Forwarded-For cannot be forged past a limit).
//
// Buckets live in the process: behind N replicas a client gets up to N times the rate.
import type { FastifyReply, FastifyRequest } from 'fastify';
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

export const tooManyRequests = (wait: number, message = 'Too many requests; try again shortly') =>
  new HttpError(429, 'too_many_requests', message, wait);

/** Who a request counts against: the signed-in user, else the client address. */
export function clientKey(request: FastifyRequest): string {
  return request.user ? `user:${request.user.id}` : `ip:${request.ip}`;
}

export class RateLimiter {
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
  check(key: string, cost = 1, message?: string): void {
    const wait = this.take(key, cost);
    if (wait > 0) throw tooManyRequests(wait, message);
  }

  /** A hook: 429 when the caller has no token left. */
  hook() {
    return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
      this.check(clientKey(request));
    };
  }

  private forgetIdle(): void {
    // Oldest first (Map keeps insertion order and take() re-inserts on use).
    for (const key of this.buckets.keys()) {
      if (this.buckets.size <= MAX_BUCKETS / 2) break;
      this.buckets.delete(key);
    }
  }
}

/** The per-client buckets of the public routes that write. */
export interface WriteLimits {
  /** Every public call that writes, unless its route limits itself (`ownRateLimit`). */
  writes: RateLimiter;
  /** Bytes of shared workspaces per client and day. */
  storageBytes: RateLimiter;
  /** Records per writer on the public log. */
  publicLogRecords: RateLimiter;
}

export function writeLimits(config: ServerConfig): WriteLimits {
  const perMinute = (n: number) => n / 60;
  return {
    writes: new RateLimiter(perMinute(config.anonymousWritesPerMinute), config.anonymousWriteBurst),
    storageBytes: new RateLimiter(config.storageBytesPerDay / 86_400, config.storageBytesPerDay),
    // A full batch always fits the burst, so a program's batch is never refused outright.
    publicLogRecords: new RateLimiter(
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
export function limitWrites(limiter: RateLimiter) {
  return async (request: FastifyRequest, _reply: FastifyReply): Promise<void> => {
    if (!WRITES.has(request.method) || request.routeOptions.config.ownRateLimit) return;
    limiter.check(clientKey(request));
  };
}
