// The public log's live event stream is open to anyone, and each stream holds a socket, a
// timer and a watcher for minutes: one client (an address without a sign-in, or a user) may
// hold STREAMS_PER_CLIENT at once, the rest are refused (429) while others are served.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { PUBLIC_LOG_ID } from '../../src/contract/datalog.ts';
import { startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { STREAMS_PER_CLIENT } from './datalog.ts';

describe(`live streams per client (${testEngine()})`, () => {
  let t: TestApp;
  let origin: string;
  const stops: AbortController[] = [];

  beforeAll(async () => {
    // The socket peer is the test's proxy: X-Forwarded-For names the client.
    t = await startTestApp({ TRUST_PROXY: '1' });
    origin = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    for (const s of stops) s.abort();
    await t.close();
  });

  const open = async (from: string) => {
    const stop = new AbortController();
    stops.push(stop);
    const res = await fetch(`${origin}${API_BASE_PATH}/datalog/channels/${PUBLIC_LOG_ID}/events`, {
      headers: { 'x-forwarded-for': from },
      signal: stop.signal,
    });
    return { res, stop };
  };

  it('refuses an address its streams beyond its share, and serves the others', async () => {
    const held = [];
    for (let i = 0; i < STREAMS_PER_CLIENT; i++) held.push(await open('203.0.113.9'));
    expect(held.every((h) => h.res.status === 200)).toBe(true);
    // The probe's flood: 300 more at once, every one refused, none watching.
    const flood = await Promise.all(Array.from({ length: 300 }, () => open('203.0.113.9')));
    expect(flood.map((f) => f.res.status).filter((s) => s !== 429)).toEqual([]);
    const over = flood[0] ?? (await open('203.0.113.9'));
    expect(over.res.status).toBe(429);
    expect(await over.res.json()).toEqual({
      error: 'too_many_requests',
      message: expect.any(String),
    });
    expect(t.app.services.datalogEvents.watchers(PUBLIC_LOG_ID)).toBe(STREAMS_PER_CLIENT);
    const other = await open('198.51.100.20');
    expect(other.res.status).toBe(200);
    // A stream that ends gives its slot back.
    held[0]?.stop.abort();
    const deadline = Date.now() + 5000;
    let again = await open('203.0.113.9');
    while (again.res.status === 429 && Date.now() < deadline) {
      await new Promise((r) => setTimeout(r, 50));
      again = await open('203.0.113.9');
    }
    expect(again.res.status).toBe(200);
  });
});
