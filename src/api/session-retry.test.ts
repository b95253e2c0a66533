// The session policy of every API call, on its own: which token goes out, when it is renewed,
// when the person is asked to sign in again, and that each step sends the call once more at
// most. The calls here are recorded functions; the real server and Auth emulator run the same
// policy in client.node.test.ts and auth-service.node.test.ts.
import { describe, expect, it } from 'vitest';
import { NO_SESSION, sendWithSession, type TokenSource } from './session-retry.ts';

class Refused extends Error {}
class Unreachable extends Error {}

/** A server that accepts only the tokens in `good`. */
function server(good: string[]) {
  const sent: (string | null)[] = [];
  const send = (token: string | null) => {
    sent.push(token);
    if (token !== null && good.includes(token)) return Promise.resolve(`ok:${token}`);
    return Promise.reject(new Refused());
  };
  return { sent, send, refused: (e: unknown) => e instanceof Refused };
}

function tokens(over: Partial<TokenSource> & { log?: string[] } = {}): TokenSource {
  const log = over.log ?? [];
  return {
    current: over.current ?? (() => Promise.resolve('old')),
    renew:
      over.renew ??
      ((refused) => {
        log.push(`renew ${refused}`);
        return Promise.resolve('fresh');
      }),
    signInAgain:
      over.signInAgain ??
      ((refused) => {
        log.push(`ask ${refused}`);
        return Promise.resolve('new-sign-in');
      }),
  };
}

describe('sendWithSession', () => {
  it('sends the current token, and nothing more when it is accepted', async () => {
    const s = server(['old']);
    const log: string[] = [];
    await expect(sendWithSession({ tokens: tokens({ log }), ...s })).resolves.toBe('ok:old');
    expect(s.sent).toEqual(['old']);
    expect(log).toEqual([]);
  });

  it('renews a refused token and sends the call once more', async () => {
    const s = server(['fresh']);
    const log: string[] = [];
    await expect(sendWithSession({ tokens: tokens({ log }), ...s })).resolves.toBe('ok:fresh');
    expect(s.sent).toEqual(['old', 'fresh']);
    expect(log).toEqual(['renew old']);
  });

  it('asks to sign in again when the renewed token is refused too, then sends once more', async () => {
    const s = server(['new-sign-in']);
    const log: string[] = [];
    await expect(sendWithSession({ tokens: tokens({ log }), ...s })).resolves.toBe(
      'ok:new-sign-in',
    );
    expect(s.sent).toEqual(['old', 'fresh', 'new-sign-in']);
    expect(log).toEqual(['renew old', 'ask fresh']);
  });

  it('asks with the refused token when no renewal could be had', async () => {
    const s = server(['new-sign-in']);
    const log: string[] = [];
    const source = tokens({ log, renew: () => Promise.resolve(null) });
    await expect(sendWithSession({ tokens: source, ...s })).resolves.toBe('ok:new-sign-in');
    expect(s.sent).toEqual(['old', 'new-sign-in']);
    expect(log).toEqual(['ask old']);
  });

  it('keeps the refusal when the person declines, after one renewal', async () => {
    const s = server([]);
    const source = tokens({ signInAgain: () => Promise.resolve(null) });
    await expect(sendWithSession({ tokens: source, ...s })).rejects.toBeInstanceOf(Refused);
    expect(s.sent).toEqual(['old', 'fresh']);
  });

  it('fails when even the token of a new sign-in is refused: no loop', async () => {
    const s = server([]);
    await expect(sendWithSession({ tokens: tokens(), ...s })).rejects.toBeInstanceOf(Refused);
    expect(s.sent).toEqual(['old', 'fresh', 'new-sign-in']);
  });

  it('never asks for a call marked noSignIn (a poll), but still renews', async () => {
    const s = server([]);
    const log: string[] = [];
    await expect(
      sendWithSession({ tokens: tokens({ log }), ...s, noSignIn: true }),
    ).rejects.toBeInstanceOf(Refused);
    expect(log).toEqual(['renew old']);
  });

  it('lets any other failure through untouched, at the first or the renewed try', async () => {
    const log: string[] = [];
    const down = {
      send: () => Promise.reject(new Unreachable()),
      refused: (e: unknown) => e instanceof Refused,
    };
    await expect(sendWithSession({ tokens: tokens({ log }), ...down })).rejects.toBeInstanceOf(
      Unreachable,
    );
    expect(log).toEqual([]);
    let calls = 0;
    const thenDown = {
      send: () => Promise.reject(++calls === 1 ? new Refused() : new Unreachable()),
      refused: (e: unknown) => e instanceof Refused,
    };
    await expect(sendWithSession({ tokens: tokens({ log }), ...thenDown })).rejects.toBeInstanceOf(
      Unreachable,
    );
    expect(log).toEqual(['renew old']);
  });

  it('sends anonymous calls without a token, once, whatever the answer', async () => {
    const s = server([]);
    const log: string[] = [];
    await expect(
      sendWithSession({ tokens: tokens({ log }), ...s, anonymous: true }),
    ).rejects.toBeInstanceOf(Refused);
    expect(s.sent).toEqual([null]);
    expect(log).toEqual([]);
  });

  it("a visitor's refused call asks the token source, which has nobody to ask", async () => {
    const s = server([]);
    await expect(sendWithSession({ tokens: NO_SESSION, ...s })).rejects.toBeInstanceOf(Refused);
    expect(s.sent).toEqual([null]);
  });
});
