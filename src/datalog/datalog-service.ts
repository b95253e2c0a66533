// The offline datalog (spec classroom §2 `/datalog/offline`, board-protocol §5): reads the
// board's log (category 20, command 2), clears it (command 3), imports a saved log file and
// exports CSV. Framework-free; the UI reads it through `runtime.ts`.
//
// During a read, response packets are rebuilt into 64-byte reports and pushed to the core
// worker in batches (at most every 100 ms), where core-rs reassembles the sections and
// decodes records straight into columns. The decoded log stays in the worker: the chart
// asks it for downsampled windows, the CSV export for bytes, and the page never holds a
// per-record object. A read ends with one outcome; whatever was decoded is always kept.
//
// A read that did not deliver every record the board announced (the board went quiet, the
// stream lost packets on its way) is read again: the protocol reads only the whole log
// (board-protocol §2.6), so the board sends all of it once more, and core-rs names the
// records the first read lacked by comparing the two. At most MAX_READS reads; the outcome
// then says which records were read again, or which are still missing.
import { WorkerCrashedError } from '../bridge/worker-bridge.ts';
import type { DeviceConnection, DeviceError } from '../device/device.ts';
import { clearDatalog, readDatalog } from '../device/protocol/commands.ts';
import type { DatalogHandle, DatalogSeries, DatalogSummary } from '../core/wasm-core.ts';
import type { CsvLayout } from '../core/datalog-ops.ts';
import { StateHolder } from '../core/state-holder.ts';
import type { DatalogCore } from './datalog-core.ts';

/** How a read, clear or import ended (the page's message comes from it). */
type DatalogOutcome =
  /** Every section arrived. */
  | 'complete'
  /** Status 3: the board has no log. */
  | 'empty'
  /** Status 2: the board could not read its log. */
  | 'failed'
  /** The link dropped mid-read; what was read is kept. */
  | 'disconnected'
  /** The board stopped sending mid-read; what was read is kept. */
  | 'timeout'
  /** The stream stopped making sense (`detail.code`); what was decoded is kept. */
  | 'partial'
  | 'not-connected'
  /** The command could not be sent (`detail.code` is the DeviceError code). */
  | 'send-failed'
  | 'cleared'
  | 'imported'
  /** `detail.code`: `bad-csv` (with `detail.line`), `bad-file`, or a core error. */
  | 'import-failed'
  | 'exported'
  | 'export-failed'
  /** The plugin said no board is there: the log read from the board was cleared. */
  | 'board-absent'
  /** A read, import or export stopped on an error of the page's own (the worker crashed). */
  | 'unexpected';

interface LoadedLog {
  handle: DatalogHandle;
  source: 'board' | 'file';
  fileName: string | null;
  records: number;
  /** Series labels by series id (the chart's legend and the CSV's `series`). */
  labels: string[];
  /** Bytes per record (board reads), null for files and unknown. */
  format: 10 | 16 | null;
  /** False while a read is running. */
  complete: boolean;
  /** Wall-clock ms when the read or import started (the "auto" date offset uses it). */
  loadedAt: number;
}

/** Record ranges `[start, end)`, 0-based (the page shows them from 1). */
export type RecordRanges = [number, number][];

export interface DatalogState {
  busy: 'reading' | 'clearing' | 'importing' | 'exporting' | null;
  /** Percent of the announced bytes received (reading; a read again starts from 0). */
  percent: number;
  /** While the log is read again because records were missing: which read this is. */
  reread: { read: number; of: number } | null;
  outcome: DatalogOutcome | null;
  detail: {
    code?: string;
    line?: number;
    records?: number;
    /** Records the first read lacked and a later read delivered. */
    reread?: RecordRanges;
    /** Records still missing when the read ended: where, when known… */
    missing?: RecordRanges;
    /** …else how many (the stream lost them somewhere). */
    missingCount?: number;
  };
  log: LoadedLog | null;
  /** Bumps whenever the log's data changed (new records during a read, a new log). */
  revision: number;
}

interface DatalogServiceOptions {
  /** No packet for this long ends a read as `timeout` (default 5 s). */
  timeoutMs?: number;
  /** Batches go to the worker at least this often during a read (default 100 ms). */
  flushMs?: number;
  /** The log's revision bumps at most this often during a read (default 500 ms: ≤ 2 Hz). */
  refreshMs?: number;
  /** Time and timers (default the page's); tests and benches pass a link's virtual clock. */
  clock?: DatalogClock;
}

