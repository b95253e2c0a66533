// Tells watchers when a channel changes, for the cloud datalog page's live refresh (server
// push instead of polling). Changes made in this process are told at once. Other replicas
// write to the same database, so while anyone watches, one shared check reads the watched
// channels' counters every few seconds and tells of what changed elsewhere.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** What a watcher learns: the channel's counters after the change. */
export interface ChannelChange {
  channel: string;
  records: number;
  lastRecordAt: number | null;
  /** Fields were added, removed or renamed (the list must be read again). */
  fields: boolean;
}

type Listener = (change: ChannelChange) => void;

export class ChannelEvents {
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly known = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly checkMs = 3000,
  ) {}

  /**
   * Calls `listener` on every change of `channel` after `current` (the counters the
   * watcher has seen); returns the unsubscribe function.
   */
  watch(channel: string, listener: Listener, current?: ChannelChange): () => void {
    if (current && !this.known.has(channel)) this.known.set(channel, signature(current));
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    this.timer ??= setInterval(() => void this.check(), this.checkMs).unref();
    return () => {
      set.delete(listener);
      if (set.size === 0) {
        this.listeners.delete(channel);
        this.known.delete(channel);
      }
      if (this.listeners.size === 0 && this.timer) {
        clearInterval(this.timer);
        this.timer = null;
      }
    };
  }

  /** Watchers of a channel (tests, metrics). */
  watchers(channel: string): number {
    return this.listeners.get(channel)?.size ?? 0;
  }

  /** Tells the channel's watchers of a change made in this process. */
  changed(change: ChannelChange): void {
    this.known.set(change.channel, signature(change));
    for (const listener of this.listeners.get(change.channel) ?? []) listener(change);
  }

  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.listeners.clear();
  }

  /** Reads the watched channels' counters and tells of changes made elsewhere. */
  async check(): Promise<void> {
    const ids = [...this.listeners.keys()];
    if (this.checking || ids.length === 0) return;
    this.checking = true;
    try {
      const rows = await this.db
        .selectFrom('datalog_channels')
        .select(['id', 'records', 'last_record_at'])
        .where('id', 'in', ids)
        .execute();
      for (const row of rows) {
        const change: ChannelChange = {
          channel: row.id,
          records: Number(row.records),
          lastRecordAt: row.last_record_at === null ? null : Number(row.last_record_at),
          fields: false,
        };
        const before = this.known.get(row.id);
        if (before === undefined) {
          this.known.set(row.id, signature(change));
        } else if (before !== signature(change)) {
          this.changed({ ...change, fields: true });
        }
      }
    } catch {
      // The database is away for a moment; the next check tries again.
    } finally {
      this.checking = false;
    }
  }
}

const signature = (c: ChannelChange) => `${c.records}/${c.lastRecordAt ?? ''}`;
