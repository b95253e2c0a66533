import { describe, expect, it } from 'vitest';
import type { Class } from '../contract/classroom.ts';
import { CLASS_CACHE_MS, ClassDetailCache } from './class-cache.ts';

const klass = (uuid: string, name = 'Robotics') => ({ uuid, name }) as Class;

function setup() {
  let time = 1_000_000;
  const asked: string[] = [];
  let failing = false;
  const cache = new ClassDetailCache(
    (uuid) => {
      asked.push(uuid);
      return failing
        ? Promise.reject(new Error('404'))
        : Promise.resolve(klass(uuid, `v${asked.length}`));
    },
    () => time,
  );
  return {
    cache,
    asked,
    advance: (ms: number) => (time += ms),
    fail: (on: boolean) => (failing = on),
  };
}

describe('ClassDetailCache', () => {
  it('answers the same uuid from the cache for 10 s, then fetches again', async () => {
    const { cache, asked, advance } = setup();
    expect((await cache.load('a'))?.name).toBe('v1');
    advance(CLASS_CACHE_MS - 1);
    expect((await cache.load('a'))?.name).toBe('v1');
    expect(asked).toEqual(['a']);
    advance(1);
    expect((await cache.load('a'))?.name).toBe('v2');
    expect(asked).toEqual(['a', 'a']);
  });

  it('fetches another uuid at once', async () => {
    const { cache, asked } = setup();
    await cache.load('a');
    await cache.load('b');
    await cache.load('a');
    expect(asked).toEqual(['a', 'b', 'a']);
  });

  it("clears itself on a failure and says 'Not found'", async () => {
    const { cache, fail, asked } = setup();
    await cache.load('a');
    fail(true);
    expect(await cache.load('a', { force: true })).toBeNull();
    expect(cache.state).toMatchObject({ uuid: 'a', data: null, notFound: true, loading: false });
    // Nothing stale is kept: the next visit asks again.
    fail(false);
    expect((await cache.load('a'))?.name).toBe('v3');
    expect(asked).toHaveLength(3);
    expect(cache.state.notFound).toBe(false);
  });

  it('keeps only the answer for the class asked last', async () => {
    let release: (c: Class) => void = () => {};
    const cache = new ClassDetailCache((uuid) =>
      uuid === 'slow' ? new Promise<Class>((r) => (release = r)) : Promise.resolve(klass(uuid)),
    );
    const slow = cache.load('slow');
    await cache.load('fast');
    release(klass('slow'));
    await slow;
    expect(cache.state.uuid).toBe('fast');
    expect(cache.state.data?.uuid).toBe('fast');
  });

  it('takes an edited class as fresh', async () => {
    const { cache, asked, advance } = setup();
    await cache.load('a');
    advance(9000);
    cache.put(klass('a', 'Renamed'));
    advance(9000);
    expect((await cache.load('a'))?.name).toBe('Renamed');
    expect(asked).toEqual(['a']);
  });
});
