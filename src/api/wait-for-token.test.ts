import { proxy } from 'valtio';
import { describe, expect, it } from 'vitest';
import { initialSession, type SessionState } from '../state/session.ts';
import { AUTH_WAIT_TIMEOUT_MS, waitForToken } from './wait-for-token.ts';

const session = (patch: Partial<SessionState> = {}) =>
  proxy<SessionState>({ ...initialSession(), ...patch });

const ana = { id: 'u1', name: 'Ana', email: 'a@x.org', photoUrl: '', providerId: 'password' };

describe('waitForToken', () => {
  it('gives up after 5000 ms by default (spec core §9)', () => {
    expect(AUTH_WAIT_TIMEOUT_MS).toBe(5000);
  });

  it('answers at once with a stored token', async () => {
    await expect(waitForToken(session({ idToken: 't1', loading: false, user: ana }))).resolves.toBe(
      't1',
    );
  });

  it('answers null at once for a visitor', async () => {
    await expect(waitForToken(session({ loading: false }))).resolves.toBeNull();
  });

  it('waits while sign-in is being restored and answers the token when it arrives', async () => {
    const s = session();
    const waiting = waitForToken(s, 2000);
    s.user = ana;
    s.loading = false;
    s.idToken = 'fresh';
    await expect(waiting).resolves.toBe('fresh');
  });

  it('answers null when restoring ends without a user', async () => {
    const s = session();
    const waiting = waitForToken(s, 2000);
    s.loading = false;
    await expect(waiting).resolves.toBeNull();
  });

  it('answers null when the token does not come in time', async () => {
    const started = Date.now();
    await expect(waitForToken(session({ user: ana, loading: false }), 80)).resolves.toBeNull();
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
  });
});
