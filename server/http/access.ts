// Who may call a route. Routes inside the protected scope (server/routes/index.ts) run
// `authenticate` first: no or a bad Bearer token answers 401 before the body is even read.
// A route limits roles declaratively with `config: { roles: ['admin'] }` (403 otherwise);
// a handler that needs a finer check (ownership, class membership) calls `requireRole`.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Role } from '../../src/contract/users.ts';
import type { UserRow } from '../db/schema.ts';
import { forbidden, unauthorized } from './errors.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Roles allowed to call the route; admin always passes. Absent = any signed-in user. */
    roles?: readonly Role[];
  }
  interface FastifyRequest {
    /** The signed-in caller; set by `authenticate`, null on public routes. */
    user: UserRow | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** onRequest/preHandler hook: verifies the Bearer token and loads (or creates) the user. */
export async function authenticate(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  const match = BEARER.exec(request.headers.authorization ?? '');
  if (!match?.[1]) throw unauthorized();
  const { verifier, users } = request.server.services;
  const identity = await verifier.verify(match[1]);
  request.user = await users.ensure(identity);
  const roles = request.routeOptions.config.roles;
  if (roles) requireRole(request, ...roles);
}

/** Throws 403 unless the caller has one of `roles` (admin always passes). */
export function requireRole(request: FastifyRequest, ...roles: readonly Role[]): UserRow {
  const user = currentUser(request);
  if (user.role !== 'admin' && !roles.some((r) => r === user.role)) throw forbidden();
  return user;
}

/** The signed-in caller of a protected route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/**
 * onRequest hook for public routes that also serve signed-in users (the cloud datalog): a
 * valid Bearer token sets `request.user`, none leaves it null, a bad one answers 401.
 */
export async function identifyIfSignedIn(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  if (request.headers.authorization === undefined) return;
  await authenticate(request, reply);
}
