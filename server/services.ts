// The long-lived objects route handlers use, decorated onto the Fastify instance as
// `app.services` (so tests can build an app around their own database and verifier).
import type { ServerConfig } from './config.ts';
import type { TokenVerifier } from './auth/token-verifier.ts';
import type { Db } from './db/database.ts';
import type { UserStore } from './users/user-store.ts';

export interface Services {
  config: ServerConfig;
  db: Db;
  verifier: TokenVerifier;
  users: UserStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
