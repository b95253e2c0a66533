// Builds the real server (real database, real token verification against the emulator)
// for in-process requests with app.inject().
import { inject } from 'vitest';
import { createServer } from '../app.ts';
import { loadConfig } from '../config.ts';
import type { App } from '../http/type-provider.ts';
import './provided-context.ts';
import { createTestDatabase, type TestDatabase } from './test-db.ts';

export interface TestApp {
  app: App;
  emulatorHost: string;
  database: TestDatabase;
  close(): Promise<void>;
}

export async function startTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const emulatorHost = inject('authEmulatorHost');
  const database = await createTestDatabase();
  const config = loadConfig({
    LOG_LEVEL: 'silent',
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost,
    STATIC_DIR: '/nonexistent-gogo-dist',
    ...database.env,
    ...env,
  });
  const app = await createServer(config);
  await app.ready();
  return {
    app,
    emulatorHost,
    database,
    async close() {
      await app.close();
      await database.drop();
    },
  };
}

/** Authorization header for an ID token. */
export const bearer = (idToken: string) => ({ authorization: `Bearer ${idToken}` });
