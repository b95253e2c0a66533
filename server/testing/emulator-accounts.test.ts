import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { signUpWithPassword } from './emulator-accounts.ts';

let server: Server | undefined;
afterEach(() => new Promise<void>((done) => (server ? server.close(() => done()) : done())));

/** Starts the stand-in for the emulator and returns its host:port. */
async function listen(s: Server): Promise<string> {
  server = s;
  await new Promise<void>((ready) => s.listen(0, '127.0.0.1', ready));
  return `127.0.0.1:${(s.address() as AddressInfo).port}`;
}

describe('emulator accounts', () => {
  it('sends a sign-up again when the connection drops before any answer', async () => {
    let requests = 0;
    const host = await listen(
      createServer((req, res) => {
        requests += 1;
        // The first request meets a connection closed under it, as a kept-alive one can be.
        if (requests === 1) return req.socket.destroy();
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ localId: 'uid-1', idToken: 'token-1' }));
      }),
    );
    const account = await signUpWithPassword(host, 'a@example.com');
    expect(account).toEqual({ uid: 'uid-1', email: 'a@example.com', idToken: 'token-1' });
    expect(requests).toBe(2);
  });

  it('gives up on a host that drops every connection', async () => {
    const host = await listen(createServer((req) => req.socket.destroy()));
    await expect(signUpWithPassword(host)).rejects.toThrow('fetch failed');
  });
});
