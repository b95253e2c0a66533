// A token bucket per client address: `ratePerSecond` tokens flow in, at most `burst` wait.
// CPU-bound public routes (the compilers) take one token per request and answer 429 with
// Retry-After when a client has none left, so one client cannot starve the others.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from './errors.ts';

interface Bucket {
  tokens: number;
  at: number;
}

/** Buckets kept before idle (full) ones are forgotten. */
const MAX_BUCKETS = 10_000;

export class RateLimiter {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly ratePerSecond: number,
    private readonly burst: number,
    private readonly now: () => number = () => performance.now(),
  ) {}

  /** Takes a token for `key`; returns 0 when granted, else the seconds until one is free. */
  take(key: string): number {
    const t = this.now();
    const b = this.buckets.get(key) ?? { tokens: this.burst, at: t };
    b.tokens = Math.min(this.burst, b.tokens + ((t - b.at) / 1000) * this.ratePerSecond);
    b.at = t;
    this.buckets.delete(key);
    this.buckets.set(key, b);
    if (this.buckets.size > MAX_BUCKETS) this.forgetIdle();
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return 0;
    }
    return Math.ceil((1 - b.tokens) / this.ratePerSecond);
  }

  /** An onRequest hook: 429 when the caller's address has no token left. */
  hook() {
    return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      const wait = this.take(request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        throw new HttpError(429, 'too_many_requests', 'Too many requests; try again shortly');
      }
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
