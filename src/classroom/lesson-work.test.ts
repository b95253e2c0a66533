import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KEPT_LESSONS_MAX,
  LessonWorkKeeper,
  RETRY_MS,
  SEND_DELAY_MS,
  type LessonWorkDeps,
} from './lesson-work.ts';

const L1 = 'lesson-1';
const L2 = 'lesson-2';

/** A server that keeps one program per lesson and can be taken away. */
function fakeServer() {
  const kept = new Map<string, string>();
  const server = {
    kept,
    up: true,
    sends: 0,
    fetch: async (uuid: string) => {
      if (!server.up) throw new Error('network_error');
      return { code: kept.get(uuid) ?? null };
    },
    send: async (uuid: string, code: string) => {
      server.sends += 1;
      if (!server.up) throw new Error('network_error');
      kept.set(uuid, code);
      return {};
    },
  };
  return server;
}

function browserStorage() {
  const store = {
    text: null as string | null,
    read: () => store.text,
    write: (text: string) => {
      store.text = text;
    },
  };
  return store;
}

describe('LessonWorkKeeper', () => {
  let server: ReturnType<typeof fakeServer>;
  let storage: ReturnType<typeof browserStorage>;
  let user: string | null;
  const keeper = (extra: Partial<LessonWorkDeps> = {}) =>
    new LessonWorkKeeper({
      fetch: server.fetch,
      send: server.send,
      storage,
      userId: () => user,
      ...extra,
    });

  beforeEach(() => {
    vi.useFakeTimers();
    server = fakeServer();
    storage = browserStorage();
    user = 'sam';
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('keeps the work in the browser at once and on the server a moment later', async () => {
    const k = keeper();
    k.keep(L1, null, 'v1');
    k.keep(L1, null, 'v2');
    expect(k.status(L1)).toBe('keeping');
    expect(server.kept.size).toBe(0);
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    expect(server.kept.get(L1)).toBe('v2');
    expect(server.sends).toBe(1);
    expect(k.status(L1)).toBe('kept');
    // The same program again sends nothing.
    k.keep(L1, null, 'v2');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    expect(server.sends).toBe(1);
  });

  it('resumes the server’s work on another computer, and this browser’s newer unsent work first', async () => {
    server.kept.set(L1, 'from the other computer');
    const here = keeper();
    expect(await here.latest(L1, null)).toBe('from the other computer');
    expect(await here.latest(L2, null)).toBeNull();
    server.up = false;
    here.keep(L1, null, 'typed here, not sent');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    expect(here.status(L1)).toBe('local');
    // A reload: a new keeper over the same storage.
    server.up = true;
    expect(await keeper().latest(L1, null)).toBe('typed here, not sent');
    // latest() sends it on the way: the server has it now.
    await vi.advanceTimersByTimeAsync(0);
    expect(server.kept.get(L1)).toBe('typed here, not sent');
  });

  it('tries a failed send again later, and says the work is only in this browser meanwhile', async () => {
    const k = keeper();
    server.up = false;
    k.keep(L1, null, 'v1');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    expect(k.status(L1)).toBe('local');
    server.up = true;
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(k.status(L1)).toBe('kept');
    expect(server.kept.get(L1)).toBe('v1');
  });

  it('falls back to this browser’s copy when the server cannot be reached', async () => {
    const k = keeper();
    k.keep(L1, null, 'v1');
    await k.flush();
    server.up = false;
    expect(await k.latest(L1, null)).toBe('v1');
  });

  it('keeps a signed-out student’s work in this browser only, apart from a signed-in one’s', async () => {
    user = null;
    const k = keeper();
    k.keep(L1, null, 'guest work');
    expect(k.status(L1)).toBe('local');
    await vi.advanceTimersByTimeAsync(RETRY_MS);
    expect(server.sends).toBe(0);
    expect(await k.latest(L1, null)).toBe('guest work');
    user = 'sam';
    expect(await k.latest(L1, null)).toBeNull();
  });

  it('keeps the work of each class apart when the lesson names one', async () => {
    const k = keeper();
    server.up = false;
    k.keep(L1, 'class-a', 'for A');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    expect(await k.latest(L1, 'class-b')).toBeNull();
    expect(await k.latest(L1, 'class-a')).toBe('for A');
  });

  it('sends work kept while an earlier send was on its way, after it', async () => {
    let release: () => void = () => {};
    const slow = keeper({
      send: (uuid, code) =>
        new Promise((resolve) => {
          release = () => {
            server.kept.set(uuid, code);
            resolve({});
          };
        }),
    });
    slow.keep(L1, null, 'v1');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    slow.keep(L1, null, 'v2');
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(slow.status(L1)).toBe('keeping');
    await vi.advanceTimersByTimeAsync(SEND_DELAY_MS);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.kept.get(L1)).toBe('v2');
    expect(slow.status(L1)).toBe('kept');
  });

  it('keeps at most a number of lessons, dropping those the server has first', async () => {
    const k = keeper();
    for (let i = 0; i < KEPT_LESSONS_MAX; i++) {
      k.keep(`sent-${i}`, null, 'x');
      await k.flush();
    }
    server.up = false;
    k.keep('unsent', null, 'only here');
    const stored = Object.keys(JSON.parse(storage.text ?? '{}'));
    expect(stored).toHaveLength(KEPT_LESSONS_MAX);
    expect(stored).toContain('sam\nunsent');
  });
});
