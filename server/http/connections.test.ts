import net from 'node:net';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { endUnusedConnectionsOnClose } from './connections.ts';

/** A raw TCP connection to the server; resolves once connected. */
function connect(port: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => resolve(socket));
    socket.once('error', reject);
  });
}

const closed = (socket: net.Socket) =>
  new Promise<void>((resolve) => {
    if (socket.destroyed) resolve();
    else socket.once('close', () => resolve());
  });

/** Everything the server sends on the socket until it closes. */
function received(socket: net.Socket): Promise<string> {
  let text = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => (text += chunk));
  return closed(socket).then(() => text);
}

async function serverWithSlowRoute() {
  const app = Fastify();
  endUnusedConnectionsOnClose(app);
  let release = () => {};
  const started = new Promise<void>((resolve) => {
    app.get('/slow', async () => {
      resolve();
      await new Promise<void>((r) => (release = r));
      return { done: true };
    });
  });
  app.get('/fast', async () => ({ ok: true }));
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('not listening');
  return { app, port: address.port, started, release: () => release() };
}

describe('closing the server', () => {
  it('ends connections that never sent a request, and idle keep-alive ones', async () => {
    const { app, port } = await serverWithSlowRoute();
    const silent = await connect(port);
    const idle = await connect(port);
    const answered = received(idle);
    idle.write('GET /fast HTTP/1.1\r\nhost: x\r\n\r\n');
    // The keep-alive connection has had its answer and now waits for the next request.
    await new Promise<void>((resolve) => idle.once('data', () => resolve()));
    await app.close();
    await Promise.all([closed(silent), closed(idle)]);
    expect(await answered).toContain('"ok":true');
  });

  it('lets a request in flight finish and then ends its connection', async () => {
    const { app, port, started, release } = await serverWithSlowRoute();
    const busy = await connect(port);
    const answer = received(busy);
    busy.write('GET /slow HTTP/1.1\r\nhost: x\r\n\r\n');
    await started;
    let done = false;
    const closing = app.close().then(() => (done = true));
    // A connection opened while the server closes and never used is ended too.
    const late = await connect(port).catch(() => null);
    await new Promise((r) => setTimeout(r, 50));
    expect(done).toBe(false);
    release();
    await closing;
    expect(await answer).toContain('"done":true');
    if (late) await closed(late);
  });
});