/** The service's time: its timeout, flushes and refreshes all run on it. */
interface DatalogClock {
  /** Milliseconds since some origin. */
  now(): number;
  /** Calls `fn` after `ms`; returns a function that cancels it. */
  setTimer(ms: number, fn: () => void): () => void;
}

const pageClock: DatalogClock = {
  now: () => performance.now(),
  setTimer(ms, fn) {
    const handle = setTimeout(fn, ms);
    return () => clearTimeout(handle);
  },
};

type Device = Pick<DeviceConnection, 'snapshot' | 'on' | 'send'>;

const PACKET = 64;
/** Packets per batch before an early flush. */
const BATCH_PACKETS = 512;
const FINAL_PHASES = new Set(['done', 'empty', 'failed', 'stopped']);
/** The first read and at most two more when records were missing. */
const MAX_READS = 3;

/** A readable label: the name (and field, for 16-byte records), or the index. */
function seriesLabel(s: DatalogSeries, id: number): string {
  const name = s.name ?? `#${s.nameIndex}`;
  if (s.fieldIndex === null) return name || `#${id}`;
  return `${name}/${s.field ?? `#${s.fieldIndex}`}`;
}

export class DatalogService {
  private readonly holder = new StateHolder<DatalogState>({
    busy: null,
    percent: 0,
    reread: null,
    outcome: null,
    detail: {},
    log: null,
    revision: 0,
  });
  private readonly timeoutMs: number;
  private readonly flushMs: number;
  private readonly refreshMs: number;
  private readonly clock: DatalogClock;

  constructor(
    private readonly device: Device,
    private readonly core: DatalogCore,
    options: DatalogServiceOptions = {},
  ) {
    this.timeoutMs = options.timeoutMs ?? 5000;
    this.flushMs = options.flushMs ?? 100;
    this.refreshMs = options.refreshMs ?? 500;
    this.clock = options.clock ?? pageClock;
    // Spec core §4: an empty plugin message clears the board's data, its log included.
    device.on('cleared', ({ reason }) => {
      if (reason === 'board-absent') void this.boardAbsent();
    });
  }

  private get state(): DatalogState {
    return this.holder.get();
  }

  get snapshot(): DatalogState {
    return this.holder.get();
  }

  subscribe(listener: (s: DatalogState) => void): () => void {
    return this.holder.subscribe(listener);
  }

  /**
   * Runs a read, import or export; one that throws (the core worker crashed, say) still ends,
   * so the page is not left busy with its buttons off. A crashed worker took the log's columns
   * with it, so the page stops showing a log whose chart and export could only fail.
   */
  private async ending(job: () => Promise<DatalogState>): Promise<DatalogState> {
    try {
      return await job();
    } catch (error) {
      console.error(error);
      const ended = { busy: null, reread: null, outcome: 'unexpected', detail: {} } as const;
      if (!(error instanceof WorkerCrashedError) || !this.state.log) return this.set(ended);
      return this.set({ ...ended, log: null, revision: this.state.revision + 1 });
    }
  }

  /** Reads the board's log; resolves when the read ended (see `outcome`). */
  read(): Promise<DatalogState> {
    if (this.state.busy) return Promise.resolve(this.state);
    return this.ending(() => this.readLog());
  }

  private async readLog(): Promise<DatalogState> {
    if (this.device.snapshot.status !== 'connected') {
      return this.set({ outcome: 'not-connected', detail: {} });
    }
    this.set({ busy: 'reading', percent: 0, reread: null, outcome: null, detail: {} });
    await this.closeLog();
    const opened = await this.core.datalogOpen('auto');
    if (!opened.ok) {
      return this.set({ busy: null, outcome: 'partial', detail: { code: opened.error.code } });
    }
    let kept = opened.value;
    const log: LoadedLog = {
      handle: kept,
      source: 'board',
      fileName: null,
      records: 0,
      labels: [],
      format: null,
      complete: false,
      loadedAt: Date.now(),
    };
    this.set({ log, revision: this.state.revision + 1 });
    const first = await new ReadPass(this, kept, true).run();
    let best = first;
    let last = first;
    let reread: RecordRanges | undefined;
    // Records are missing: read the whole log again (the only read the protocol has) while
    // the first read stays on the chart, and keep the read that holds the most.
    for (let read = 2; read <= MAX_READS && needsReread(last); read++) {
      if (this.device.snapshot.status !== 'connected') break;
      this.set({ reread: { read, of: MAX_READS }, percent: 0 });
      const again = await this.core.datalogOpen('auto');
      if (!again.ok) break;
      last = await new ReadPass(this, again.value, false).run();
      if (passOutcome(last) === 'complete') {
        const missing = await this.core.datalogMissing(kept, again.value);
        // A log that changed on the board between the reads was read again whole.
        const ranges = missing.ok ? missing.value : null;
        reread = ranges ?? [[0, last.records]];
        await this.core.datalogClose(kept);
        kept = again.value;
        best = last;
        break;
      }
      if (last.records > best.records) {
        await this.core.datalogClose(kept);
        kept = again.value;
        best = last;
      } else {
        await this.core.datalogClose(again.value);
      }
    }
    // A board that went away during a later read: that is what the user must hear.
    const outcome = last.reason === 'disconnected' ? 'disconnected' : passOutcome(best);
    const summary = best.summary;
    const current = this.state.log;
    const next: LoadedLog | null =
      current && current.handle === log.handle
        ? {
            ...current,
            handle: kept,
            records: best.records,
            labels: summary ? summary.series.map(seriesLabel) : current.labels,
            format: summary?.recordFormat ?? null,
            complete: true,
          }
        : current;
    const code =
      best.code ?? (outcome === 'partial' ? summary?.error?.code : undefined) ?? undefined;
    return this.set({
      busy: null,
      reread: null,
      percent: summary?.percent ?? this.state.percent,
      outcome,
      detail: {
        records: best.records,
        ...(code ? { code } : {}),
        ...(reread && reread.length > 0 ? { reread } : {}),
        ...(outcome === 'complete' ? {} : missingRecords(best)),
      },
      log: next,
      revision: this.state.revision + 1,
    });
  }

