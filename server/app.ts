// Builds the HTTP application: error shape, schema rules, access scopes, route groups and
// the built UI. `createServer` wires it to a real database and token verifier.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import cors from '@fastify/cors';
import fastifyStatic from '@fastify/static';
import Fastify, { type FastifySchema, type RouteOptions } from 'fastify';
import { API_BASE_PATH } from '../src/contract/base-path.ts';
import type { Role } from '../src/contract/users.ts';
import {
  CachingTokenVerifier,
  FirebaseTokenVerifier,
  type TokenVerifier,
} from './auth/token-verifier.ts';
import type { ServerConfig } from './config.ts';
import { CompilePool } from './compile/compile-pool.ts';
import { ChannelEvents } from './datalog/channel-events.ts';
import { LogoCompiler } from './compile/logo-compiler.ts';
import { migrateToLatest, openDatabase, type Db } from './db/database.ts';
import { openEventBus } from './events/open-event-bus.ts';
import type { EventBus } from './events/event-bus.ts';
import { scheduleMaintenance } from './maintenance.ts';
import { authenticate } from './http/access.ts';
import { endUnusedConnectionsOnClose } from './http/connections.ts';
import {
  formatSchemaErrors,
  handleClientError,
  handleError,
  handleNotFound,
} from './http/errors.ts';
import { limitWrites, Limits, writeLimits } from './http/rate-limit.ts';
import { securityHeaders } from './http/security-headers.ts';
import { rejectBadText, validatorCompiler } from './http/validation.ts';
import { startBrokers } from './remote-lab/brokers.ts';
import { RemoteLabService } from './remote-lab/remote-lab-service.ts';
import type { App, TypeBoxProvider } from './http/type-provider.ts';
import { protectedGroups, publicGroups, rootPublicGroups } from './routes/index.ts';
import type { Services } from './services.ts';
import { subscribeClassroomMessages } from './messages/classroom-messages.ts';
import { MessageStore } from './messages/message-store.ts';
import { UserStore } from './users/user-store.ts';
import { Classroom } from './classroom/classroom.ts';
import { poolChecker } from './classroom/lesson-checker.ts';
import { ExtensionStore } from './extensions/extension-store.ts';
import { addressReader, proxyTrust } from './http/client-address.ts';
import { classroomLink, lessonBoardRights, remoteLabGrader } from './classroom/remote-lab-link.ts';

/** One API route as registered, for the route-table tests. */
export interface ApiRoute {
  method: string;
  url: string;
  isPublic: boolean;
  roles: readonly Role[] | undefined;
  /** The route's schemas (body, querystring, params, response), for schema-driven tests. */
  schema: FastifySchema;
  /** The most body the route reads, in bytes. */
  bodyLimit: number;
}

declare module 'fastify' {
  interface FastifyInstance {
    apiRoutes: ApiRoute[];
  }
}

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

/** Every API route must declare what it accepts, so bad input is a 400 and never a 500. */
function assertSchema(route: RouteOptions): void {
  const where = `${String(route.method)} ${route.url}`;
  const schema = route.schema;
  if (!schema) throw new Error(`${where} declares no schema`);
  const methods = [route.method].flat();
  if (route.url.includes(':') && !schema.params) throw new Error(`${where} has no params schema`);
  if (methods.some((m) => BODY_METHODS.has(m)) && !schema.body) {
    throw new Error(`${where} has no body schema`);
  }
  if (methods.some((m) => !BODY_METHODS.has(m)) && !schema.querystring) {
    throw new Error(`${where} has no querystring schema`);
  }
}

