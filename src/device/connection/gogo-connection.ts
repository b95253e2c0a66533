// The connection layer (style anchor 2): the state machine of spec core §4 on top of the
// GoGo protocol — connection type and method, board info, board match, command gating,
// plugin reconnects — and the source of truth the UI adapter copies from.
//
// One transport is attached at a time. "A stream message while disconnected switches to
// plugin" therefore holds by construction: plugin stream messages only arrive through an
// attached plugin socket, and attaching it (on open or on a 5 s reconnect) sets the type to
// plugin before the first message is read.
import type { HidPiStatus, HidStatus } from '../../core/hid-layout.ts';
import {
  isFirmwareSupported,
  isKnownBoardType,
  minimumFirmware,
  toBoardStatus,
  toPiStatus,
} from '../board-state.ts';
import {
  BoardType,
  ConnectionType,
  ConnectMethod,
  DeviceError,
  EMPTY_BOARD,
  type ConnectionSnapshot,
  type ConnectOptions,
  type ConnectResult,
  type DeviceConnection,
  type DeviceEventListener,
  type DeviceEventMap,
  type HidCommandRequest,
  type LinkStats,
  type PacedCommand,
  type SendOptions,
  type SequenceOptions,
  type TransportKind,
} from '../device.ts';
import { Emitter } from '../emitter.ts';
import { toDeviceError } from '../errors.ts';
import { readFirmwareInfo } from '../firmware-version.ts';
import { Category, FirmwareChip, firmwareInfo } from '../protocol/commands.ts';
import type { Framer } from '../protocol/framer.ts';
import { emptyStats, GoGoProtocol, type Scheduler } from '../protocol/gogo-protocol.ts';
import { TimerPacer, type Pacer } from '../protocol/pacer.ts';
import type { Transport } from '../transport.ts';

/** Websocket reconnect delay (spec core §9). */
const BOARD_RECONNECT_MS = 5000;
/** The firmware identity query (docs/firmware-update.md §3). */
const IDENTITY_COMMAND = 203;

export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ConnectionDeps {
  createTransport(kind: TransportKind, options: ConnectOptions): Transport;
  framer: Framer;
  /** The board type chosen for display (a persisted UI preference). */
  displayBoard(): number;
  schedule?: Scheduler;
  /** Times paced sequences; default: this thread's timers (the app passes the worker's). */
  pacer?: Pacer;
  reconnectMs?: number;
  timers?: Timers;
  /**
   * Asks a newly seen board for its semantic firmware version (the firmware identity query
   * 203, docs/firmware-update.md §3) and fills `board.semanticFirmwareVersion` from the
   * answer. A board that does not answer keeps ''.
   */
  identifyFirmware?: boolean;
}

/** The chip whose firmware a board type reports in status byte 20 (for query 203). */
function identityChip(boardType: number): number | null {
  if (boardType === BoardType.original || boardType === BoardType.fifth) return FirmwareChip.legacy;
  if (boardType === BoardType.v6 || boardType === BoardType.v7 || boardType === BoardType.bright) {
    return FirmwareChip.esp;
  }
  return null;
}

const DISCONNECTED: ConnectionSnapshot = {
  connectionType: ConnectionType.disconnected,
  connectMethod: null,
  transport: null,
  status: 'disconnected',
  board: EMPTY_BOARD,
  reconnecting: false,
};

const isRemoteMethod = (m: ConnectMethod | undefined) =>
  m === ConnectMethod.remoteLab || m === ConnectMethod.remoteAccess;

export class GoGoConnection implements DeviceConnection {
  private state: ConnectionSnapshot = DISCONNECTED;
  private readonly events = new Emitter<DeviceEventMap>();
  private transport: Transport | null = null;
  private protocol: GoGoProtocol | null = null;
  private unsubscribers: (() => void)[] = [];
  private lastOptions: ConnectOptions = {};
  private reconnectTimer: unknown = null;
  private piAlive = false;
  private firmwareUpdating = false;
  private timerPacer: TimerPacer | null = null;
  /** Warnings shown once per connection. */
  private warned = new Set<string>();
  private readonly timers: Timers;

