// The firmware update as the user meets it (spec core §4 "Firmware update (user-level)"):
// which release is latest and whether the board has it, getting the files (the latest
// release from the server, or a local .hex/.bin), handing the board to the flash worker
// with the updating flag set, and taking it back afterwards. Framework-free: the modal and
// the update-firmware page read `firmware` (firmware-state.ts).
import {
  compareVersions,
  versionAfterDash,
  versionFromTag,
  type FirmwareSource,
  type ReleaseInfo,
} from '../contract/firmware.ts';
import { ConnectionType, type DeviceConnection, type TransportKind } from '../device/device.ts';
import { FirmwareChip, firmwareInfo } from '../device/protocol/commands.ts';
import type { FlashChip } from '../core/wasm-core.ts';
import { readFirmwareInfo, type FirmwareVersion } from '../device/firmware-version.ts';
import type { ConnectionState } from '../device/connection-store.ts';
import {
  gogo6Chip,
  GOGO7_UPDATE_GUIDE,
  isAcceptableFirmwareFile,
  legacyFiles,
  targetFor,
} from './firmware-files.ts';
import { emptyCheck, type ChipFirmware, type FirmwareState } from './firmware-state.ts';
import type { FirmwareApi } from './firmware-api.ts';
import { causeKey, CHIP_NAMES, updatedText } from './messages.ts';
import type { ConfirmDowngrade } from './worker/engine-context.ts';
import type {
  FlashFailureCode,
  FlashFile,
  FlashOutcome,
  FlashProgress,
  FlashRequest,
} from './worker/flash-protocol.ts';

/** Runs updates (the flash worker through FlashBridge). */
export interface FlashRunner {
  /** The GoGo 6 chip a file is for: its name, else its first bytes; null: neither says. */
  chipFor(name: string, head: Uint8Array): Promise<FlashChip | null>;
  /** Runs an update; the engine asks `confirmDowngrade` before it writes an older image. */
  flash(
    request: FlashRequest,
    onProgress: (p: FlashProgress) => void,
    confirmDowngrade: ConfirmDowngrade,
  ): Promise<FlashOutcome>;
}

/** A chosen file, as the browser's File gives it. */
interface ChosenFile {
  name: string;
  size: number;
  arrayBuffer(): Promise<ArrayBuffer>;
}

export interface FirmwareServiceDeps {
  device(): DeviceConnection;
  connection: ConnectionState;
  /** How the page reaches the board now ('simulated' = the virtual board). */
  linkKind(): TransportKind | null;
  /** The page's USB is the fake navigator.hid over the simulated board (e2e, demos). */
  fakeHid(): boolean;
  /** A line from the simulated board's worker for the flash worker. */
  simPort(): Promise<MessagePort>;
  /** A relay to the local plugin's socket for the flash worker (plugin-flash-port.ts). */
  pluginPort(): Promise<MessagePort>;
  api: Pick<FirmwareApi, 'latest' | 'releaseInfo' | 'download' | 'legacyFile'>;
  runner: FlashRunner;
  state: FirmwareState;
  t(key: string, values?: Record<string, string | number>): string;
  notify(kind: 'success' | 'warning', message: string): void;
  openModal(): void;
  /** Says the update happens outside the app, then offers the guide at `url`. */
  showGuide(url: string): void;
  /** Asks the user to allow the STM32 bootloader (a real board on real WebHID). */
  requestBootloader(): Promise<void>;
}

/** How long the board may take to answer OUR firmware-info query. Right after an update
 * the answer crosses four workers that are still settling; stock firmware never answers,
 * so this is also how long "up to date" stays unknown for it. */
const INFO_TIMEOUT_MS = 2000;
const INFO_RETRIES = 2;
/** How long a just-reconnected board may take to send its first status packet. */
const BOARD_WAIT_MS = 3000;
/** The first bytes of a file tell its chip (identity pointer, headers, app description). */
const HEAD_BYTES = 4096;