async function buildApp(config: ServerConfig, services: Services): Promise<App> {
  const app = Fastify({
    logger: { level: config.logLevel },
    bodyLimit: config.bodyLimit,
    trustProxy: proxyTrust(config.trustProxy),
    // Bad URLs and the like, raised before routing, get the same error shape. (The reply it
    // returns is thenable; nothing here waits for it.)
    frameworkErrors: (error, request, reply) => void handleError(error, request, reply),
    // Node's own 400s (bad chunked body, CL+TE…) too.
    clientErrorHandler: handleClientError,
    schemaErrorFormatter: formatSchemaErrors,
  }).withTypeProvider<TypeBoxProvider>();

  app.decorate('services', services);
  app.decorate('draining', false);
  app.decorate('apiRoutes', [] as ApiRoute[]);
  app.decorateRequest('user', null);
  app.setErrorHandler(handleError);
  app.setNotFoundHandler(handleNotFound);
  // While draining and closing, answers end their keep-alive connection: a balancer's pool
  // never holds a connection the replica is about to close, and a client's idle pool cannot
  // hold the process open after the in-flight requests are done.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  endUnusedConnectionsOnClose(app);
  app.addHook('onSend', securityHeaders(config));
  app.addHook('onSend', async (_request, reply) => {
    if (closing || app.draining) reply.header('connection', 'close');
  });
  let stopMaintenance = () => {};
  app.addHook('onReady', async () => {
    stopMaintenance = scheduleMaintenance(app);
  });
  app.addHook('onClose', async () => {
    stopMaintenance();
    await services.compilePool.close();
    await services.bus.close();
    await services.verifier.close();
    await services.db.close();
  });
  // JSON bodies keep their types (no null → false); no NUL or lone surrogate anywhere.
  app.setValidatorCompiler(validatorCompiler());
  app.addHook('preValidation', rejectBadText);

  if (config.allowedOrigins.length > 0) {
    await app.register(cors, { origin: config.allowedOrigins, maxAge: 600 });
  }

  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_BASE_PATH)) assertSchema(route);
  });
  const collect =
    (isPublic: boolean, prefix = API_BASE_PATH) =>
    (route: RouteOptions) => {
      if (!route.url.startsWith(prefix)) return;
      for (const method of [route.method].flat()) {
        if (method === 'HEAD') continue;
        app.apiRoutes.push({
          method,
          url: route.url,
          isPublic,
          roles: route.config?.roles,
          schema: route.schema ?? {},
          bodyLimit: route.bodyLimit ?? config.bodyLimit,
        });
      }
    };

  await app.register(async (scope) => {
    // Every public call that writes counts against its client (routes with their own
    // limit, the compilers and the records, skip this one).
    scope.addHook('preHandler', limitWrites(services.limits.writes));
    scope.register(async (api) => {
      api.addHook('onRoute', collect(true));
      for (const group of publicGroups) await api.register(group, { prefix: API_BASE_PATH });
    });
    scope.register(async (root) => {
      root.addHook('onRoute', collect(true, '/'));
      for (const group of rootPublicGroups) await root.register(group);
    });
  });
  await app.register(async (scope) => {
    scope.addHook('onRoute', collect(false));
    // onRequest: anonymous callers are turned away before their body is read.
    scope.addHook('onRequest', authenticate);
    for (const group of protectedGroups) await scope.register(group, { prefix: API_BASE_PATH });
  });

  if (fs.existsSync(config.staticDir)) {
    await app.register(fastifyStatic, {
      root: config.staticDir,
      prefix: '/',
      // `vite build` writes .br and .gz copies (scripts/vite-precompress.ts): the one the
      // browser accepts is sent, with `Vary: Accept-Encoding`.
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // The same address answers brotli, gzip or plain by Accept-Encoding: caches must
        // keep them apart.
        res.setHeader('vary', 'Accept-Encoding');
        // Vite fingerprints everything under assets/; the entry page must always revalidate.
        res.setHeader(
          'cache-control',
          /[\\/]assets[\\/]/.test(filePath) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  } else {
    app.log.warn({ staticDir: config.staticDir }, 'no built UI to serve (run npx vite build)');
  }

  return app;
}

function defaultVerifier(config: ServerConfig): TokenVerifier {
  const firebase = new FirebaseTokenVerifier(
    config.firebase.projectId,
    config.firebase.authEmulatorHost,
  );
  return config.tokenCacheMs > 0
    ? new CachingTokenVerifier(firebase, config.tokenCacheMs)
    : firebase;
}

/** Opens and migrates the database, then builds the app around it. */
export async function createServer(
  config: ServerConfig,
  verifier: TokenVerifier = defaultVerifier(config),
): Promise<App> {
  const db: Db = openDatabase(config.database);
  try {
    await migrateToLatest(db);
  } catch (error) {
    await db.close();
    await verifier.close();
    throw error;
  }
  let bus: EventBus;
  try {
    bus = await openEventBus(db, config.database);
  } catch (error) {
    await db.close();
    await verifier.close();
    throw error;
  }
  const users = new UserStore(db.kysely, config.adminEmails);
  let compiler: LogoCompiler;
  try {
    compiler = await LogoCompiler.load();
  } catch (error) {
    await bus.close();
    await db.close();
    await verifier.close();
    throw error;
  }
  const rateLimits = new Limits(db);
  const compileLimiter = rateLimits.make(
    'compiles',
    config.compileRatePerSecond,
    config.compileBurst,
  );
  const compilePool = new CompilePool(compiler, {
    workers: config.compileWorkers,
    queueMax: config.compileQueueMax,
    budgetMs: config.compileBudgetMs,
    checkBudgetMs: config.checkBudgetMs,
  });
  try {
    await compilePool.ready();
  } catch (error) {
    await compilePool.close();
    await bus.close();
    await db.close();
    await verifier.close();
    throw new Error('the compile workers did not start', { cause: error });
  }
  const messages = new MessageStore(db.kysely);
  // Listener failures go to the app's log, which exists once the app is built.
  let log: App['log'] | null = null;
  const classroom = new Classroom(
    db.kysely,
    { creators: config.classroomCreators },
    (error, event) => log?.error({ err: error, event }, 'classroom event listener failed'),
    bus,
  );
  // Grades, notes and new lessons reach the students as messages.
  subscribeClassroomMessages(classroom.events, db.kysely, messages);
  const remoteLab = new RemoteLabService({
    db: db.kysely,
    mqtt: config.mqtt,
    registrationsPerHour: config.labRegistrationsPerHour,
    limits: rateLimits,
  });
  let brokers: Awaited<ReturnType<typeof startBrokers>>;
  try {
    brokers = await startBrokers({
      mqtt: config.mqtt,
      host: config.host,
      lookup: (parsed) =>
        parsed.role === 'class' ? classroom.live.lookup(parsed.loginId) : remoteLab.lookup(parsed),
      replica:
        config.port === 0
          ? `${os.hostname()}-${randomBytes(4).toString('hex')}`
          : `${os.hostname()}-${config.port}`,
      addressOf: addressReader(config.trustProxy),
    });
  } catch (error) {
    await compilePool.close();
    await bus.close();
    await db.close();
    await verifier.close();
    throw new Error(`the MQTT brokers did not start: ${String(error)}`, { cause: error });
  }
  const app = await buildApp(config, {
    config,
    db,
    verifier,
    users,
    compiler,
    compileLimiter,
    compilePool,
    rateLimits,
    limits: writeLimits(config, rateLimits),
    bus,
    datalogEvents: new ChannelEvents(bus),
    messages,
    classroom,
    remoteLab,
    webuiBroker: { access: brokers.webui, url: brokers.publicUrl },
  });
  log = app.log;
  remoteLab.setLog(app.log);
  remoteLab.setClassroom(classroomLink(classroom, users));
  classroom.submissions.setSessionGrader(remoteLabGrader(remoteLab));
  classroom.lessons.setBoardRights(lessonBoardRights(remoteLab));
  const extensions = new ExtensionStore(db.kysely, messages);
  classroom.submissions.setChecker(
    poolChecker(compilePool, (userId) => extensions.addedLibraries(userId)),
  );
  // The embedded brokers answer WebSocket upgrades on the API's own port.
  brokers.attach(app.server);
  await remoteLab.start(brokers);
  classroom.live.setBroker({
    url: brokers.labUrl,
    prefix: config.mqtt.prefix,
    access: brokers.access,
  });
  await classroom.live.reconcile();
  classroom.live.startSweeping();
  // Before the HTTP server closes: the remote lab stops sweeping and every MQTT WebSocket is
  // closed (upgraded sockets would otherwise keep the server's close waiting forever).
  app.addHook('preClose', async () => {
    await remoteLab.stop();
    await classroom.live.stopSweeping();
    brokers.detach();
  });
  app.addHook('onClose', () => brokers.close());
  return app;
}
