import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrateToLatest, openDatabase, type Db } from '../db/database.ts';
import { createTestDatabase, testEngine, type TestDatabase } from '../testing/test-db.ts';
import { RateLimiter, SharedRateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('grants the burst, then says how many seconds until a token is back', () => {
    let t = 0;
    const limiter = new RateLimiter(1, 3, () => t);
    expect([1, 2, 3].map(() => limiter.take('a'))).toEqual([0, 0, 0]);
    expect(limiter.take('a')).toBe(1);
    expect(limiter.take('b')).toBe(0);
    t = 1000;
    expect(limiter.take('a')).toBe(0);
  });

  it('answers wait without taking, so a limit can count only failures', () => {
    const limiter = new RateLimiter(1 / 60, 2, () => 0);
    for (let i = 0; i < 5; i++) expect(limiter.wait('ip')).toBe(0);
    limiter.take('ip');
    limiter.take('ip');
    expect(limiter.wait('ip')).toBe(60);
  });
});

describe(`SharedRateLimiter: buckets in the database (${testEngine()})`, () => {
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

  it('three replicas on one database give one quota, even when they ask at once', async () => {
    const t = 1_000_000;
    const replicas = [1, 2, 3].map(
      () => new SharedRateLimiter(db.kysely, 'q', 1 / 60, 10, () => t),
    );
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, n) => replicas[n % 3]?.take('ip:a')),
    );
    expect(answers.filter((w) => w === 0)).toHaveLength(10);
    expect(answers.filter((w) => w !== 0).every((w) => (w ?? 0) >= 1)).toBe(true);
    // Another client and another limit have buckets of their own.
    expect(await replicas[0]?.take('ip:b')).toBe(0);
    expect(await new SharedRateLimiter(db.kysely, 'other', 1, 1, () => t).take('ip:a')).toBe(0);
  });

  it('refills with time, never above the burst, and a clock behind adds nothing', async () => {
    let t = 5_000_000;
    const limiter = new SharedRateLimiter(db.kysely, 'refill', 1, 3, () => t);
    for (let i = 0; i < 3; i++) expect(await limiter.take('k')).toBe(0);
    expect(await limiter.take('k')).toBe(1);
    t -= 10_000;
    expect(await limiter.take('k')).toBe(1);
    t += 12_000;
    expect(await limiter.take('k', 2)).toBe(0);
    expect(await limiter.wait('k')).toBe(1);
    t += 60_000;
    expect(await limiter.take('k', 3)).toBe(0);
    expect(await limiter.take('k')).toBe(1);
    // A cost above the burst is refused outright; wait takes nothing.
    expect(await limiter.take('big', 4)).toBeGreaterThan(0);
    expect(await limiter.wait('fresh')).toBe(0);
    await expect(limiter.check('k')).rejects.toMatchObject({ statusCode: 429 });
  });

  it('forgets buckets that are full again', async () => {
    let t = 9_000_000;
    const limiter = new SharedRateLimiter(db.kysely, 'prune', 1, 2, () => t);
    await limiter.take('old');
    t += 5000;
    await limiter.take('new');
    expect(await limiter.prune()).toBe(1);
    expect(await limiter.take('new')).toBe(0);
    expect(await limiter.take('new')).toBe(1);
  });
});
