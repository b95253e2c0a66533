// The files of an upload component, framework-free: each chosen file is sent at once
// through the given uploader; a removed file stays recoverable for 2 s (spec §4, §9) and
// only then leaves the value. The owner hears the value (the stored files' URLs) change.

/** Removal becomes final after this long unless undone. */
export const UNDO_MS = 2000;

export type Uploader = (
  file: File,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
) => Promise<string>;

export interface UploadItem {
  id: number;
  name: string;
  /** Bytes; null for a file stored before (only its URL is known). */
  size: number | null;
  status: 'uploading' | 'done' | 'failed';
  /** 0..1 while uploading. */
  progress: number;
  url: string | null;
  /** What to show as a thumbnail (a local preview while uploading). */
  preview: string | null;
  error: unknown;
  /** Removed, waiting for the undo time to pass. */
  removing: boolean;
}

interface UploadQueueOptions {
  upload: Uploader;
  /** The URLs of the stored files, after each change of the set. */
  onChange: (urls: string[]) => void;
  /** One file only: a new one replaces the current one. */
  single: boolean;
  /** Local previews (URL.createObjectURL in a browser). */
  preview?: (file: File) => string | null;
  release?: (preview: string) => void;
}

const nameOfUrl = (url: string) =>
  decodeURIComponent(url.split(/[?#]/)[0]?.split('/').pop() ?? url);

export class UploadQueue {
  private list: UploadItem[];
  private nextId = 1;
  private readonly timers = new Map<number, ReturnType<typeof setTimeout>>();
  private readonly aborts = new Map<number, AbortController>();
  private readonly files = new Map<number, File>();
  private readonly listeners = new Set<() => void>();
  private emitted: string;

  constructor(
    private readonly options: UploadQueueOptions,
    initialUrls: readonly string[] = [],
  ) {
    this.list = initialUrls.map((url) => ({
      id: this.nextId++,
      name: nameOfUrl(url),
      size: null,
      status: 'done',
      progress: 1,
      url,
      preview: url,
      error: null,
      removing: false,
    }));
    this.emitted = JSON.stringify(initialUrls);
  }

  get items(): readonly UploadItem[] {
    return this.list;
  }

  /** Stored URLs, removals still undoable included. */
  urls(): string[] {
    return this.list.flatMap((i) => (i.status === 'done' && i.url ? [i.url] : []));
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  add(files: readonly File[]): void {
    const chosen = this.options.single ? files.slice(0, 1) : files;
    if (chosen.length === 0) return;
    if (this.options.single) for (const item of this.list) this.drop(item.id);
    for (const file of chosen) {
      const id = this.nextId++;
      this.files.set(id, file);
      this.list = [
        ...this.list,
        {
          id,
          name: file.name,
          size: file.size,
          status: 'uploading',
          progress: 0,
          url: null,
          preview: this.options.preview?.(file) ?? null,
          error: null,
          removing: false,
        },
      ];
      this.send(id, file);
    }
    this.changed();
  }

  retry(id: number): void {
    const file = this.files.get(id);
    if (!file || this.item(id)?.status !== 'failed') return;
    this.patch(id, { status: 'uploading', progress: 0, error: null });
    this.send(id, file);
  }

  /** Marks a file removed; it leaves the value after UNDO_MS unless undone. */
  remove(id: number): void {
    const item = this.item(id);
    if (!item || item.removing) return;
    // A file still uploading (or failed) was never in the value: it goes at once.
    if (item.status !== 'done') {
      this.drop(id);
      return;
    }
    this.patch(id, { removing: true });
    this.timers.set(
      id,
      setTimeout(() => this.drop(id), UNDO_MS),
    );
  }

  undo(id: number): void {
    const timer = this.timers.get(id);
    if (timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(id);
    this.patch(id, { removing: false });
  }

  dispose(): void {
    for (const timer of this.timers.values()) clearTimeout(timer);
    for (const abort of this.aborts.values()) abort.abort();
    this.timers.clear();
    this.aborts.clear();
  }

  private send(id: number, file: File): void {
    const abort = new AbortController();
    this.aborts.set(id, abort);
    this.options
      .upload(file, (fraction) => this.patch(id, { progress: Math.min(1, fraction) }), abort.signal)
      .then(
        (url) => {
          if (abort.signal.aborted) return;
          this.patch(id, { status: 'done', progress: 1, url });
          this.emit();
        },
        (error: unknown) => {
          if (abort.signal.aborted) return;
          this.patch(id, { status: 'failed', error });
        },
      )
      .finally(() => {
        if (this.aborts.get(id) === abort) this.aborts.delete(id);
      });
  }

  private drop(id: number): void {
    const item = this.item(id);
    if (!item) return;
    clearTimeout(this.timers.get(id));
    this.timers.delete(id);
    this.aborts.get(id)?.abort();
    this.aborts.delete(id);
    this.files.delete(id);
    if (item.preview && item.preview !== item.url) this.options.release?.(item.preview);
    this.list = this.list.filter((i) => i.id !== id);
    this.changed();
    this.emit();
  }

  private item(id: number): UploadItem | undefined {
    return this.list.find((i) => i.id === id);
  }

  private patch(id: number, changes: Partial<UploadItem>): void {
    if (!this.item(id)) return;
    this.list = this.list.map((i) => (i.id === id ? { ...i, ...changes } : i));
    this.changed();
  }

  private emit(): void {
    const urls = this.urls();
    const key = JSON.stringify(urls);
    if (key === this.emitted) return;
    this.emitted = key;
    this.options.onChange(urls);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }
}