  /** Clears the board's log (no reply, board-protocol §2.6). */
  async clear(): Promise<DatalogState> {
    if (this.state.busy) return this.state;
    if (this.device.snapshot.status !== 'connected') {
      return this.set({ outcome: 'not-connected', detail: {} });
    }
    this.set({ busy: 'clearing', outcome: null, detail: {} });
    try {
      await this.device.send(clearDatalog());
      return this.set({ busy: null, outcome: 'cleared', detail: {} });
    } catch (e) {
      return this.set({
        busy: null,
        outcome: 'send-failed',
        detail: { code: (e as DeviceError).code ?? 'write-failed' },
      });
    }
  }

  /**
   * Opens a saved log: this app's CSV export (or the plot lab's), or a raw capture of a
   * read (the board's packets back to back, 64 or 63 bytes each).
   */
  importFile(name: string, bytes: Uint8Array): Promise<DatalogState> {
    if (this.state.busy) return Promise.resolve(this.state);
    return this.ending(() => this.importBytes(name, bytes));
  }

  private async importBytes(name: string, bytes: Uint8Array): Promise<DatalogState> {
    this.set({ busy: 'importing', outcome: null, detail: {} });
    await this.closeLog();
    const fail = (code: string, line?: number) =>
      this.set({
        busy: null,
        outcome: 'import-failed',
        detail: line === undefined ? { code } : { code, line },
      });
    if (looksLikeText(bytes)) {
      const r = await this.core.datalogFromCsv(bytes);
      if (!r.ok) return fail(r.error.code, r.error.line);
      return this.loaded({
        handle: r.value.handle,
        source: 'file',
        fileName: name,
        records: r.value.records,
        labels: r.value.names,
        format: null,
        complete: true,
        loadedAt: Date.now(),
      });
    }
    const stride = bytes.length % PACKET === 0 ? PACKET : bytes.length % 63 === 0 ? 63 : 0;
    if (stride === 0 || bytes[0] !== 20) return fail('bad-file');
    // Open, push, end: the decoded columns stay in the worker (no copy to this thread).
    const opened = await this.core.datalogOpen('auto');
    if (!opened.ok) return fail(opened.error.code);
    const handle = opened.value;
    const pushed = await this.core.datalogPush(handle, bytes, stride);
    const ended = pushed.ok ? await this.core.datalogEnd(handle) : pushed;
    if (!ended.ok || ended.value.records === 0) {
      await this.core.datalogClose(handle);
      return fail(ended.ok ? 'bad-file' : ended.error.code);
    }
    const s = ended.value;
    return this.loaded({
      handle,
      source: 'file',
      fileName: name,
      records: s.records,
      labels: s.series.map(seriesLabel),
      format: s.recordFormat,
      complete: s.status === 'complete',
      loadedAt: Date.now(),
    });
  }

