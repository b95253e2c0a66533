import { describe, expect, it } from 'vitest';
import { emptyRemoteLab, setSessionId } from './remote-session.ts';

describe('remote lab session state (spec classroom-and-labs §3)', () => {
  it('clears the session token when the session id becomes zero', () => {
    const s = emptyRemoteLab();
    setSessionId(s, 1234);
    s.sessionToken = 'broker-password';
    setSessionId(s, 5678);
    expect(s.sessionToken).toBe('broker-password');
    setSessionId(s, 0);
    expect(s).toMatchObject({ sessionId: 0, sessionToken: null });
  });

  it('starts without a session, an answer or a method', () => {
    expect(emptyRemoteLab()).toMatchObject({
      sessionId: 0,
      sessionToken: null,
      lastAlive: 0,
      answer: 0,
      phase: 'idle',
      connectMethod: null,
    });
  });
});
