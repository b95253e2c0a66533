// Housekeeping the limits rely on, run a minute after start and then every hour: shared
// workspaces nobody opened for STORAGE_TTL_DAYS are deleted, and public log records older
// than PUBLIC_LOG_RETENTION_DAYS go (names left empty are retired), and shared rate-limit
// buckets that are full again are forgotten. Each replica runs it;
// the deletes are idempotent.
import { ChannelStore } from './datalog/channel-store.ts';
import type { App } from './http/type-provider.ts';
import { WorkspaceStore } from './storage/workspace-store.ts';

const FIRST_RUN_MS = 60_000;
const EVERY_MS = 3_600_000;

/** One round of housekeeping; returns what it deleted. */
export async function runMaintenance(
  app: App,
  clock: () => number = Date.now,
): Promise<{ workspaces: number; publicLogRecords: number; rateBuckets: number }> {
  const { db, config, datalogEvents, rateLimits } = app.services;
  const workspaces = await new WorkspaceStore(db.kysely, clock).sweep(config.storageTtlDays);
  const publicLogRecords = await new ChannelStore(db.kysely, {
    clock,
    events: datalogEvents,
  }).retire(config.publicLogRetentionDays);
  const rateBuckets = await rateLimits.prune();
  return { workspaces, publicLogRecords, rateBuckets };
}

/** Starts the hourly rounds; the returned function stops them. */
export function scheduleMaintenance(app: App): () => void {
  const round = () => {
    runMaintenance(app).then(
      (deleted) => app.log.info(deleted, 'maintenance done'),
      (error: unknown) => app.log.warn({ err: error }, 'maintenance failed; next round retries'),
    );
  };
  let every: NodeJS.Timeout | null = null;
  const first = setTimeout(() => {
    round();
    every = setInterval(round, EVERY_MS).unref();
  }, FIRST_RUN_MS).unref();
  return () => {
    clearTimeout(first);
    if (every) clearInterval(every);
  };
}
