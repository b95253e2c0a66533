import { describe, expect, it } from 'vitest';
import { databaseSuites } from './db-suites.ts';

describe('the suites the PostgreSQL lane runs again', () => {
  const suites = databaseSuites();

  it('keeps every suite that opens a test database, directly or through a helper', () => {
    expect(suites).toContain('server/classroom/events.test.ts');
    // Through src/auth/live-server.node.ts, which starts a server on a test database.
    expect(suites).toContain('src/classroom/classroom-api.node.test.ts');
  });

  it('leaves out suites that never reach a database', () => {
    expect(suites).not.toContain('src/firmware/worker/flash-engine.node.test.ts');
    expect(suites).not.toContain('server/db/clock.test.ts');
    expect(suites.every((s) => s.startsWith('server/') || s.endsWith('.node.test.ts'))).toBe(true);
  });
});
