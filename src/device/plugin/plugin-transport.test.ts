import { beforeEach, describe, expect, it } from 'vitest';
import type { DeviceError } from '../device.ts';
import { PLUGIN_URL, PluginTransport, type SocketLike } from './plugin-transport.ts';

/** The local plugin's end of the socket, scripted by the test. */
class PluginSocket implements SocketLike {
  readyState = 0;
  sent: unknown[] = [];
  onopen: ((ev: Event) => unknown) | null = null;
  onclose: ((ev: CloseEvent) => unknown) | null = null;
  onerror: ((ev: Event) => unknown) | null = null;
  onmessage: ((ev: MessageEvent) => unknown) | null = null;
  constructor(readonly url: string) {}
  send(data: string): void {
    this.sent.push(JSON.parse(data));
  }
  close(): void {
    this.readyState = 3;
  }
  accept(): void {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  refuse(): void {
    this.readyState = 3;
    this.onerror?.(new Event('error'));
    this.onclose?.(new Event('close') as CloseEvent);
  }
  message(data: unknown): void {
    const text = typeof data === 'string' ? data : JSON.stringify(data);
    this.onmessage?.(new MessageEvent('message', { data: text }));
  }
  drop(): void {
    this.readyState = 3;
    this.onclose?.(new Event('close') as CloseEvent);
  }
}

let sockets: PluginSocket[];
const socket = () => {
  const s = sockets.at(-1);
  if (!s) throw new Error('no socket');
  return s;
};

function transport(remote = false) {
  return new PluginTransport({
    remote,
    createSocket: (url) => {
      const s = new PluginSocket(url);
      sockets.push(s);
      return s;
    },
    openTimeoutMs: 20,
  });
}

async function opened(remote = false) {
  const t = transport(remote);
  const open = t.open();
  socket().accept();
  await open;
  return t;
}

beforeEach(() => {
  sockets = [];
});

describe('PluginTransport', () => {
  it('connects to ws://localhost:8317', async () => {
    await opened();
    expect(socket().url).toBe(PLUGIN_URL);
  });

  it('reports plugin-not-connected when the socket is refused or never opens', async () => {
    const refused = transport().open();
    socket().refuse();
    await expect(refused).rejects.toMatchObject({ code: 'plugin-not-connected' });
    await expect(transport().open()).rejects.toMatchObject({ code: 'plugin-not-connected' });
  });

  it('turns each {stream} message into one input report', async () => {
    const t = await opened();
    const reports: Uint8Array[] = [];
    t.on('report', (r) => reports.push(r));
    socket().message({ stream: [0, 1, 2, 255] });
    expect(reports).toEqual([new Uint8Array([0, 1, 2, 255])]);
  });

  it('passes malformed messages on as empty reports, to be counted and ignored', async () => {
    const t = await opened();
    const reports: Uint8Array[] = [];
    t.on('report', (r) => reports.push(r));
    socket().message('not json');
    socket().message({ stream: [0, 300, -1, 'x'] });
    expect(reports).toEqual([new Uint8Array(0), new Uint8Array(0)]);
  });

  it('signals board-absent for a message without a stream', async () => {
    const t = await opened();
    let absent = 0;
    t.on('board-absent', () => absent++);
    socket().message({ status: 'no board' });
    socket().message({ ping: 1 });
    expect(absent).toBe(2);
  });

  it('ignores ping messages in remote mode', async () => {
    const t = await opened(true);
    let absent = 0;
    t.on('board-absent', () => absent++);
    socket().message({ ping: 1 });
    socket().message({ type: 'ping' });
    socket().message({});
    expect(absent).toBe(1);
  });

  it('writes {type: "rawHID", data} with the endpoint byte first', async () => {
    const t = await opened();
    const payload = new Uint8Array(63);
    payload.set([0, 11]);
    await t.write(payload);
    expect(socket().sent).toEqual([{ type: 'rawHID', data: [0, 0, 11, ...new Array(61).fill(0)] }]);
    expect((socket().sent[0] as { data: number[] }).data).toHaveLength(64);
  });

  it('closes with disconnected when the plugin goes away, and refuses writes', async () => {
    const t = await opened();
    const closed: DeviceError[] = [];
    t.on('close', (e) => closed.push(e));
    socket().drop();
    expect(closed.map((e) => e.code)).toEqual(['disconnected']);
    await expect(t.write(new Uint8Array(63))).rejects.toMatchObject({
      code: 'plugin-not-connected',
    });
  });

  it('does not report its own close()', async () => {
    const t = await opened();
    const closed: DeviceError[] = [];
    t.on('close', (e) => closed.push(e));
    await t.close();
    expect(closed).toEqual([]);
  });
});
