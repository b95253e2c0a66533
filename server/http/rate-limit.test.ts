import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

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
