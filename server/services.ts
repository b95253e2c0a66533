// The long-lived objects route handlers use, decorated onto the Fastify instance as
// `app.services` (so tests can build an app around their own database and verifier).
import type { ServerConfig } from './config.ts';
import type { TokenVerifier } from './auth/token-verifier.ts';
import type { ChannelEvents } from './datalog/channel-events.ts';
import type { Db } from './db/database.ts';
import type { EventBus } from './events/event-bus.ts';
import type { CompilePool } from './compile/compile-pool.ts';
import type { LogoCompiler } from './compile/logo-compiler.ts';
import type { Limit, Limits, WriteLimits } from './http/rate-limit.ts';
import type { RemoteLabService } from './remote-lab/remote-lab-service.ts';
import type { MessageStore } from './messages/message-store.ts';
import type { UserStore } from './users/user-store.ts';
import type { Classroom } from './classroom/classroom.ts';
import type { WebuiAccess } from './webui/webui-access.ts';

export interface Services {
  config: ServerConfig;
  db: Db;
  verifier: TokenVerifier;
  users: UserStore;
  /** The Rust Logo compiler (WebAssembly), loaded once. */
  compiler: LogoCompiler;
  /** Requests per client address for the compile routes. */
  compileLimiter: Limit;
  /** Makes per-client limits: in the process on SQLite, shared in the database on PostgreSQL. */
  rateLimits: Limits;
  /** Compiles off the event loop (worker threads, a queue limit and a time budget). */
  compilePool: CompilePool;
  /** Per-client limits of the public routes that write (server/http/rate-limit.ts). */
  limits: WriteLimits;
  /** Events between replicas (server/events/): in the process on SQLite, LISTEN/NOTIFY on PostgreSQL. */
  bus: EventBus;
  /** Changes of datalog channels, for their live event streams. */
  datalogEvents: ChannelEvents;
  /** Sessions, labs, stations and the brokers (docs/remote-lab.md). */
  remoteLab: RemoteLabService;
  /** Classes, lessons, submissions; its `events` tell other features what happened. */
  classroom: Classroom;
  /**
   * Users' messages; `messages.notify(event)` is the hook other services call to tell users
   * about a grade, a note, a lesson or an updated extension.
   */
  messages: MessageStore;
  /** Web UI namespaces on the public broker at `url` (access null: the web UI is off). */
  webuiBroker: { access: WebuiAccess | null; url: string };
}

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
  }
}
