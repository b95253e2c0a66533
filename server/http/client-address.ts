// Who a request comes from, as TRUST_PROXY says to read it: Fastify's `request.ip` for the
// routes, and the same reading for the raw upgrade requests of the embedded brokers'
// WebSockets, which never pass through Fastify (server/remote-lab/public-broker-guard.ts).
import type { IncomingMessage } from 'node:http';
import proxyaddr from '@fastify/proxy-addr';
import type { ServerConfig } from '../config.ts';

/**
 * Fastify's `trustProxy` for TRUST_PROXY: a hop count trusts the socket peer and the
 * entries after it up to that many (the client is the entry before them); addresses trust
 * only those proxies. The leftmost X-Forwarded-For entry, which anyone can write, is never
 * believed on its own.
 */
export function proxyTrust(trust: ServerConfig['trustProxy']) {
  if (trust === false) return false;
  if (typeof trust === 'number') return (_address: string, hop: number) => hop < trust;
  return trust;
}

/** Reads a raw request's client address the way `request.ip` does. */
export function addressReader(
  trust: ServerConfig['trustProxy'],
): (request: IncomingMessage) => string {
  const t = proxyTrust(trust);
  if (t === false) return (request) => request.socket.remoteAddress ?? '';
  return (request) => proxyaddr(request, t);
}
