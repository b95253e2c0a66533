// Vitest global setup for the node project: one real Firebase Auth emulator for the whole
// run. Reuses FIREBASE_AUTH_EMULATOR_HOST when the caller already runs one; otherwise starts
// one on GOGO_AUTH_EMULATOR_PORT (and hub/logging ports) or on free loopback ports.
import type { TestProject } from 'vitest/node';
import { envPort, startAuthEmulator } from '../../scripts/auth-emulator.ts';
import './provided-context.ts';

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const existing = process.env.FIREBASE_AUTH_EMULATOR_HOST?.trim();
  if (existing) {
    project.provide('authEmulatorHost', existing);
    return async () => {};
  }
  const emulator = await startAuthEmulator({
    authPort: envPort('GOGO_AUTH_EMULATOR_PORT'),
    hubPort: envPort('GOGO_EMULATOR_HUB_PORT'),
    loggingPort: envPort('GOGO_EMULATOR_LOGGING_PORT'),
  });
  project.provide('authEmulatorHost', emulator.host);
  return () => emulator.stop();
}
