// The cloud datalog page's logic (classroom-and-labs §2 /datalog/public/{channel?}, §3
// "Datalog settings", §5, §8): which channel is open, its fields (tags), the chosen
// aggregation, period, range and field order, the aggregated series, live refresh while
// data arrives, and the spec's messages. Framework-free: it writes a plain state object that
// the app wraps in a Valtio proxy (runtime.ts) and the page reads.
//
// Live refresh is pushed: the service follows the channel's event stream and reloads when
// the server tells of a change (several changes during a reload make one more reload). A
// broken stream is opened again at once with the last event id, then after LIVE_RECONNECT_MS
// while it keeps failing; named ranges move with the clock, so
// without changes the view is still refreshed every STALE_MS.
import {
  POINTS_WARNING,
  PUBLIC_LOG_ID,
  type Aggregation,
  type ChannelEvent,
  type Channel,
  type Field,
  type FieldSort,
  type FieldUpdate,
  type Period,
  type Range,
  type Series,
} from '../../contract/datalog.ts';
import { ApiError } from '../../api/errors.ts';
import type { CloudDatalogApi } from './cloud-datalog-api.ts';

/** A stream that failed twice in a row is opened again this much later. */
const LIVE_RECONNECT_MS = 5000;
/** Without changes the series is still refreshed this often (the range moves on). */
const STALE_MS = 30_000;

/** What the page shows instead of data: a spec message, or the server's mapped text. */
export type DatalogProblem =
  | { kind: 'login' }
  | { kind: 'network' }
  | { kind: 'notFound' }
  | { kind: 'other'; message: string };

interface DatalogSettings {
  aggregation: Aggregation;
  period: Period;
  range: Range;
  sort: FieldSort;
  /** Buckets per moving average. */
  window: number;
}

interface CloudDatalogState {
  channels: Channel[];
  channelId: string;
  channel: Channel | null;
  fields: Field[];
  /** Record names the user hid from the chart. */
  hidden: string[];
  settings: DatalogSettings;
  series: Series | null;
  /** The series holds more than POINTS_WARNING points and waits for Continue (spec §5). */
  awaitingContinue: boolean;
  loading: boolean;
  live: boolean;
  problem: DatalogProblem | null;
  /** A tag rename or colour change that failed: the server's (translated) message. */
  tagError: string | null;
  /** True while the channel's event stream is open (live refresh by server push). */
  streaming: boolean;
}

const DEFAULT_CHANNEL_SETTINGS: DatalogSettings = {
  aggregation: 'mean',
  period: 'minute',
  range: 'last_hour',
  sort: 'name_asc',
  window: 5,
};

export function initialDatalogState(): CloudDatalogState {
  return {
    channels: [],
    channelId: PUBLIC_LOG_ID,
    channel: null,
    fields: [],
    hidden: [],
    settings: { ...DEFAULT_CHANNEL_SETTINGS },
    series: null,
    awaitingContinue: false,
    loading: false,
    live: true,
    problem: null,
    tagError: null,
    streaming: false,
  };
}

interface CloudDatalogDeps {
  api: CloudDatalogApi;
  state: CloudDatalogState;
  /** Minutes the viewer's clock is ahead of UTC (local days and weeks). */
  tzMinutes?: () => number;
  now?: () => number;
  setInterval?: (fn: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
  /** Waits before a stream is opened again (tests pass a short one). */
  reconnectMs?: number;
}

/** The kind of problem a failed call is. */
export function problemOf(error: unknown): DatalogProblem {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.code === 'network_error') return { kind: 'network' };
    if (error.code === 'login_required' || error.status === 401) return { kind: 'login' };
    if (error.status === 404) return { kind: 'notFound' };
    return { kind: 'other', message: error.message };
  }
  return { kind: 'other', message: String(error) };
}

const pointsIn = (series: Series) => series.series.reduce((n, s) => n + s.t.length, 0);

export class CloudDatalogService {
  private readonly state: CloudDatalogState;
  private timer: unknown = null;
  /** Increases with every load, so an older answer never overwrites a newer one. */
  private generation = 0;
  /** The query whose large answer the user accepted with Continue. */
  private continued: string | null = null;
  private loadedAt = 0;
  /** The open event stream (and which channel it follows). */
  private stream: { channel: string; stop: AbortController } | null = null;
  private refreshing: Promise<void> | null = null;
  private refreshAgain = false;

