// Connections that carry no request must not hold a closing server open. Node's
// server.close() ends idle keep-alive connections, but not one that was opened and has not
// sent a request yet (a client's spare or speculative connection): it counts as waiting for
// headers, and once the server closes nothing times it out, so close() never resolves.
// While the server closes, every connection with no request in progress is ended, and so is
// each that stays without one for GRACE_MS.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** How long a connection opened during the close may take to send its request. */
const GRACE_MS = 1000;

interface Connection {
  /** Requests in progress on it (0 or 1 without pipelining). */
  active: number;
  timer: NodeJS.Timeout | null;
}

export function endUnusedConnectionsOnClose(app: FastifyInstance): void {
  const server: Server = app.server;
  const connections = new Map<Socket, Connection>();
  let closing = false;

  const endSoon = (socket: Socket, state: Connection) => {
    if (state.timer) return;
    state.timer = setTimeout(() => {
      state.timer = null;
      if (state.active === 0) socket.destroy();
    }, GRACE_MS);
    state.timer.unref();
  };

  server.on('connection', (socket: Socket) => {
    const state: Connection = { active: 0, timer: null };
    connections.set(socket, state);
    socket.once('close', () => {
      if (state.timer) clearTimeout(state.timer);
      connections.delete(socket);
    });
    if (closing) endSoon(socket, state);
  });
  server.on('request', (request, response) => {
    const state = connections.get(request.socket);
    if (!state) return;
    state.active += 1;
    response.once('close', () => {
      state.active -= 1;
      if (closing && state.active === 0) request.socket.destroySoon();
    });
  });
  // An upgraded socket (an MQTT WebSocket) belongs to its protocol, which closes it.
  server.on('upgrade', (request) => {
    const state = connections.get(request.socket);
    if (state?.timer) clearTimeout(state.timer);
    connections.delete(request.socket);
  });

  app.addHook('preClose', async () => {
    closing = true;
    for (const [socket, state] of connections) {
      if (state.active === 0) socket.destroy();
    }
  });
}
