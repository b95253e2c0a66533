import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { session, type User } from '../state/session.ts';
import { guard, isAllowed, waitForAuth } from '../shell/guards.ts';
import { closeRouters, openPath } from './test-router.ts';

const ann: User = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.org',
  photoUrl: '',
  providerId: 'password',
};

// A table with one moderator-only route: no product route needs it yet (spec core §2).
const moderatorTable = [
  { path: '/auth/login', element: null },
  { path: '/review', loader: guard('moderator', 50), element: null },
];

function resetSession() {
  Object.assign(session, {
    user: null,
    loading: false,
    isModerator: false,
    isAdmin: false,
    lastPath: null,
  });
}

describe('isAllowed', () => {
  it('lets any signed-in user through a login requirement', () => {
    expect(isAllowed({ user: ann, isModerator: false }, 'login')).toBe(true);
    expect(isAllowed({ user: null, isModerator: false }, 'login')).toBe(false);
  });

  it('lets only moderators through a moderator requirement', () => {
    expect(isAllowed({ user: ann, isModerator: true }, 'moderator')).toBe(true);
    expect(isAllowed({ user: ann, isModerator: false }, 'moderator')).toBe(false);
    expect(isAllowed({ user: null, isModerator: true }, 'moderator')).toBe(false);
  });
});

describe('guard (moderator route)', () => {
  beforeEach(resetSession);
  afterEach(() => {
    closeRouters();
    resetSession();
  });

  it('sends a signed-in non-moderator to sign-in and remembers the path', async () => {
    session.user = ann;
    const router = await openPath('/review', moderatorTable);
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(session.lastPath).toBe('/review');
  });

  it('lets a moderator in', async () => {
    session.user = ann;
    session.isModerator = true;
    const router = await openPath('/review', moderatorTable);
    expect(router.state.location.pathname).toBe('/review');
  });

  it('waits for the identity provider before deciding', async () => {
    session.loading = true;
    const pending = openPath('/review', moderatorTable);
    session.user = ann;
    session.isModerator = true;
    session.loading = false;
    const router = await pending;
    expect(router.state.location.pathname).toBe('/review');
  });
});

describe('waitForAuth', () => {
  beforeEach(resetSession);
  afterEach(() => {
    vi.useRealTimers();
    resetSession();
  });

  it('resolves at once when the session has loaded', async () => {
    await expect(waitForAuth(10)).resolves.toBeUndefined();
  });

  it('gives up after the timeout when the provider never answers', async () => {
    vi.useFakeTimers();
    session.loading = true;
    let done = false;
    void waitForAuth(5000).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(4999);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(done).toBe(true);
  });
});
