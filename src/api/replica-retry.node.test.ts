// A replica going away: the API client sends a call that got no answer once more, but only
// when the call changes nothing (or says it may be repeated). A real HTTP server that resets
// the first connection of each call stands for the replica that went away.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { englishI18n } from '../auth/live-server.node.ts';
import { ApiClient } from './client.ts';
import { ApiError } from './errors.ts';

describe('API client: one more try when a replica goes away', () => {
  let server: http.Server;
  let baseURL = '';
  /** Requests the server saw, by method and path; each path's first one is reset. */
  const seen: string[] = [];
  let api: ApiClient;

  beforeAll(async () => {
    server = http.createServer((req, res) => {
      const line = `${req.method} ${req.url}`;
      const first = !seen.includes(line);
      seen.push(line);
      req.resume();
      req.on('end', () => {
        if (first) req.socket.destroy();
        else res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}');
      });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    baseURL = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const i18n = await englishI18n();
    api = new ApiClient({
      baseURL,
      getToken: async () => null,
      i18n,
      notify: () => {},
    });
  });
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  it('a GET whose connection was reset is sent again and answers', async () => {
    expect(await api.get('/read')).toEqual({ ok: true });
    expect(seen.filter((l) => l === 'GET /read')).toHaveLength(2);
  });

  it('a POST is not sent twice: its failure reaches the caller', async () => {
    const failure = await api.post('/write', { a: 1 }, { quiet: true }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect(failure).toMatchObject({ code: 'network_error' });
    expect(seen.filter((l) => l === 'POST /write')).toHaveLength(1);
  });

  it('a write marked idempotent is sent again', async () => {
    expect(await api.put('/same', { a: 1 }, { idempotent: true })).toEqual({ ok: true });
    expect(seen.filter((l) => l === 'PUT /same')).toHaveLength(2);
  });
});