  constructor(private readonly deps: ConnectionDeps) {
    this.timers = deps.timers ?? {
      setTimeout: (fn, ms) => setTimeout(fn, ms),
      clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout>),
    };
  }

  get snapshot(): ConnectionSnapshot {
    return this.state;
  }

  get stats(): LinkStats {
    return this.protocol?.stats ?? emptyStats();
  }

  on<K extends keyof DeviceEventMap>(type: K, listener: DeviceEventListener<K>): () => void {
    return this.events.on(type, listener);
  }

  isBoardMatch(): boolean {
    const type = this.state.board.boardType;
    return type !== 0 && type === this.deps.displayBoard();
  }

  setFirmwareUpdating(updating: boolean): void {
    this.firmwareUpdating = updating;
  }

  async connect(kind: TransportKind, options: ConnectOptions = {}): Promise<ConnectResult> {
    if (this.state.status === 'connecting') return 'ignored';
    // Spec core §4: WebHID connect is ignored while the plugin is connected.
    if (kind === 'webhid' && this.state.connectionType === ConnectionType.plugin) return 'ignored';
    this.cancelReconnect();
    if (this.transport) await this.teardown();
    this.lastOptions = options;
    this.setState({ ...DISCONNECTED, status: 'connecting', transport: kind });
    let transport: Transport;
    try {
      transport = this.deps.createTransport(kind, options);
      await transport.open();
    } catch (e) {
      const err = toDeviceError(e, kind === 'plugin' ? 'socket' : 'open');
      this.setState(DISCONNECTED);
      // The plugin keeps trying every 5 s after a failed manual connect (spec core §7).
      if (kind === 'plugin') this.scheduleReconnect();
      throw err;
    }
    this.attach(transport, kind, options);
    return 'connected';
  }

  async restore(): Promise<boolean> {
    if (this.state.status !== 'disconnected') return this.state.status === 'connected';
    const transport = this.deps.createTransport('webhid', {});
    if (!transport.restore) return false;
    // The link shows "connecting" only once there is a granted board to open: most loads
    // have none, and the navbar would flash a spinner on every page.
    let opening = false;
    try {
      const open = await transport.restore(() => {
        // A connection the user started meanwhile wins.
        if (this.state.status !== 'disconnected') throw new DeviceError('open-failed', 'busy');
        opening = true;
        this.setState({ ...DISCONNECTED, status: 'connecting', transport: 'webhid' });
      });
      if (open) {
        this.attach(transport, 'webhid', {});
        return true;
      }
    } catch (e) {
      // Another tab holding the board is worth telling; other failures stay silent on load.
      const err = toDeviceError(e, 'open');
      if (err.code === 'device-in-use') this.events.emit('error', err);
    }
    if (opening) this.setState(DISCONNECTED);
    return false;
  }

  async disconnect(): Promise<void> {
    this.cancelReconnect();
    await this.teardown();
    this.setState(DISCONNECTED);
    this.events.emit('cleared', { reason: 'disconnected' });
  }

  async send(command: HidCommandRequest, options: SendOptions = {}): Promise<void> {
    const protocol = this.checkSend(command, options);
    await protocol.send(command);
  }

  async sendSequence(
    commands: readonly PacedCommand[],
    options: SequenceOptions = {},
  ): Promise<void> {
    let protocol: GoGoProtocol | null = null;
    for (const c of commands) protocol = this.checkSend(c.command, options);
    if (!protocol) return;
    // A write that fails on this thread keeps its DeviceError even when the pacer's loop
    // runs in a worker (which would pass a plain Error back).
    let failure: unknown = null;
    const pacer = this.deps.pacer ?? (this.timerPacer ??= new TimerPacer());
    const guarded: Pacer = {
      run: (gaps, write, progress) =>
        pacer.run(
          gaps,
          async (i) => {
            try {
              await write(i);
            } catch (e) {
              failure ??= e;
              throw e;
            }
          },
          progress,
        ),
    };
    try {
      await protocol.sendSequence(
        commands.map((c) => c.command),
        commands.map((c) => c.gapMs),
        guarded,
        options.onProgress,
      );
    } catch (e) {
      throw toDeviceError(failure ?? e, 'write');
    }
  }

  /** The checks before sending (spec core §4); the protocol to send with. */
  private checkSend(command: HidCommandRequest, options: SendOptions): GoGoProtocol {
    if (this.firmwareUpdating && !options.ignoreBoardMatch) {
      throw new DeviceError('firmware-updating');
    }
    const protocol = this.protocol;
    if (
      protocol &&
      this.state.status === 'connected' &&
      this.state.connectionType === ConnectionType.remote &&
      this.state.board.boardType === 0
    ) {
      // A remote link without a board: its station or the broker is gone for now.
      throw new DeviceError('board-offline');
    }
    if (!protocol || this.state.status !== 'connected' || this.state.board.boardType === 0) {
      throw new DeviceError('not-connected');
    }
    if (!options.ignoreBoardMatch && !this.isBoardMatch()) {
      throw new DeviceError('board-mismatch', 'the board is not the display board', {
        boardType: this.deps.displayBoard(),
      });
    }
    if (command.category === Category.rpi && !this.piAlive) {
      throw new DeviceError('pi-not-alive');
    }
    return protocol;
  }

  async dispose(): Promise<void> {
    await this.disconnect();
    this.events.clear();
  }

  private attach(transport: Transport, kind: TransportKind, options: ConnectOptions): void {
    this.transport = transport;
    const protocol = new GoGoProtocol(
      transport,
      this.deps.framer,
      this.deps.schedule ? { schedule: this.deps.schedule } : {},
    );
    this.protocol = protocol;
    this.warned.clear();
    this.piAlive = false;
    const remote = kind === 'remote' || (kind === 'plugin' && isRemoteMethod(options.method));
    this.unsubscribers = [
      protocol.on('status', (s) => this.onStatus(s)),
      protocol.on('pi-status', (p) => this.onPiStatus(p)),
      protocol.on('key-value', (kv) => {
        // The Pi sends each value, then the same key empty (board-protocol §3.4): keep the
        // last real value.
        if (kv.value !== '' && kv.value !== '\0') this.events.emit('key-value', kv);
      }),
      protocol.on('debug', (t) => this.events.emit('debug', t)),
      protocol.on('tap', (t) => this.events.emit('tap', t)),
      protocol.on('response', (r) => {
        if (r.command === IDENTITY_COMMAND) this.onFirmwareIdentity(r.status, r.payload);
        this.events.emit('response', r);
      }),
      protocol.on('stats', (s) => this.events.emit('stats', s)),
      protocol.on('raw', (r) => this.events.emit('raw', r)),
      transport.on('close', (reason) => void this.onClosed(reason)),
      // A message without a stream (remote-mode pings excepted, see PluginTransport).
      transport.on('board-absent', () => this.clearBoardData()),
    ];
    // Spec core §4: socket open sets plugin or remote.
    const connectionType = remote
      ? ConnectionType.remote
      : kind === 'plugin'
        ? ConnectionType.plugin
        : ConnectionType.webhid;
    this.setState({
      connectionType,
      connectMethod:
        options.method ?? (kind === 'remote' ? ConnectMethod.remoteLab : ConnectMethod.usb),
      transport: kind,
      status: 'connected',
      board: EMPTY_BOARD,
      reconnecting: false,
    });
  }

  private onStatus(hid: HidStatus): void {
    const status = toBoardStatus(hid);
    const b = status.board;
    const cur = this.state.board;
    if (
      b.boardType !== cur.boardType ||
      b.boardVersion !== cur.boardVersion ||
      b.firmwareVersion !== cur.firmwareVersion
    ) {
      // Another board or firmware: its semantic version is asked again.
      const same = b.boardType === cur.boardType && b.firmwareVersion === cur.firmwareVersion;
      this.setState({
        ...this.state,
        board: { ...b, semanticFirmwareVersion: same ? cur.semanticFirmwareVersion : '' },
      });
      if (!same) this.askFirmwareIdentity(b.boardType);
    }
    if (!isKnownBoardType(b.boardType)) {
      this.warnOnce(
        new DeviceError('unknown-board-type', `board type ${b.boardType}`, {
          boardType: b.boardType,
        }),
      );
    } else if (!isFirmwareSupported(b.boardType, b.firmwareVersion)) {
      this.warnOnce(
        new DeviceError('firmware-too-old', `firmware ${b.firmwareVersion}`, {
          minimum: minimumFirmware(b.boardType) ?? 0,
          boardType: b.boardType,
        }),
      );
    }
    this.events.emit('status', status);
  }

  private askFirmwareIdentity(boardType: number): void {
    const chip = identityChip(boardType);
    if (!this.deps.identifyFirmware || chip === null || this.firmwareUpdating) return;
    this.protocol?.send(firmwareInfo(chip)).catch(() => {
      // No answer is the stock firmware's answer too; the version stays unknown.
    });
  }

  /** Query 203's answer: only one about the chip the status stream's byte describes, and
   * for the firmware that byte says (not one from before an update). Others (a GoGo 6's
   * STM32, asked by the firmware updater) are not this board's firmware version. */
  private onFirmwareIdentity(status: number, payload: Uint8Array): void {
    const b = this.state.board;
    const answer = readFirmwareInfo(status, payload);
    if (!answer?.version || answer.chip !== identityChip(b.boardType)) return;
    const { version, semver } = answer.version;
    if (version !== b.firmwareVersion || semver === null) return;
    if (semver === b.semanticFirmwareVersion) return;
    this.setState({ ...this.state, board: { ...b, semanticFirmwareVersion: semver } });
  }

  private onPiStatus(hid: HidPiStatus): void {
    const pi = toPiStatus(hid);
    this.piAlive = pi.alive;
    this.events.emit('pi-status', pi);
  }

  private warnOnce(err: DeviceError): void {
    if (this.warned.has(err.code)) return;
    this.warned.add(err.code);
    this.events.emit('error', err);
  }

  /** Spec core §4: an empty message without a stream clears board, Pi, key-value and
   * datalog data. The link itself stays up. */
  private clearBoardData(): void {
    // Reports still on their way describe the board that has gone.
    this.protocol?.discard();
    this.piAlive = false;
    if (this.state.board !== EMPTY_BOARD) this.setState({ ...this.state, board: EMPTY_BOARD });
    this.events.emit('cleared', { reason: 'board-absent' });
  }

  private async onClosed(reason: DeviceError): Promise<void> {
    const kind = this.state.transport;
    await this.teardown();
    // Spec core §4: close returns to disconnected and resets board info.
    this.setState(DISCONNECTED);
    this.events.emit('cleared', { reason: 'disconnected' });
    this.events.emit('error', reason);
    if (kind === 'plugin') this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    this.cancelReconnect();
    this.setState({ ...this.state, reconnecting: true });
    this.reconnectTimer = this.timers.setTimeout(() => {
      this.reconnectTimer = null;
      void this.reconnect();
    }, this.deps.reconnectMs ?? BOARD_RECONNECT_MS);
  }

  private async reconnect(): Promise<void> {
    if (this.state.status !== 'disconnected') return;
    const transport = this.deps.createTransport('plugin', this.lastOptions);
    try {
      await transport.open();
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.attach(transport, 'plugin', this.lastOptions);
  }

  private cancelReconnect(): void {
    if (this.reconnectTimer !== null) this.timers.clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    if (this.state.reconnecting) this.setState({ ...this.state, reconnecting: false });
  }

  private async teardown(): Promise<void> {
    this.unsubscribers.forEach((u) => u());
    this.unsubscribers = [];
    this.protocol?.detach();
    this.protocol = null;
    const transport = this.transport;
    this.transport = null;
    this.piAlive = false;
    await transport?.close();
  }

  private setState(next: ConnectionSnapshot): void {
    this.state = next;
    this.events.emit('state', next);
  }
}
