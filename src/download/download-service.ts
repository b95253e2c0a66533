// The download flow of spec core §4, framework-free: check the connection, the board and
// its firmware; filter and compile; check the length; write the program paced (timed off
// the main thread by the device layer); set the autorun state; with run-after-download
// start the program 500 ms later. Failures are one typed DownloadError; the UI picks the
// message (src/download/messages.ts).
import type { LogoVersion } from '../core/wasm-core.ts';
import { isFirmwareSupported, minimumFirmware } from '../device/board-state.ts';
import { ConnectionType, DeviceError, type DeviceConnection } from '../device/device.ts';
import * as cmd from '../device/protocol/commands.ts';
import type { CompileFailure, CompileService, CompileTarget } from './compile-service.ts';
import { MAX_BYTE_CODE } from './compile-service.ts';
import { downloadPlan, RUN_AFTER_DOWNLOAD_MS } from './download-plan.ts';

/** Why a download did not happen: a device failure, or the compile's (spec core §8). */
export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  constructor(
    readonly reason:
      | { type: 'device'; error: DeviceError }
      | { type: 'compile'; failure: CompileFailure }
      | { type: 'busy' },
  ) {
    super(
      reason.type === 'device'
        ? reason.error.message
        : reason.type === 'compile'
          ? reason.failure.kind
          : 'a download is running',
    );
  }
}

export type DownloadPhase = 'checking' | 'compiling' | 'writing' | 'running';

export interface DownloadProgress {
  phase: DownloadPhase;
  /** Commands the board took, of `total` (while writing). */
  done: number;
  total: number;
}

interface DownloadResult {
  bytes: number;
  autoRunState: boolean;
  version: LogoVersion;
  target: CompileTarget;
  /** Wall-clock milliseconds of the write phase. */
  writeMs: number;
  /** The program was started after the download (run after download). */
  started: boolean;
}

/** The Logo filter of spec core §5 (in the core worker). */
interface LogoFilter {
  filterLogo(
    source: string,
  ): Promise<{ ok: true } | { ok: false; error: { message: string; line?: number } }>;
}

interface DownloadServiceOptions {
  device: DeviceConnection;
  compiler: CompileService;
  filter: LogoFilter;
  runAfterDownload: () => boolean;
  /** The board type chosen for display (named in the mismatch message). */
  displayBoard: () => number;
  delay?: (ms: number) => Promise<void>;
  now?: () => number;
}

const defaultDelay = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

export class DownloadService {
  private busy = false;

  constructor(private readonly options: DownloadServiceOptions) {}

  get downloading(): boolean {
    return this.busy;
  }

  /** Checks the link and the board before anything else (spec core §4, §5). */
  checkBoard(): void {
    const { device } = this.options;
    const s = device.snapshot;
    if (s.status !== 'connected') {
      const plugin = s.transport === 'plugin' || s.reconnecting;
      throw device_(plugin ? 'plugin-not-connected' : 'not-connected');
    }
    if (s.board.boardType === 0) {
      // A remote link without a board: its station or the broker is gone for now (§8).
      throw device_(s.connectionType === ConnectionType.remote ? 'board-offline' : 'not-connected');
    }
    if (!device.isBoardMatch()) {
      throw new DownloadError({
        type: 'device',
        error: new DeviceError('board-mismatch', 'board mismatch', {
          boardType: this.options.displayBoard(),
        }),
      });
    }
    const { boardType, firmwareVersion } = s.board;
    if (!isFirmwareSupported(boardType, firmwareVersion)) {
      throw new DownloadError({
        type: 'device',
        error: new DeviceError('firmware-too-old', `firmware ${firmwareVersion}`, {
          minimum: minimumFirmware(boardType) ?? 0,
          boardType,
        }),
      });
    }
  }

  async download(
    logo: string,
    onProgress: (p: DownloadProgress) => void = () => {},
  ): Promise<DownloadResult> {
    if (this.busy) throw new DownloadError({ type: 'busy' });
    this.busy = true;
    try {
      return await this.run(logo, onProgress);
    } finally {
      this.busy = false;
    }
  }

  /** Starts (1) or stops (0) the program on the board. */
  async control(action: 0 | 1): Promise<void> {
    this.checkBoard();
    await this.send(() => this.options.device.send(cmd.logoControl(action)));
  }

  private async run(
    logo: string,
    onProgress: (p: DownloadProgress) => void,
  ): Promise<DownloadResult> {
    const { device, compiler, filter } = this.options;
    const now = this.options.now ?? (() => performance.now());
    onProgress({ phase: 'checking', done: 0, total: 0 });
    this.checkBoard();
    const filtered = await filter.filterLogo(logo);
    if (!filtered.ok) {
      const { message, line } = filtered.error;
      throw new DownloadError({
        type: 'compile',
        failure: { kind: 'rejected', message, code: 'invalid-input', ...(line ? { line } : {}) },
      });
    }
    onProgress({ phase: 'compiling', done: 0, total: 0 });
    const board = device.snapshot.board;
    const compiled = await compiler.compile(logo, board);
    if (!compiled.ok) throw new DownloadError({ type: 'compile', failure: compiled.failure });
    if (compiled.data.length > MAX_BYTE_CODE) {
      throw new DownloadError({ type: 'compile', failure: { kind: 'too-large' } });
    }
    // The board may have gone while the program compiled.
    this.checkBoard();
    const plan = downloadPlan(compiled.data, compiled.autoRunState);
    onProgress({ phase: 'writing', done: 0, total: plan.length });
    const t0 = now();
    await this.send(() =>
      device.sendSequence(plan, {
        onProgress: (done, total) => onProgress({ phase: 'writing', done, total }),
      }),
    );
    const writeMs = now() - t0;
    const started = this.options.runAfterDownload();
    if (started) {
      onProgress({ phase: 'running', done: plan.length, total: plan.length });
      await (this.options.delay ?? defaultDelay)(RUN_AFTER_DOWNLOAD_MS);
      await this.send(() => device.send(cmd.logoControl(1)));
    }
    return {
      bytes: compiled.data.length,
      autoRunState: compiled.autoRunState,
      version: compiled.version,
      target: compiled.target,
      writeMs,
      started,
    };
  }

  private async send(f: () => Promise<void>): Promise<void> {
    try {
      await f();
    } catch (e) {
      const error = e instanceof DeviceError ? e : new DeviceError('write-failed', String(e));
      throw new DownloadError({ type: 'device', error });
    }
  }
}

function device_(code: 'not-connected' | 'plugin-not-connected' | 'board-offline') {
  return new DownloadError({ type: 'device', error: new DeviceError(code) });
}