  constructor(private readonly deps: CloudDatalogDeps) {
    this.state = deps.state;
  }

  private now(): number {
    return this.deps.now?.() ?? Date.now();
  }

  private tz(): number {
    return this.deps.tzMinutes?.() ?? -new Date().getTimezoneOffset();
  }

  /** Opens a channel (the public log when none is given) and loads everything it shows. */
  async open(channelId: string | null | undefined): Promise<void> {
    const id = channelId || PUBLIC_LOG_ID;
    if (id !== this.state.channelId) {
      this.state.channel = null;
      this.state.fields = [];
      this.state.hidden = [];
      this.state.series = null;
    }
    this.state.channelId = id;
    await Promise.all([this.loadChannels(), this.reload()]);
    this.syncLive();
  }

  /** Stops live refresh (the page is leaving). */
  close(): void {
    this.stopTimer();
    this.stopStream();
  }

  async loadChannels(): Promise<void> {
    try {
      this.state.channels = await this.deps.api.channels();
    } catch (error) {
      // The picker keeps what it had; the data area reports the problem.
      if (problemOf(error).kind === 'network') this.state.problem = { kind: 'network' };
    }
  }

  /** Loads the channel, its fields and the series; `quiet` keeps the old view while loading. */
  async reload(quiet = false): Promise<void> {
    const generation = ++this.generation;
    const id = this.state.channelId;
    if (!quiet) this.state.loading = true;
    try {
      const [channel, fields] = await Promise.all([
        this.deps.api.channel(id),
        this.deps.api.fields(id, this.state.settings.sort),
      ]);
      if (generation !== this.generation) return;
      this.state.channel = channel;
      this.state.fields = fields;
      await this.loadSeries(generation);
      if (generation !== this.generation) return;
      this.state.problem = null;
      this.loadedAt = this.now();
    } catch (error) {
      if (generation !== this.generation) return;
      this.state.problem = problemOf(error);
      if (this.state.problem.kind !== 'network') {
        this.state.channel = null;
        this.state.fields = [];
        this.state.series = null;
      }
    } finally {
      if (generation === this.generation) this.state.loading = false;
    }
  }

  private queryKey(): string {
    const s = this.state.settings;
    return [
      this.state.channelId,
      s.aggregation,
      s.period,
      s.range,
      s.window,
      ...this.visible(),
    ].join('|');
  }

  private visible(): string[] {
    return this.state.fields.map((f) => f.name).filter((n) => !this.state.hidden.includes(n));
  }

  private async loadSeries(generation: number): Promise<void> {
    const fields = this.visible();
    const s = this.state.settings;
    if (fields.length === 0) {
      this.state.series = null;
      this.state.awaitingContinue = false;
      return;
    }
    const series = await this.deps.api.series(this.state.channelId, {
      aggregation: s.aggregation,
      period: s.period,
      range: s.range,
      fields,
      tz: this.tz(),
      window: s.window,
    });
    if (generation !== this.generation) return;
    this.state.series = series;
    this.state.awaitingContinue =
      pointsIn(series) > POINTS_WARNING && this.continued !== this.queryKey();
  }

  /** The user accepted drawing more than POINTS_WARNING points. */
  continueLarge(): void {
    this.continued = this.queryKey();
    this.state.awaitingContinue = false;
  }

  async configure(patch: Partial<DatalogSettings>): Promise<void> {
    this.state.settings = { ...this.state.settings, ...patch };
    await this.reload(true);
  }

  async toggleField(name: string): Promise<void> {
    const hidden = this.state.hidden;
    this.state.hidden = hidden.includes(name)
      ? hidden.filter((n) => n !== name)
      : [...hidden, name];
    await this.reload(true);
  }

  setLive(on: boolean): void {
    this.state.live = on;
    this.syncLive();
  }

  /** Renames a field's tag or changes its colour; false (and tagError) when refused. */
  async updateField(name: string, patch: FieldUpdate): Promise<boolean> {
    this.state.tagError = null;
    try {
      const field = await this.deps.api.updateField(this.state.channelId, name, patch);
      this.state.fields = this.state.fields.map((f) => (f.name === name ? field : f));
      return true;
    } catch (error) {
      const problem = problemOf(error);
      this.state.tagError =
        problem.kind === 'other' ? problem.message : (error as Error).message || problem.kind;
      if (problem.kind === 'network') this.state.problem = problem;
      return false;
    }
  }

