// Server entry point (`npm run server`): configuration from the environment, database
// migrations, then listen. On SIGTERM/SIGINT the replica first reports itself not ready
// (/health/ready 503) for SHUTDOWN_DRAIN_MS while it still serves, so a balancer moves new
// requests away; then it stops accepting connections, ends its push streams (their clients
// reconnect, to another replica behind a balancer) and lets in-flight requests finish. The
// whole stop takes at most SHUTDOWN_TIMEOUT_MS (10 s), after which the process exits anyway.
import { createServer } from './app.ts';
import { loadConfig } from './config.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createServer(config);

  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) {
      app.log.warn({ signal }, 'second signal: exiting now');
      process.exit(1);
    }
    stopping = true;
    app.draining = true;
    app.log.info({ signal, drainMs: config.shutdownDrainMs }, 'shutting down: draining');
    const force = setTimeout(() => {
      app.log.error('in-flight requests did not finish in time: exiting');
      process.exit(1);
    }, config.shutdownTimeoutMs);
    force.unref();
    const drained = new Promise((r) => setTimeout(r, config.shutdownDrainMs));
    drained
      .then(() => {
        app.log.info('closing: finishing in-flight requests');
        return app.close();
      })
      .then(
        () => {
          app.log.info('server stopped');
          process.exit(0);
        },
        (error: unknown) => {
          app.log.error({ err: error }, 'error while shutting down');
          process.exit(1);
        },
      );
  };
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);

  await app.listen({ host: config.host, port: config.port });
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