interface PreparedUpdate {
  chip: FlashChip;
  file: FlashFile;
  bootloader: FlashFile | null;
  /** The version the board reports afterwards, when known. */
  version: string | null;
  expectedVersion?: number;
}

/** A refused file cannot succeed by trying again: the user picks another one. */
function retryable(code: FlashFailureCode): boolean {
  return !code.startsWith('image-');
}

class PrepareError extends Error {
  constructor(readonly causeKey: string) {
    super(causeKey);
  }
}

export class FirmwareService {
  private last: PreparedUpdate | null = null;
  private busy = false;
  /** Board types already told about new firmware this session. */
  private readonly prompted = new Set<number>();
  /** The board answered OUR firmware-info query this session (stock firmware never does). */
  private infoAnswered = false;
  /** Answers the engine's question about an older image (while it waits for the user). */
  private answer: ((install: boolean) => void) | null = null;

  constructor(private readonly deps: FirmwareServiceDeps) {}

  get state(): FirmwareState {
    return this.deps.state;
  }

  /** The Update Firmware action: GoGo 7 is sent to its installer guide (after saying so),
   * remote links are refused (spec core §4), the rest opens the updater. */
  open(): void {
    const { connection, t } = this.deps;
    if (targetFor(connection.board.boardType) === 'gogo7') {
      this.deps.showGuide(GOGO7_UPDATE_GUIDE);
      return;
    }
    if (this.remoteLink()) {
      this.deps.notify('warning', t('firmware:errors.usbOnly'));
      return;
    }
    // The updater opens afresh: an earlier update's error or result is not shown again.
    if (!this.busy) this.forgetLastUpdate();
    this.deps.openModal();
    void this.checkLatest();
  }

  /** The user's answer to "this file is older than the board's firmware". */
  answerDowngrade(install: boolean): void {
    this.answer?.(install);
  }

  private forgetLastUpdate(): void {
    const s = this.state;
    s.phase = 'idle';
    s.error = null;
    s.result = null;
    s.info = null;
    s.canRetry = false;
    s.stage = null;
    s.percent = 0;
    this.last = null;
  }

  /** Loads the latest release and compares it with the board's firmware. */
  async checkLatest(): Promise<void> {
    const s = this.state;
    s.check = emptyCheck(true);
    const check = await this.compareWithLatest();
    s.check = { ...check, loading: false };
  }

  /**
   * The "new firmware is available" message (spec core §8), once per board type and
   * session, for a matching board on a USB link; none after a legacy update succeeded (spec
   * core §4: further prompts are postponed).
   */
  async promptIfOutdated(): Promise<void> {
    const { connection, t } = this.deps;
    const boardType = connection.board.boardType;
    const target = targetFor(boardType);
    if (this.state.promptsPostponed || this.busy || this.prompted.has(boardType)) return;
    if ((target !== 'legacy' && target !== 'gogo6') || this.remoteLink()) return;
    if (boardType !== connection.displayBoard) return;
    this.prompted.add(boardType);
    const check = await this.compareWithLatest();
    if (check.upToDate === false && check.latest && !this.state.promptsPostponed) {
      this.deps.notify('success', t('firmware:newFirmware', { version: check.latest }));
    }
  }

  private async compareWithLatest(): Promise<Omit<FirmwareState['check'], 'loading'>> {
    await this.boardKnown(BOARD_WAIT_MS);
    const boardType = this.deps.connection.board.boardType;
    const target = targetFor(boardType);
    if (target === 'legacy') {
      const files = legacyFiles(boardType);
      const current = this.deps.connection.board.firmwareVersion;
      return {
        latest: String(files.version),
        notes: '',
        current: current > 0 ? String(current) : null,
        firmware:
          current > 0 ? [{ chip: 'legacy', version: { version: current, semver: null } }] : [],
        upToDate: current >= files.version,
        failed: false,
        source: await this.releaseSource(),
      };
    }
    try {
      const latest = await this.deps.api.latest({ quiet: true });
      const version = versionFromTag(latest.tag_name);
      const firmware = target === 'gogo6' ? await this.gogo6Firmware() : [];
      const current = firmware.find((f) => f.chip === 'esp')?.version.semver ?? null;
      return {
        latest: version,
        notes: latest.body,
        current,
        firmware,
        upToDate:
          version !== null && current !== null ? compareVersions(current, version) >= 0 : null,
        failed: version === null,
        source: latest.source ?? null,
      };
    } catch {
      return {
        latest: null,
        notes: '',
        current: null,
        firmware: [],
        upToDate: null,
        failed: true,
        source: null,
      };
    }
  }

