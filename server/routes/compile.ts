// The Logo compile services (spec core §7 "Cloud compile"): one cloud compiler per Logo
// version at `{base}/logo/{version}/compile`, the dev compiler `{base}/logo/dev/compile`
// (GoGo 7, Bright and dev Logo projects: the version follows the board fields), and the
// offline mode's `{host}/api/compile` (the request names `logo_version`). Public, form
// encoded (JSON also accepted), a small body limit and a per-address rate of work; the
// compiles themselves run in a worker pool with a queue limit and a time budget.
import formbody from '@fastify/formbody';
import {
  COMPILER_VERSIONS,
  CompileRequest,
  CompileResponse,
  compilerPath,
  OfflineCompileRequest,
  OFFLINE_COMPILE_PATH,
  type CompilerVersion,
} from '../../src/contract/compile.ts';
import { ErrorBody } from '../../src/contract/common.ts';
import type { App, RouteGroup } from '../http/type-provider.ts';
import { parseForm } from '../http/validation.ts';

const responses = {
  200: CompileResponse,
  400: ErrorBody,
  422: ErrorBody,
  429: ErrorBody,
  500: CompileResponse,
  503: ErrorBody,
};

async function compileScope(app: App): Promise<void> {
  const { config, compileLimiter } = app.services;
  await app.register(formbody, { bodyLimit: config.compileBodyLimit, parser: parseForm });
  app.addHook('onRequest', compileLimiter.hook());
}

/** Compiles in the pool (off the event loop); see server/compile/compile-pool.ts. */
const compileIn = (app: App, source: string, version: string) =>
  app.services.compilePool.compile(source, version);

/** The version a request compiles for: the path's, or the board's for the dev compiler. */
function versionFor(app: App, path: CompilerVersion, body: CompileRequest): string {
  if (path !== 'dev') return path;
  return app.services.compiler.pickVersion(body.board_type ?? 0, body.firmware_version ?? 0);
}

export const compileRoutes: RouteGroup = async (app) => {
  await compileScope(app);
  for (const version of COMPILER_VERSIONS) {
    app.post(
      compilerPath(version),
      {
        bodyLimit: app.services.config.compileBodyLimit,
        config: { ownRateLimit: true },
        schema: { body: CompileRequest, response: responses },
      },
      async (request, reply) => {
        const answer = await compileIn(
          app,
          request.body.logo,
          versionFor(app, version, request.body),
        );
        return reply.code(answer.status).send(answer);
      },
    );
  }
};

export const offlineCompileRoutes: RouteGroup = async (app) => {
  await compileScope(app);
  app.post(
    OFFLINE_COMPILE_PATH,
    {
      bodyLimit: app.services.config.compileBodyLimit,
      config: { ownRateLimit: true },
      schema: { body: OfflineCompileRequest, response: responses },
    },
    async (request, reply) => {
      const body = request.body;
      const version =
        body.logo_version ??
        app.services.compiler.pickVersion(body.board_type ?? 0, body.firmware_version ?? 0);
      const answer = await compileIn(app, body.logo, version);
      return reply.code(answer.status).send(answer);
    },
  );
};
