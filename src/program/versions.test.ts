import { describe, expect, it } from 'vitest';
import {
  ProgramVersions,
  VERSIONS_MAX,
  VERSIONS_MAX_CHARS,
  type ProgramSnapshot,
  type VersionStorage,
} from './versions.ts';

/** Local storage as the app has it: one text, kept between page loads. */
function memoryStorage(initial: string | null = null): VersionStorage & { text: string | null } {
  const store = {
    text: initial,
    read: () => store.text,
    write: (text: string) => {
      store.text = text;
    },
  };
  return store;
}

const program = (logo: string, name = ''): ProgramSnapshot => ({
  file: `<xml><settings><logo_code>${logo}</logo_code></settings></xml>`,
  name,
  project: null,
});

function versionsAt(storage: VersionStorage, start = 1000) {
  let clock = start;
  let id = 0;
  return new ProgramVersions(storage, { now: () => clock++, newId: () => `v${++id}` });
}

describe('ProgramVersions', () => {
  it('keeps replaced programs newest first, with why and when, across page loads', () => {
    const storage = memoryStorage();
    const versions = versionsAt(storage);
    versions.keep('starter', program('beep', 'Scratch'));
    versions.keep('extract', {
      ...program('ledon'),
      project: { uuid: 'p1', name: 'Robot', isEditable: true },
    });
    expect(versions.list().map((v) => [v.reason, v.name, v.keptAt])).toEqual([
      ['extract', '', 1001],
      ['starter', 'Scratch', 1000],
    ]);
    const reloaded = new ProgramVersions(storage);
    expect(reloaded.list()).toEqual(versions.list());
    expect(reloaded.get('v2')?.project).toEqual({ uuid: 'p1', name: 'Robot', isEditable: true });
  });

  it('keeps the same program once, moved to the top with its latest reason', () => {
    const versions = versionsAt(memoryStorage());
    versions.keep('lesson', program('a'));
    versions.keep('starter', program('b'));
    versions.keep('restore', program('a'));
    expect(versions.list().map((v) => [v.reason, v.file.includes('>a<')])).toEqual([
      ['restore', true],
      ['starter', false],
    ]);
  });

  it('drops the oldest beyond the count and the size limits, never the newest', () => {
    const versions = versionsAt(memoryStorage());
    for (let i = 0; i < VERSIONS_MAX + 5; i++) versions.keep('handout', program(`p${i}`));
    expect(versions.list()).toHaveLength(VERSIONS_MAX);
    expect(versions.list()[0]?.file).toContain(`p${VERSIONS_MAX + 4}`);
    const big = 'x'.repeat(VERSIONS_MAX_CHARS / 2);
    versions.keep('extract', program(big));
    versions.keep('extract', program(`${big}y`));
    expect(versions.list()).toHaveLength(1);
    // A program larger than all the room is not kept, and costs nothing kept before.
    expect(versions.keep('extract', program('z'.repeat(VERSIONS_MAX_CHARS)))).toBeNull();
    expect(versions.list()).toHaveLength(1);
  });

  it('starts empty from storage it cannot read, and tells subscribers of changes', () => {
    for (const text of ['not json', '{"v":2,"versions":[]}', '{"v":1,"versions":[{"id":1}]}']) {
      expect(new ProgramVersions(memoryStorage(text)).list()).toEqual([]);
    }
    const versions = versionsAt(memoryStorage());
    const seen: number[] = [];
    const stop = versions.subscribe((list) => seen.push(list.length));
    versions.keep('starter', program('a'));
    stop();
    versions.keep('starter', program('b'));
    expect(seen).toEqual([1]);
  });

  it('still keeps versions for the page when storage refuses to write', () => {
    const versions = versionsAt({
      read: () => null,
      write: () => {
        throw new Error('QuotaExceededError');
      },
    });
    versions.keep('starter', program('a'));
    expect(versions.list()).toHaveLength(1);
  });
});
