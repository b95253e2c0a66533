// The embedded MQTT brokers (aedes) and how clients reach them: MQTT over WebSocket on the
// API server's own port under a path (`/mqtt/lab`, `/mqtt/public`), and optionally on a
// dedicated port each (the spec's 8443 and 8084). docs/remote-lab.md "Brokers".
import http from 'node:http';
import type { Duplex } from 'node:stream';
import { Aedes, type AedesOptions, type Client } from 'aedes';
import { WebSocketServer, createWebSocketStream, type WebSocket } from 'ws';

export const LAB_PATH = '/mqtt/lab';
export const PUBLIC_PATH = '/mqtt/public';

/** The largest MQTT packet the brokers read from a WebSocket (a frame of reports). */
const MAX_WS_PAYLOAD = 256 * 1024;

export interface WsBroker {
  path: string;
  broker: Aedes;
  /** Admits a WebSocket (its release when it closes), or refuses it (null: 429). */
  admit?: (request: http.IncomingMessage) => (() => void) | null;
}

/** Starts an aedes broker that keeps everything in memory. */
export function createBroker(options: AedesOptions): Promise<Aedes> {
  return Aedes.createBroker({ heartbeatInterval: 60_000, ...options });
}

/** Hands a WebSocket to a broker as an MQTT stream. */
function serve(
  broker: Aedes,
  ws: WebSocket,
  request: http.IncomingMessage,
  release?: () => void,
): void {
  if (release) ws.once('close', release);
  const stream = createWebSocketStream(ws);
  // A client that vanishes mid-write must not take the process down.
  stream.on('error', () => stream.destroy());
  broker.handle(stream, request);
}

const wsOptions = {
  noServer: true,
  maxPayload: MAX_WS_PAYLOAD,
  // mqtt.js asks for the "mqtt" subprotocol (older clients "mqttv3.1"); answer with it.
  handleProtocols: (protocols: Set<string>) =>
    protocols.has('mqtt') ? 'mqtt' : ([...protocols][0] ?? false),
} as const;

/**
 * Routes WebSocket upgrades on `server` by path to the brokers; other upgrades are refused.
 * Returns a function that detaches the handler and closes the sockets.
 */
export function attachWebSockets(server: http.Server, brokers: WsBroker[]): () => void {
  const wss = new WebSocketServer(wsOptions);
  const onUpgrade = (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (request.url ?? '').split('?')[0];
    const target = brokers.find((b) => b.path === path);
    if (!target) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const release = target.admit ? target.admit(request) : undefined;
    if (release === null) {
      socket.end(TOO_MANY);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => serve(target.broker, ws, request, release));
  };
  server.on('upgrade', onUpgrade);
  return () => {
    server.off('upgrade', onUpgrade);
    for (const ws of wss.clients) ws.terminate();
    wss.close();
  };
}

const TOO_MANY =
  'HTTP/1.1 429 Too Many Requests\r\nContent-Type: text/plain\r\nConnection: close\r\n\r\n' +
  'Too many connections from this address\n';

/** A broker on a port of its own (any path), for deployments that keep the spec's ports. */
export async function listenDedicated(
  broker: Aedes,
  host: string,
  port: number,
  admit?: WsBroker['admit'],
): Promise<http.Server> {
  const server = http.createServer((_req, res) => {
    res.writeHead(426, { 'content-type': 'text/plain' }).end('MQTT over WebSocket only\n');
  });
  const wss = new WebSocketServer(wsOptions);
  server.on('upgrade', (request: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    const release = admit ? admit(request) : undefined;
    if (release === null) {
      socket.end(TOO_MANY);
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => serve(broker, ws, request, release));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  server.on('close', () => wss.close());
  return server;
}

export function closeBroker(broker: Aedes): Promise<void> {
  return new Promise((resolve) => broker.close(() => resolve()));
}

/**
 * Limits of the public broker (broadcast, web UI): anyone may use it, within bounds
 * (public-broker-guard.ts; docs/labs.md "Limits of the public broker").
 */
export const PUBLIC_LIMITS = {
  payloadBytes: 4096,
  topicLength: 256,
  /** WebSockets from one address (a school behind one address has many), and in all. */
  socketsPerAddress: 200,
  socketsTotal: 5000,
  /** MQTT connections without a login per address; with one, per broker user. */
  anonymousPerAddress: 20,
  connectionsPerUser: 20,
  /** Publishes per connection: a steady rate and the burst above it. */
  anonymousPublishPerSecond: 20,
  anonymousPublishBurst: 60,
  userPublishPerSecond: 300,
  userPublishBurst: 600,
  /** Distinct topic filters one connection may subscribe to. */
  subscriptionsPerClient: 100,
  /** Retained messages: none for anonymous clients; per signed-in user, and in all. */
  retainedTopicsPerUser: 200,
  retainedBytesPerUser: 256 * 1024,
  retainedBytesTotal: 16 * 1024 * 1024,
  /** A WebSocket that sends no CONNECT this long is closed. */
  connectTimeoutMs: 10_000,
};

/** Options of the public broker: anonymous, no `$` topics, small messages. */
export function publicBrokerOptions(): AedesOptions {
  const topicOk = (topic: string) =>
    topic.length > 0 && topic.length <= PUBLIC_LIMITS.topicLength && !topic.startsWith('$');
  return {
    id: 'gogo-public',
    authorizePublish(_client: Client | null, packet, callback) {
      if (!topicOk(packet.topic)) return callback(new Error('topic not allowed'));
      if (packet.payload.length > PUBLIC_LIMITS.payloadBytes) {
        return callback(new Error('payload too large'));
      }
      callback(null);
    },
    authorizeSubscribe(_client, subscription, callback) {
      callback(null, topicOk(subscription.topic) ? subscription : null);
    },
  };
}