  /** Where the server's releases come from (the legacy files live in the same folder). */
  private async releaseSource(): Promise<FirmwareSource | null> {
    try {
      const latest = await this.deps.api.latest({ quiet: true });
      return latest.source ?? null;
    } catch {
      return null;
    }
  }

  /** 'Update to latest version': the release-info document's first asset (GoGo 6), or the
   * bootloader and default firmware hex files (legacy boards). */
  async updateToLatest(): Promise<void> {
    await this.run(() => this.prepareLatest());
  }

  /** Update from a local .hex or .bin file. */
  async updateFromFile(file: ChosenFile): Promise<void> {
    await this.run(() => this.prepareFile(file));
  }

  /** Runs the last update again, from the same files. */
  async retry(): Promise<void> {
    const last = this.last;
    if (last) await this.run(() => Promise.resolve(last));
  }

  /** The user allows the STM32 bootloader device (real boards on real WebHID). */
  async allowBootloader(): Promise<void> {
    try {
      await this.deps.requestBootloader();
    } finally {
      this.state.needsBootloaderPermission = false;
    }
  }

  // ---- Preparing ------------------------------------------------------------------------

  private async prepareLatest(): Promise<PreparedUpdate> {
    const boardType = this.deps.connection.board.boardType;
    if (targetFor(boardType) === 'legacy') return this.prepareLegacy(boardType, null);
    let info: ReleaseInfo;
    try {
      info = await this.deps.api.releaseInfo({ quiet: true });
    } catch {
      throw new PrepareError('firmware:errors.espInfo');
    }
    const asset = info.assets[0];
    if (!asset) throw new PrepareError('firmware:errors.espInfo');
    const bytes = await this.download(() =>
      this.deps.api.download(asset.browser_download_url, { quiet: true }),
    );
    const chip = gogo6Chip(await this.deps.runner.chipFor(asset.name, bytes.slice(0, HEAD_BYTES)));
    return {
      chip,
      file: { name: asset.name, bytes },
      bootloader: null,
      version: versionAfterDash(info.tag_name),
    };
  }

  private async prepareFile(file: ChosenFile): Promise<PreparedUpdate> {
    if (!isAcceptableFirmwareFile(file.name, file.size)) {
      throw new PrepareError('firmware:errors.invalidFile');
    }
    const bytes = new Uint8Array(await file.arrayBuffer());
    if (bytes.byteLength === 0) throw new PrepareError('firmware:errors.invalidFile');
    const boardType = this.deps.connection.board.boardType;
    if (targetFor(boardType) === 'legacy') {
      return this.prepareLegacy(boardType, { name: file.name, bytes });
    }
    const chip = gogo6Chip(await this.deps.runner.chipFor(file.name, bytes.slice(0, HEAD_BYTES)));
    return { chip, file: { name: file.name, bytes }, bootloader: null, version: null };
  }

  /** Legacy boards: the bootloader first, then the firmware (the default version unless a
   * file was chosen). */
  private async prepareLegacy(
    boardType: number,
    chosen: FlashFile | null,
  ): Promise<PreparedUpdate> {
    const files = legacyFiles(boardType);
    const text = (name: string) =>
      this.download(async () =>
        new TextEncoder().encode(await this.deps.api.legacyFile(name, { quiet: true })),
      );
    const bootloader = { name: files.bootloader, bytes: await text(files.bootloader) };
    const file = chosen ?? { name: files.firmware, bytes: await text(files.firmware) };
    return {
      chip: 'legacy',
      file,
      bootloader,
      version: chosen ? null : String(files.version),
      ...(chosen ? {} : { expectedVersion: files.version }),
    };
  }