  /** Creates a channel owned by the signed-in user; its id, or null (problem set). */
  async createChannel(name: string, isPublic: boolean): Promise<string | null> {
    try {
      const channel = await this.deps.api.createChannel({ name, isPublic });
      await this.loadChannels();
      return channel.id;
    } catch (error) {
      this.state.problem = problemOf(error);
      return null;
    }
  }

  /**
   * Deletes a field and all its records (the owner; a moderator on the public log). The
   * reason when refused, or null; the page shows it under the spec's 'Delete field error'.
   */
  async deleteField(name: string): Promise<string | null> {
    try {
      await this.deps.api.deleteField(this.state.channelId, name);
    } catch (error) {
      const problem = problemOf(error);
      if (problem.kind === 'network') this.state.problem = problem;
      return problem.kind === 'other' ? problem.message : (error as Error).message || problem.kind;
    }
    this.state.fields = this.state.fields.filter((f) => f.name !== name);
    this.state.hidden = this.state.hidden.filter((n) => n !== name);
    await this.refresh();
    return null;
  }

  /** Reloads quietly; while a reload runs, further calls make one more reload after it. */
  refresh(): Promise<void> {
    if (this.refreshing) {
      this.refreshAgain = true;
      return this.refreshing;
    }
    this.refreshing = this.reload(true).finally(() => {
      this.refreshing = null;
      if (this.refreshAgain) {
        this.refreshAgain = false;
        void this.refresh();
      }
    });
    return this.refreshing;
  }

  /** The server told of the channel's counters: reload when they are not what is shown. */
  private changed(event: ChannelEvent): void {
    if (event.channel !== this.state.channelId) return;
    const shown = this.state.channel;
    const same =
      shown !== null &&
      shown.records === event.records &&
      shown.lastRecordAt === event.lastRecordAt &&
      !event.fields &&
      this.state.problem === null;
    if (!same) void this.refresh();
  }

  /**
   * Follows the channel's event stream until stopped, opening it again when it breaks: at
   * once the first time (behind a balancer another replica answers; a server that stops
   * ends its streams), then after LIVE_RECONNECT_MS. The stream opened again names the last
   * event seen, so no change is missed or told twice.
   */
  private async follow(channel: string, stop: AbortController): Promise<void> {
    let lastEventId: string | null = null;
    let quick = true;
    while (!stop.signal.aborted) {
      try {
        await this.deps.api.watch(
          channel,
          (event, eventId) => {
            this.state.streaming = true;
            if (eventId !== null) lastEventId = eventId;
            quick = true;
            this.changed(event);
          },
          stop.signal,
          lastEventId,
        );
      } catch (error) {
        if (stop.signal.aborted) return;
        const problem = problemOf(error);
        if (problem.kind !== 'network') {
          // A refusal (login, not found) is the data area's to show; the next open() of
          // the channel (after a login, say) follows it again.
          if (this.stream?.stop === stop) this.stream = null;
          return;
        }
        this.state.problem = problem;
      }
      if (stop.signal.aborted) return;
      this.state.streaming = false;
      const wait = quick ? 0 : (this.deps.reconnectMs ?? LIVE_RECONNECT_MS);
      quick = false;
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        stop.signal.addEventListener('abort', () => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  private syncLive(): void {
    if (!this.state.live) {
      this.stopTimer();
      this.stopStream();
      return;
    }
    if (this.stream?.channel !== this.state.channelId) {
      this.stopStream();
      const stop = new AbortController();
      this.stream = { channel: this.state.channelId, stop };
      void this.follow(this.state.channelId, stop);
    }
    if (this.timer === null) {
      const every = this.deps.setInterval ?? ((fn, ms) => setInterval(fn, ms));
      // Named ranges move with the clock: refresh now and then even without changes.
      this.timer = every(() => {
        if (this.now() - this.loadedAt >= STALE_MS) void this.refresh();
      }, STALE_MS);
    }
  }

  private stopStream(): void {
    this.stream?.stop.abort();
    this.stream = null;
    this.state.streaming = false;
  }

  private stopTimer(): void {
    if (this.timer === null) return;
    const clear = this.deps.clearInterval ?? ((h) => clearInterval(h as number));
    clear(this.timer);
    this.timer = null;
  }
}