  /** The whole log as CSV bytes (built in the worker), or null when it failed: `long` one
   * row per record (what import reads), `wide` one column per series. */
  async exportCsv(offsetMs: number, layout: CsvLayout = 'long'): Promise<Uint8Array | null> {
    const log = this.state.log;
    if (!log || this.state.busy) return null;
    this.set({ busy: 'exporting' });
    let bytes: Uint8Array | null = null;
    await this.ending(async () => {
      const r = await this.core.datalogCsv(log.handle, log.labels, offsetMs, layout);
      if (r.ok) bytes = r.value;
      return r.ok
        ? this.set({ busy: null, outcome: 'exported', detail: { records: log.records } })
        : this.set({ busy: null, outcome: 'export-failed', detail: { code: r.error.code } });
    });
    return bytes;
  }

  /** The board went away behind the plugin: a log read from it goes too (a file stays). */
  private async boardAbsent(): Promise<void> {
    if (this.state.busy || this.state.log?.source !== 'board') return;
    await this.closeLog();
    this.set({ outcome: 'board-absent', detail: {}, percent: 0 });
  }

  /** Forgets the log (frees it in the worker). */
  async discard(): Promise<void> {
    if (this.state.busy) return;
    await this.closeLog();
    this.set({ outcome: null, detail: {}, percent: 0 });
  }

  // ---- for ReadPass ---------------------------------------------------------------------

  /** @internal */
  get deps() {
    return {
      device: this.device,
      core: this.core,
      timeoutMs: this.timeoutMs,
      flushMs: this.flushMs,
      refreshMs: this.refreshMs,
      clock: this.clock,
    };
  }

  /** @internal */
  set(change: Partial<DatalogState>): DatalogState {
    return this.holder.patch(change);
  }

  private loaded(log: LoadedLog): DatalogState {
    return this.set({
      busy: null,
      outcome: 'imported',
      detail: { records: log.records },
      log,
      percent: 100,
      revision: this.state.revision + 1,
    });
  }

  private async closeLog(): Promise<void> {
    const log = this.state.log;
    if (!log) return;
    this.set({ log: null, revision: this.state.revision + 1 });
    await this.core.datalogClose(log.handle);
  }
}

/** Text files (CSV) start with printable characters; packet captures with byte 20. */
function looksLikeText(bytes: Uint8Array): boolean {
  const head = bytes.subarray(0, Math.min(bytes.length, 64));
  if (head.length === 0) return true;
  return head.every((b) => b === 9 || b === 10 || b === 13 || (b >= 32 && b !== 127) || b >= 0xef);
}

/** How one read of the board's log ended. */
interface PassEnd {
  reason: 'stream' | 'disconnected' | 'timeout' | 'send-failed';
  /** The DeviceError code of a command that could not be sent. */
  code?: string;
  summary: DatalogSummary | null;
  /** The decoder reached a final phase (the board's stream ended it). */
  finalPhase: boolean;
  records: number;
}

/**
 * One read of the board's log into `handle`, from the command to its end. A `visible` read
 * fills the log on the page as it goes; a read again only moves the progress.
 */
class ReadPass {
  private batch = new Uint8Array(BATCH_PACKETS * PACKET);
  private inBatch = 0;
  private chain: Promise<unknown> = Promise.resolve();
  private offs: (() => void)[] = [];
  private cancelFlush: (() => void) | undefined;
  private cancelWatchdog: (() => void) | undefined;
  private lastPacketAt = 0;
  private lastRefresh = 0;
  private records = 0;
  private ending = false;
  private finalPhase = false;
  private resolve: (end: PassEnd) => void = () => {};

  constructor(
    private readonly service: DatalogService,
    private readonly handle: DatalogHandle,
    private readonly visible: boolean,
  ) {}

  run(): Promise<PassEnd> {
    const { device, timeoutMs, clock } = this.service.deps;
    const now = () => clock.now();
    const done = new Promise<PassEnd>((resolve) => (this.resolve = resolve));
    this.lastPacketAt = now();
    this.offs = [
      device.on('response', (r) => {
        // Other commands' replies (firmware acks) share packet type 20.
        if (r.command !== 2 || this.ending) return;
        this.add(r.status, r.payload);
      }),
      // Packets count as they reach the page, before they are decoded: a busy decoder
      // is no silence of the board.
      device.on('raw', (r) => {
        if (r[0] === 20 && r[2] === 2) this.lastPacketAt = now();
      }),
      device.on('state', (s) => {
        if (s.status !== 'connected') void this.end('disconnected');
      }),
    ];
    const every = Math.min(500, timeoutMs);
    let tickAt = now();
    const tick = () => {
      const t = now();
      const late = t - tickAt > 2 * every;
      tickAt = t;
      // A page that could not run its timers (a saturated CPU, a long task) could not hear
      // the board either: its silence is counted again from now.
      if (late) this.lastPacketAt = t;
      else if (t - this.lastPacketAt > timeoutMs) return void this.end('timeout');
      this.cancelWatchdog = clock.setTimer(every, tick);
    };
    this.cancelWatchdog = clock.setTimer(every, tick);
    device.send(readDatalog()).catch((e: unknown) => {
      void this.end('send-failed', (e as DeviceError).code ?? 'write-failed');
    });
    return done;
  }