  private async download(get: () => Promise<ArrayBuffer | Uint8Array>): Promise<Uint8Array> {
    try {
      const data = await get();
      const bytes = data instanceof Uint8Array ? data : new Uint8Array(data);
      if (bytes.byteLength === 0) throw new Error('empty');
      return bytes;
    } catch {
      throw new PrepareError('firmware:errors.cloudFile');
    }
  }

  // ---- Running ---------------------------------------------------------------------------

  /** Spec core §4: updates are refused over a remote link only (USB and the plugin work). */
  private remoteLink(): boolean {
    return this.deps.connection.connectionType === ConnectionType.remote;
  }

  private async run(prepare: () => Promise<PreparedUpdate>): Promise<void> {
    if (this.busy) return;
    const s = this.state;
    const { t, connection } = this.deps;
    if (this.remoteLink()) {
      this.fail(t('firmware:errors.usbOnly'), false);
      return;
    }
    this.busy = true;
    // The page lets go of the board while the worker writes it: the updater keeps showing
    // which board it updates until the board is back.
    if (connection.board.boardType !== 0) {
      s.board = {
        boardType: connection.board.boardType,
        firmwareVersion: connection.board.firmwareVersion,
      };
    }
    s.phase = 'preparing';
    s.error = null;
    s.result = null;
    s.percent = 0;
    s.stage = null;
    let update: PreparedUpdate;
    try {
      update = await prepare();
    } catch (e) {
      this.busy = false;
      s.board = null;
      // Retry would re-flash an earlier update's files, not the one the user just chose.
      this.last = null;
      this.fail(e instanceof PrepareError ? t(e.causeKey) : String(e), false);
      return;
    }
    this.last = update;
    try {
      await this.flash(update);
    } finally {
      this.busy = false;
    }
  }

