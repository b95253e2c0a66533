// The student's own latest program per lesson (docs/classroom.md "Lesson work"), kept as
// they work: at once in this browser, and a moment later on the server when they are signed
// in (PUT /lesson/{uuid}/work). Start lesson asks `latest()` for the program to resume: work
// this browser has not sent yet is the newest there is; otherwise the server's, which may come
// from another computer; the browser's copy when the server cannot be reached or nobody is
// signed in. Framework-free: the calls, the storage and the user come in as functions.

/** One lesson's kept work in this browser. */
interface KeptWork {
  code: string;
  /** The class the work is for (null: the student's only class with the lesson). */
  classUuid: string | null;
  /** When it was kept here (ms since the epoch). */
  at: number;
  /** The server has this very program. */
  sent: boolean;
}

/** Where the work stands: being sent, on the server, or only in this browser. */
export type WorkStatus = 'keeping' | 'kept' | 'local';

export interface LessonWorkDeps {
  /** The server's copy (code null when there is none). */
  fetch: (lessonUuid: string, classUuid: string | null) => Promise<{ code: string | null }>;
  send: (lessonUuid: string, code: string, classUuid: string | null) => Promise<unknown>;
  storage: { read(): string | null; write(text: string): void };
  /** The signed-in user's id; null when nobody is (the work stays in this browser). */
  userId: () => string | null;
  now?: () => number;
}

/** Pause after a change before the work goes to the server. */
export const SEND_DELAY_MS = 1500;
/** A send that failed is tried again after this long (and with every change). */
export const RETRY_MS = 30_000;
/** Lessons kept in this browser; those the server already has go first. */
export const KEPT_LESSONS_MAX = 30;

interface Pending {
  key: string;
  lessonUuid: string;
}

export class LessonWorkKeeper {
  private pending: Pending | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private sending: Promise<void> | null = null;
  private state: { lessonUuid: string; status: WorkStatus } | null = null;
  private readonly listeners = new Set<() => void>();
  private readonly now: () => number;

  constructor(private readonly deps: LessonWorkDeps) {
    this.now = deps.now ?? Date.now;
  }

  /** The status of the lesson's work as this browser knows it (null: nothing kept yet). */
  status(lessonUuid: string): WorkStatus | null {
    return this.state?.lessonUuid === lessonUuid ? this.state.status : null;
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Keeps the lesson's program now in this browser, and soon on the server. */
  keep(lessonUuid: string, classUuid: string | null, code: string): void {
    const key = this.key(lessonUuid);
    const all = this.read();
    const before = all[key];
    if (before && before.code === code && before.classUuid === classUuid) {
      if (before.sent) return;
    } else {
      all[key] = { code, classUuid, at: this.now(), sent: false };
      this.write(all);
    }
    if (this.deps.userId() === null) {
      this.setStatus(lessonUuid, 'local');
      return;
    }
    this.pending = { key, lessonUuid };
    this.setStatus(lessonUuid, 'keeping');
    this.schedule(SEND_DELAY_MS);
  }

  /** Sends the work waiting to go, now (before the page goes, or another lesson opens). */
  async flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.sending;
    if (this.pending) await this.send();
  }

  /**
   * The student's latest program for the lesson: this browser's when the server does not
   * have it yet, else the server's, else (server unreachable) this browser's; null for none.
   */
  async latest(lessonUuid: string, classUuid: string | null): Promise<string | null> {
    await this.flush();
    const mine = this.read()[this.key(lessonUuid)];
    const local =
      mine && (classUuid === null || mine.classUuid === null || mine.classUuid === classUuid)
        ? mine
        : undefined;
    if (local && !local.sent) {
      // Newer than anything the server has: it goes there too, on the way.
      if (this.deps.userId() !== null) {
        this.pending = { key: this.key(lessonUuid), lessonUuid };
        void this.send();
      }
      return local.code;
    }
    if (this.deps.userId() === null) return local?.code ?? null;
    try {
      const { code } = await this.deps.fetch(lessonUuid, classUuid);
      return code ?? local?.code ?? null;
    } catch {
      return local?.code ?? null;
    }
  }

  private schedule(ms: number): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.send();
    }, ms);
  }

  private async send(): Promise<void> {
    const pending = this.pending;
    if (!pending || this.sending) return;
    const work = this.read()[pending.key];
    if (!work || work.sent) {
      this.pending = null;
      return;
    }
    const run = async () => {
      try {
        await this.deps.send(pending.lessonUuid, work.code, work.classUuid);
        const all = this.read();
        const now = all[pending.key];
        // Kept again while it was on its way: that newer program still has to go.
        if (now && now.code === work.code) {
          all[pending.key] = { ...now, sent: true };
          this.write(all);
          if (this.pending?.key === pending.key) this.pending = null;
          this.setStatus(pending.lessonUuid, 'kept');
        } else {
          this.schedule(SEND_DELAY_MS);
        }
      } catch {
        this.setStatus(pending.lessonUuid, 'local');
        this.schedule(RETRY_MS);
      }
    };
    this.sending = run();
    try {
      await this.sending;
    } finally {
      this.sending = null;
    }
  }

  private key(lessonUuid: string): string {
    return `${this.deps.userId() ?? ''}\n${lessonUuid}`;
  }

  private setStatus(lessonUuid: string, status: WorkStatus): void {
    if (this.state?.lessonUuid === lessonUuid && this.state.status === status) return;
    this.state = { lessonUuid, status };
    for (const listener of this.listeners) listener();
  }

  private read(): Record<string, KeptWork> {
    try {
      const value: unknown = JSON.parse(this.deps.storage.read() ?? '{}');
      if (typeof value !== 'object' || value === null || Array.isArray(value)) return {};
      return Object.fromEntries(
        Object.entries(value as Record<string, unknown>).filter(([, w]) => isKeptWork(w)),
      ) as Record<string, KeptWork>;
    } catch {
      return {};
    }
  }

  private write(all: Record<string, KeptWork>): void {
    // Beyond the limit, the work the server has goes first, then the oldest.
    const entries = Object.entries(all)
      .sort(([, a], [, b]) => Number(a.sent) - Number(b.sent) || b.at - a.at)
      .slice(0, KEPT_LESSONS_MAX);
    try {
      this.deps.storage.write(JSON.stringify(Object.fromEntries(entries)));
    } catch {
      // Storage full: the server copy (when signed in) is what remains.
    }
  }
}

function isKeptWork(value: unknown): value is KeptWork {
  if (typeof value !== 'object' || value === null) return false;
  const w = value as Record<string, unknown>;
  return (
    typeof w.code === 'string' &&
    (w.classUuid === null || typeof w.classUuid === 'string') &&
    typeof w.at === 'number' &&
    typeof w.sent === 'boolean'
  );
}
