import { createServer, connect, type AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { share, SharedLink } from './shared-link.ts';

describe('the shared link', () => {
  it('splits its bytes equally between the connections that have something to send', () => {
    expect(share([10_000, 10_000, 10_000], 3000, 0, 500)).toEqual([1000, 1000, 1000]);
    // One with little to send: the rest goes to the others, a turn (500) at a time.
    expect(share([100, 10_000, 10_000], 3000, 0, 500)).toEqual([100, 1500, 1400]);
    // Never more than is waiting, never more than the budget.
    expect(share([200, 300], 10_000, 0, 500)).toEqual([200, 300]);
    expect(share([], 10_000)).toEqual([]);
    // The turn starts where it is told: the first quantum goes there.
    expect(share([5000, 5000], 700, 1, 500)).toEqual([200, 500]);
  });

  it('carries each connection’s bytes whole and in order', async () => {
    const payload = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 31) % 251));
    const origin = createServer((s) => {
      s.once('data', () => s.end(payload));
    });
    await new Promise<void>((r) => origin.listen(0, '127.0.0.1', r));
    const link = new SharedLink((origin.address() as AddressInfo).port, 50, 4);
    const probe = createServer();
    await new Promise<void>((r) => probe.listen(0, '127.0.0.1', r));
    const port = (probe.address() as AddressInfo).port;
    await new Promise((r) => probe.close(r));
    await link.listen(port);
    const fetchAll = () =>
      new Promise<Buffer>((resolve, reject) => {
        const parts: Buffer[] = [];
        const s = connect(port, '127.0.0.1', () => s.write('go'));
        s.on('data', (d) => parts.push(d));
        s.on('end', () => resolve(Buffer.concat(parts)));
        s.on('error', reject);
      });
    try {
      const [a, b] = await Promise.all([fetchAll(), fetchAll()]);
      expect(a.equals(payload)).toBe(true);
      expect(b.equals(payload)).toBe(true);
      expect(link.bytesDown).toBe(2 * payload.length);
    } finally {
      await link.close();
      await new Promise((r) => origin.close(r));
    }
  });
});