  private async flash(update: PreparedUpdate): Promise<void> {
    const s = this.state;
    const { t, device } = this.deps;
    const mainLink = this.deps.linkKind();
    const viaPlugin = mainLink === 'plugin';
    const viaSim = !viaPlugin && (mainLink === 'simulated' || this.deps.fakeHid());
    if (viaPlugin && update.chip === 'stm') {
      // Its bootloader is another USB device, which the plugin does not relay.
      s.board = null;
      this.fail(t('firmware:errors.stmNeedsWebhid'), false);
      return;
    }
    s.phase = 'updating';
    s.stage = 'connecting';
    s.needsBootloaderPermission = false;
    s.info = null;
    // The engine asks before it writes a file older than what the board runs.
    let kept: { chip: FlashChip; board: string } | null = null;
    const confirmDowngrade: ConfirmDowngrade = (chip, board, image) =>
      new Promise<boolean>((resolve) => {
        // Both as the board gives them: a stock firmware says only its version byte.
        const text = (v: FirmwareVersion) =>
          board.semver === null ? String(v.version) : (v.semver ?? String(v.version));
        s.downgrade = { chip, board: text(board), image: text(image) };
        this.answer = (install) => {
          this.answer = null;
          s.downgrade = null;
          if (!install) kept = { chip, board: text(board) };
          resolve(install);
        };
      });
    this.setUpdating(true);
    let outcome: FlashOutcome;
    try {
      // The flash worker owns the board now: the page lets go of it (and of its Web Lock).
      await device().disconnect();
      const link: FlashRequest['link'] = viaSim
        ? { kind: 'sim', port: await this.deps.simPort() }
        : viaPlugin
          ? { kind: 'plugin', port: await this.deps.pluginPort() }
          : { kind: 'webhid' };
      // Copies: the worker takes the buffers, and a retry needs them again.
      outcome = await this.deps.runner.flash(
        {
          chip: update.chip,
          file: { name: update.file.name, bytes: update.file.bytes.slice() },
          bootloader: update.bootloader
            ? { name: update.bootloader.name, bytes: update.bootloader.bytes.slice() }
            : null,
          ...(update.expectedVersion === undefined
            ? {}
            : { expectedVersion: update.expectedVersion }),
          link,
        },
        (p) => {
          s.stage = p.stage;
          s.percent = Math.round(p.percent);
          if (p.stage === 'entering-bootloader' && !viaSim) s.needsBootloaderPermission = true;
        },
        confirmDowngrade,
      );
    } catch (e) {
      outcome = { ok: false, error: { code: 'aborted', message: String(e) } };
    } finally {
      this.setUpdating(false);
      s.needsBootloaderPermission = false;
      this.answer?.(false);
    }
    await this.reconnect(mainLink);
    // The board line returns to the live connection once it knows the board again.
    void this.boardKnown(BOARD_WAIT_MS).then(() => {
      if (!this.busy) s.board = null;
    });
    if (!outcome.ok && outcome.error.code === 'downgrade-declined' && kept) {
      // Nothing was written: no error, the board keeps what it runs.
      const { chip, board } = kept;
      s.phase = 'idle';
      s.percent = 0;
      s.stage = null;
      s.info = t('firmware:downgrade.kept', { chip: CHIP_NAMES[chip], version: board });
      return;
    }
    if (!outcome.ok) {
      this.fail(this.cause(outcome.error), retryable(outcome.error.code));
      return;
    }
    const r = outcome.result;
    s.phase = 'success';
    s.percent = 100;
    s.result = {
      chip: update.chip,
      firmware: r.firmware,
      upToDate: r.upToDate,
      verified: r.verified,
      unitsWritten: r.unitsWritten,
      unitsSkipped: r.unitsSkipped,
    };
    s.canRetry = false;
    if (update.chip === 'legacy') s.promptsPostponed = true;
    this.deps.notify('success', updatedText(t, s.result));
    if (r.firmware) this.boardRuns(update.chip, r.firmware);
    else void this.checkLatest();
  }

  /**
   * The board line and "up to date" follow the version read back from the board at the
   * end of the update (asking the board again right after it would race the workers that
   * hand it back to the page).
   */
  private boardRuns(chip: FlashChip, version: FirmwareVersion): void {
    const s = this.state;
    const firmware: ChipFirmware[] = [
      ...s.check.firmware.filter((f) => f.chip !== chip),
      { chip, version },
    ].sort((a, b) => chipOrder(a.chip) - chipOrder(b.chip));
    const latest = s.check.latest;
    const current =
      chip === 'esp' ? version.semver : chip === 'legacy' ? String(version.version) : null;
    s.check = {
      ...s.check,
      loading: false,
      firmware,
      ...(current !== null
        ? {
            current,
            upToDate: latest === null ? null : compareVersions(current, latest) >= 0,
          }
        : {}),
    };
  }

  /** The translated cause of a failed update; a refused file names the boards. */
  private cause(error: Extract<FlashOutcome, { ok: false }>['error']): string {
    const { t } = this.deps;
    const key = causeKey(error.code);
    const board = (type: number) => t(`device:boards.${type}`);
    if (error.code === 'image-wrong-board' && error.detail) {
      const { imageBoard } = error.detail;
      // Refused before the board answered: the board the page was connected to.
      const connected = error.detail.board || (this.state.board?.boardType ?? 0);
      const values = { board: board(connected) };
      return imageBoard
        ? t(key, { ...values, image: board(imageBoard) })
        : t('firmware:errors.imageWrongBoardUnknown', values);
    }
    if (error.code === 'image-wrong-chip') {
      return t(key, { chip: CHIP_NAMES[this.last?.chip ?? 'esp'] });
    }
    if (error.code === 'version-mismatch' && error.detail) {
      return t(key, {
        chip: CHIP_NAMES[this.last?.chip ?? 'esp'],
        expected: error.detail.expected ?? '',
        reported: error.detail.reported ?? '',
      });
    }
    return t(key);
  }

