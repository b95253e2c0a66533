import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { splitByExtension } from './accept.ts';
import { UNDO_MS, UploadQueue, type Uploader } from './upload-queue.ts';

const file = (name: string, bytes = 10) => new File([new Uint8Array(bytes)], name);

/** An uploader the test answers by hand. */
function manualUploader() {
  const pending: { name: string; resolve: (url: string) => void; reject: (e: unknown) => void }[] =
    [];
  const upload: Uploader = (f) =>
    new Promise((resolve, reject) => pending.push({ name: f.name, resolve, reject }));
  return { upload, pending };
}

const flush = () => Promise.resolve().then(() => Promise.resolve());

describe('gallery file types', () => {
  it('accepts png, jpg, jpeg and gif in any case and drops the rest', () => {
    const files = ['a.PNG', 'b.jpg', 'c.jpeg', 'd.gif', 'e.bmp', 'f.svg', 'noext'].map((n) =>
      file(n),
    );
    const { accepted, dropped } = splitByExtension(files, ['png', 'jpg', 'jpeg', 'gif']);
    expect(accepted.map((f) => f.name)).toEqual(['a.PNG', 'b.jpg', 'c.jpeg', 'd.gif']);
    expect(dropped.map((f) => f.name)).toEqual(['e.bmp', 'f.svg', 'noext']);
  });
});

describe('UploadQueue', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends each file at once and reports the stored URLs when they arrive', async () => {
    const { upload, pending } = manualUploader();
    const changes: string[][] = [];
    const queue = new UploadQueue({ upload, onChange: (u) => changes.push(u), single: false });
    queue.add([file('a.png', 2048), file('b.png')]);
    expect(queue.items.map((i) => [i.name, i.size, i.status])).toEqual([
      ['a.png', 2048, 'uploading'],
      ['b.png', 10, 'uploading'],
    ]);
    pending[1]?.resolve('/img/b');
    await flush();
    pending[0]?.resolve('/img/a');
    await flush();
    expect(changes).toEqual([['/img/b'], ['/img/a', '/img/b']]);
  });

  it('keeps a removed file for 2 s, when it leaves the value', async () => {
    const changes: string[][] = [];
    const queue = new UploadQueue(
      {
        upload: () => Promise.reject(new Error('unused')),
        onChange: (u) => changes.push(u),
        single: false,
      },
      ['/img/a', '/img/b'],
    );
    const first = queue.items[0];
    if (!first) throw new Error('no item');
    queue.remove(first.id);
    expect(queue.items[0]?.removing).toBe(true);
    vi.advanceTimersByTime(UNDO_MS - 1);
    expect(changes).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(changes).toEqual([['/img/b']]);
    expect(queue.items.map((i) => i.url)).toEqual(['/img/b']);
  });

  it('recovers a removed file with undo within the 2 s', () => {
    const changes: string[][] = [];
    const queue = new UploadQueue(
      {
        upload: () => Promise.reject(new Error('unused')),
        onChange: (u) => changes.push(u),
        single: false,
      },
      ['/img/a'],
    );
    const id = queue.items[0]?.id ?? 0;
    queue.remove(id);
    vi.advanceTimersByTime(1500);
    queue.undo(id);
    vi.advanceTimersByTime(10_000);
    expect(changes).toEqual([]);
    expect(queue.items[0]).toMatchObject({ url: '/img/a', removing: false });
  });

  it('keeps a failed upload with its reason, and a retry sends it again', async () => {
    const { upload, pending } = manualUploader();
    const changes: string[][] = [];
    const queue = new UploadQueue({ upload, onChange: (u) => changes.push(u), single: false });
    queue.add([file('a.png')]);
    pending[0]?.reject(new Error('offline'));
    await flush();
    expect(queue.items[0]).toMatchObject({ status: 'failed' });
    queue.retry(queue.items[0]?.id ?? 0);
    expect(pending).toHaveLength(2);
    pending[1]?.resolve('/img/a');
    await flush();
    expect(changes).toEqual([['/img/a']]);
  });

  it('in single mode a new file replaces the current one', async () => {
    const { upload, pending } = manualUploader();
    const changes: string[][] = [];
    const queue = new UploadQueue({ upload, onChange: (u) => changes.push(u), single: true }, [
      '/img/old',
    ]);
    queue.add([file('new.png'), file('ignored.png')]);
    expect(queue.items.map((i) => i.name)).toEqual(['new.png']);
    pending[0]?.resolve('/img/new');
    await flush();
    expect(changes).toEqual([[], ['/img/new']]);
  });
});