  private add(status: number, payload: Uint8Array): void {
    this.lastPacketAt = this.service.deps.clock.now();
    const at = this.inBatch * PACKET;
    this.batch[at] = 20;
    this.batch[at + 1] = Math.min(payload.length, 60);
    this.batch[at + 2] = 2;
    this.batch[at + 3] = status;
    this.batch.set(payload.subarray(0, 60), at + 4);
    this.inBatch++;
    // A section end may be the read's last packet: send it at once.
    const last = status >= 2;
    if (this.inBatch >= BATCH_PACKETS || last) this.flush();
    else
      this.cancelFlush ??= this.service.deps.clock.setTimer(this.service.deps.flushMs, () =>
        this.flush(),
      );
  }

  private flush(): void {
    this.cancelFlush?.();
    this.cancelFlush = undefined;
    if (this.inBatch === 0) return;
    const packets = this.batch.slice(0, this.inBatch * PACKET);
    this.inBatch = 0;
    const { core, clock, refreshMs } = this.service.deps;
    const now = () => clock.now();
    this.chain = this.chain.then(async () => {
      const r = await core.datalogPush(this.handle, packets);
      if (!r.ok || this.ending) return;
      const p = r.value;
      this.records = p.records;
      const refresh = this.visible && now() - this.lastRefresh >= refreshMs;
      if (refresh) this.lastRefresh = now();
      // The names table comes before the records: a refresh names the series so far, so
      // the chart's legend is final from the first draw.
      const summary = refresh ? await core.datalogSummary(this.handle) : null;
      if (this.ending) return;
      const log = this.service.snapshot.log;
      this.service.set({
        percent: p.percent,
        ...(refresh && log && log.handle === this.handle
          ? {
              log: {
                ...log,
                records: p.records,
                labels: summary?.ok ? summary.value.series.map(seriesLabel) : log.labels,
              },
              revision: this.service.snapshot.revision + 1,
            }
          : {}),
      });
      if (FINAL_PHASES.has(p.phase)) {
        this.finalPhase = true;
        void this.end('stream');
      }
    });
  }

  private async end(reason: PassEnd['reason'], code?: string) {
    if (this.ending) return;
    this.ending = true;
    this.offs.forEach((off) => off());
    this.cancelWatchdog?.();
    // What arrived before the end still counts.
    this.flush();
    await this.chain;
    const ended = await this.service.deps.core.datalogEnd(this.handle);
    const summary = ended.ok ? ended.value : null;
    this.resolve({
      reason,
      ...(code ? { code } : {}),
      summary,
      finalPhase: this.finalPhase,
      records: summary?.records ?? this.records,
    });
  }
}

function passOutcome(end: PassEnd): DatalogOutcome {
  return outcomeOf(end.reason, end.summary, end.finalPhase);
}

/** The board is there and answered, but not with every record it announced. */
function needsReread(end: PassEnd): boolean {
  const outcome = passOutcome(end);
  return outcome === 'timeout' || outcome === 'partial';
}

/**
 * What an incomplete read lacks: a read that stopped early lacks the records after the
 * last one it got; a stream that lost packets in the middle says only how many are gone.
 */
function missingRecords(end: PassEnd): Pick<DatalogState['detail'], 'missing' | 'missingCount'> {
  const s = end.summary;
  const size = s?.recordFormat ?? null;
  if (!s || !size || s.recordBytes === 0) return {};
  const expected = Math.floor(s.recordBytes / size);
  if (expected <= end.records) return {};
  // The records section ended at the board's end mark but short: packets went missing
  // somewhere in it. Any other end (quiet, gone, a stream that stopped making sense) keeps
  // the records before it.
  if (end.reason === 'stream' && s.error?.code === 'records-length') {
    return { missingCount: expected - end.records };
  }
  return { missing: [[end.records, expected]] };
}

function outcomeOf(
  reason: 'stream' | 'disconnected' | 'timeout' | 'send-failed',
  s: DatalogSummary | null,
  finalPhase: boolean,
): DatalogOutcome {
  if (s?.status === 'empty') return 'empty';
  if (s?.phase === 'failed') return 'failed';
  if (s?.status === 'complete' && finalPhase) return 'complete';
  if (reason === 'stream') return 'partial';
  return reason;
}