  private fail(cause: string, canRetry: boolean): void {
    const s = this.state;
    s.phase = 'error';
    s.error = cause;
    s.canRetry = canRetry;
    this.deps.notify('warning', this.deps.t('firmware:errors.updateError', { cause }));
  }

  private setUpdating(updating: boolean): void {
    this.deps.connection.firmwareUpdating = updating;
    this.deps.device().setFirmwareUpdating(updating);
  }

  /** Takes the board back the way the page had it. */
  private async reconnect(kind: TransportKind | null): Promise<void> {
    try {
      if (kind === 'simulated') await this.deps.device().connect('simulated');
      else if (kind === 'webhid') await this.deps.device().restore();
      else if (kind === 'plugin') await this.deps.device().connect('plugin');
    } catch {
      // The user reconnects; the updater still offers a retry.
    }
  }

  /** Resolves once the connection knows the board type (after a reconnect it takes the
   * first status packet), or after `ms`. */
  private boardKnown(ms: number): Promise<void> {
    const device = this.deps.device();
    const { status, board } = device.snapshot;
    if (board.boardType !== 0 || status !== 'connected') return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      const off = device.on('state', (s) => {
        if (s.board.boardType !== 0) done();
      });
      function done() {
        clearTimeout(timer);
        off();
        resolve();
      }
    });
  }

  /** A GoGo 6's chips, as far as the board says (OUR query 203, one chip after the
   * other); the ESP32 falls back to the status stream's byte, which stock firmware sends. */
  private async gogo6Firmware(): Promise<ChipFirmware[]> {
    let esp = await this.boardFirmware('esp');
    // A board that answered before answers again: on a busy machine the first query after
    // an update can miss its window while the workers settle.
    for (let i = 0; esp === null && this.infoAnswered && i < INFO_RETRIES; i++) {
      esp = await this.boardFirmware('esp');
    }
    let stm = esp ? await this.boardFirmware('stm') : null;
    // Its ESP32 answered, so the board speaks this query: a silent STM32 was only slow (a
    // busy machine), and an answer to an earlier request still counts, since each names its
    // chip.
    for (let i = 0; esp !== null && stm === null && i < INFO_RETRIES; i++) {
      stm = await this.boardFirmware('stm');
    }
    const byte = this.deps.connection.board.firmwareVersion;
    const out: ChipFirmware[] = [];
    if (esp) out.push({ chip: 'esp', version: esp });
    else if (byte > 0) out.push({ chip: 'esp', version: { version: byte, semver: null } });
    if (stm) out.push({ chip: 'stm', version: stm });
    return out;
  }

  /** OUR query 203 for one chip: its version byte and semantic version, or null (stock
   * firmware does not answer). Answers name their chip, so one about the other chip (a late
   * answer to an earlier query, or to the connection's own) is never taken for this one. */
  private async boardFirmware(chip: 'esp' | 'stm'): Promise<FirmwareVersion | null> {
    await this.boardKnown(BOARD_WAIT_MS);
    const device = this.deps.device();
    const code = FirmwareChip[chip];
    return new Promise((resolve) => {
      let done = false;
      const finish = (v: FirmwareVersion | null) => {
        if (done) return;
        done = true;
        clearTimeout(timer);
        off();
        resolve(v);
      };
      const timer = setTimeout(() => finish(null), INFO_TIMEOUT_MS);
      const off = device.on('response', (r) => {
        if (r.command !== 203) return;
        const answer = readFirmwareInfo(r.status, r.payload);
        if (answer?.chip !== code) return;
        if (answer.version) this.infoAnswered = true;
        finish(answer.version);
      });
      device.send(firmwareInfo(code), { ignoreBoardMatch: true }).catch(() => finish(null));
    });
  }
}

/** The board line lists a GoGo 6's ESP32 (its main firmware) before its STM32. */
function chipOrder(chip: FlashChip): number {
  return chip === 'stm' ? 1 : 0;
}
