// The board-link contract (style anchors 1-3). Everything a caller needs to drive a GoGo
// board and nothing that implements it: connection types and methods, the connection
// interface, its typed events and options, the decoded board data, and the one error
// class. Implementations: connection/ (state machine), protocol/ (GoGo protocol over a
// transport), webhid/, plugin/, simulated/ (transports).
//
// This module is plain data and types: it loads in workers and in Node.
import type { HidCommandRequest } from '../core/hid-layout.ts';

export type { HidCommandRequest };

/** Connection types (spec core §4). */
export const ConnectionType = { disconnected: 0, plugin: 1, webhid: 2, remote: 3 } as const;
export type ConnectionType = (typeof ConnectionType)[keyof typeof ConnectionType];

/** Connect methods: exactly one applies, or none (spec core §4). */
export const ConnectMethod = { usb: 11, remoteLab: 12, remoteAccess: 13 } as const;
export type ConnectMethod = (typeof ConnectMethod)[keyof typeof ConnectMethod];

/** Numeric board types (spec core §3 "Board info"; the same numbers as status byte 17). */
export const BoardType = {
  none: 0,
  original: 1,
  fifth: 2,
  wireless: 3,
  v6: 4,
  bright: 5,
  v7: 6,
} as const;
export type BoardType = (typeof BoardType)[keyof typeof BoardType];

export interface BoardInfo {
  boardType: number;
  boardVersion: number;
  firmwareVersion: number;
  /** e.g. "1.2.3" when known (set by the firmware flow; the stream carries one byte). */
  semanticFirmwareVersion: string;
}

export const EMPTY_BOARD: BoardInfo = {
  boardType: 0,
  boardVersion: 0,
  firmwareVersion: 0,
  semanticFirmwareVersion: '',
};

/**
 * How the link reaches the board. `simulated` is the virtual board; the rest of the app
 * sees it as a WebHID connection (connection type 2), because it speaks the same reports.
 * `remote` is a remote-lab session: the board is at a lab station, reached through the
 * remote-lab broker (connection type 3, docs/remote-lab.md).
 */
export type TransportKind = 'webhid' | 'plugin' | 'simulated' | 'remote';

export type LinkStatus = 'disconnected' | 'connecting' | 'connected';

/** What the UI shows about the link. */
export interface ConnectionSnapshot {
  connectionType: ConnectionType;
  connectMethod: ConnectMethod | null;
  transport: TransportKind | null;
  status: LinkStatus;
  board: BoardInfo;
  /** The plugin transport is waiting to reconnect (every 5 s, spec core §9). */
  reconnecting: boolean;
}

/**
 * Every failure of the board link. The UI picks its message from the code
 * (`src/device/ui/messages.ts`); `message` is for logs only.
 *
 * - `no-device-selected`: the user closed the browser's device chooser without a choice.
 * - `permission-denied`: the browser, a policy or the OS refused access to the device.
 * - `unsupported-browser`: no WebHID (or WebSocket) in this browser.
 * - `device-in-use`: another tab of GoGo Code (Web Lock) or another program holds the board.
 * - `open-failed`: the device was found but could not be opened.
 * - `disconnected`: the board went away (unplugged, socket closed) during use.
 * - `not-connected`: a command was sent while no board is connected.
 * - `board-mismatch`: the connected board is not the board type chosen for display, so
 *   board commands are not sent (spec core §4 "Board match").
 * - `timeout`: the board did not answer in time.
 * - `firmware-too-old`: the firmware is below the spec minimum (`detail.minimum`).
 * - `unknown-board-type`: the status stream reports a board type outside the table.
 * - `write-failed`: sending a report failed after 5 retries.
 * - `plugin-not-connected`: the local plugin at ws://localhost:8317 is not reachable.
 * - `pi-not-alive`: a Raspberry Pi command while no Pi reports status.
 * - `firmware-updating`: normal commands are blocked while the firmware is updated.
 * - `invalid-command`: a command's arguments failed validation (nothing was sent).
 * - `board-offline`: the remote board's lab station is not online ('The board is not
 *   online').
 * - `session-ended`: the remote-lab session ended (`detail.reason`: expired, time-limit,
 *   station-offline, lab-removed, access-ended, disconnected).
 * - `remote-interrupted`: the lab station or the broker went away during a download; the
 *   board keeps a complete program (its previous one), never half of the new one.
 */
export type DeviceErrorCode =
  | 'no-device-selected'
  | 'permission-denied'
  | 'unsupported-browser'
  | 'device-in-use'
  | 'open-failed'
  | 'disconnected'
  | 'not-connected'
  | 'board-mismatch'
  | 'timeout'
  | 'firmware-too-old'
  | 'unknown-board-type'
  | 'write-failed'
  | 'plugin-not-connected'
  | 'pi-not-alive'
  | 'firmware-updating'
  | 'invalid-command'
  | 'board-offline'
  | 'session-ended'
  | 'remote-interrupted';

export interface DeviceErrorDetail {
  /** firmware-too-old: the minimum supported firmware. */
  minimum?: number;
  /** board-mismatch / unknown-board-type: the board type involved. */
  boardType?: number;
  /** session-ended: why (src/contract/remote-lab.ts END_REASONS). */
  reason?: string;
}

export class DeviceError extends Error {
  override readonly name = 'DeviceError';

  constructor(
    readonly code: DeviceErrorCode,
    message: string = code,
    readonly detail: DeviceErrorDetail = {},
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

export interface Motor {
  /** 'a'..'d'. */
  name: string;
  isActive: boolean;
  isOn: boolean;
  direction: 'cw' | 'ccw';
  /** 0..100, from the raw 0..255 byte (CGO shows ceil(v / 255 × 100)). */
  power: number;
}

/** A servo port driving a servo (spec classroom §3 "servos: isActive, isOn, angle"). */
export interface Servo {
  name: string;
  isActive: boolean;
  /** The port drives its servo (it holds an angle). */
  isOn: boolean;
  /** 0..180. */
  angle: number;
}

/**
 * A servo port as a servo-relay (spec classroom §3 "servoRelays: mode, isActive, isOn, angle,
 * power"): in `servo` mode it drives a servo at `angle`; in `relay` mode it is a power
 * output, on while `power` is above 0 (relay on = 100, off = 0).
 */
export interface ServoRelay {
  name: string;
  mode: 'servo' | 'relay';
  isActive: boolean;
  isOn: boolean;
  /** 0..180. */
  angle: number;
  /** 0..100. */
  power: number;
}

export interface ColorHsv {
  h: number;
  s: number;
  v: number;
}

export interface ColorHsl {
  h: number;
  s: number;
  l: number;
}

/** Built-in sensors of GoGo 6/7 (docs/builtin-sensors.md), in display units. */
export interface BuiltinSensors {
  /** 0 None, 1 Up, 2 Down, 3 Left, 4 Right. */
  handGesture: number;
  /** 0 None … 11 Hit 8G (ORIENTATION_LABELS). */
  orientation: number;
  loudness: number;
  light: number;
  proximity: number;
  rgb: { r: number; g: number; b: number };
  colorHsv: ColorHsv;
  colorHsl: ColorHsl;
  /** m/s² (signed milli-g / 1000 × 9.80665). */
  accelX: number;
  accelY: number;
  accelZ: number;
  /** √(x² + y² + z²), m/s². */
  acceleration: number;
  /** °C. */
  temperature: number;
  /** % relative humidity. */
  humidity: number;
}

interface RtcTime {
  /** Full year (2000 + the byte). */
  year: number;
  month: number;
  date: number;
  hour: number;
  minute: number;
  second: number;
  /** 0 = Sunday. */
  weekday: number;
  /** False when the board reports day-of-week 100 (no RTC module). */
  present: boolean;
}

/** The board's live state from its status stream (spec classroom §3 "Board state"). */
export interface BoardStatus {
  board: BoardInfo;
  /** 8 on board 5 and below, 4 on 6 and 7. */
  sensors: number[];
  motors: Motor[];
  /** Servo ports A..D as servos (GoGo 6/7 and Bright; inactive and off elsewhere). */
  servos: Servo[];
  /** The same ports as servo-relays, with their mode and power. */
  servoRelays: ServoRelay[];
  /** GoGo 6/7 and Bright only. */
  builtin: BuiltinSensors | null;
  irValue: number;
  rtc: RtcTime;
  /** Remote-lab answer / grading byte (GoGo 6/7). */
  answer: number;
  /** Board Wi-Fi status register (GoGo 6/7, Bright), the codes of spec classroom §8. */
  wifiStatus: number;
}

/** Raspberry Pi (Pi-topping) status (spec classroom §3 "Single-board computer state"). */
export interface PiStatus {
  /** False when the revision byte is 0 ('The Raspberry Pi is not alive'). */
  alive: boolean;
  revision: number;
  ipAddress: string;
  wlanIpAddress: string;
  cpuLoad: number;
  cpuTemp: number;
  memoryUsed: number;
  camera: { on: boolean; findFace: boolean; faceFound: boolean };
  /** 0 idle, 1 connecting, 2 success, 3 auth/connection error, 4 SSID not found, 5 unknown. */
  wifiStatus: number;
  /** 1/11 sending, 2/12 success, 3 connection, 4 authentication, 5 conflict, 6 unknown. */
  emailStatus: number;
  /** 1 sending, 2 success, 3 error, 4 device missing, 5 SIM inaccessible, 6 unknown. */
  smsStatus: number;
  smsFlags: number;
  tapped: boolean;
  tap: { x: number; y: number };
  rfidStatus: number;
  rfidTag: number;
}

export interface KeyValueMessage {
  key: string;
  value: string;
}

/** A type-20 response packet (board-protocol §3.5). */
export interface BoardResponse {
  command: number;
  status: number;
  payload: Uint8Array;
}

/** Counters of the input stream; malformed, short and unknown reports are counted here. */
export interface LinkStats {
  received: number;
  decoded: number;
  ignored: { short: number; unknown: number; malformed: number; empty: number };
  /** Status and Pi status reports a newer one replaced before the page decoded them (no
   * other report is ever dropped). */
  coalesced: number;
  written: number;
}

/** Events of a connection, by name. */
export interface DeviceEventMap {
  /** The link or the board info changed. */
  state: ConnectionSnapshot;
  /** The latest status, at most once a frame (16 ms). */
  status: BoardStatus;
  'pi-status': PiStatus;
  'key-value': KeyValueMessage;
  debug: string;
  response: BoardResponse;
  /** Every input report as it reaches the page, before it is queued and decoded (a flow
   * that waits on the board can tell it is still sending). */
  raw: Uint8Array;
  tap: { x: number; y: number };
  /**
   * Board, Pi and key-value data were cleared: the link closed (`disconnected`), or the
   * plugin said no board is there (`board-absent`, an empty message without a stream, which
   * also clears datalog data: spec core §4).
   */
  cleared: { reason: 'board-absent' | 'disconnected' };
  /** Something went wrong outside a call the caller awaits (unplug, reconnect, stream). */
  error: DeviceError;
  stats: LinkStats;
}

export type DeviceEventListener<K extends keyof DeviceEventMap> = (
  event: DeviceEventMap[K],
) => void;

/** What a remote transport needs: the session's broker grant (src/contract/remote-lab.ts). */
export interface RemoteLink {
  /** ws(s):// URL of the remote-lab broker. */
  url: string;
  username: string;
  password: string;
  up: string;
  down: string;
  presence: string;
  /** Aborted when the session ends; the reason (an END_REASONS value) closes the link. */
  signal?: AbortSignal;
}

export interface ConnectOptions {
  /** Plugin transport: the socket URL (default ws://localhost:8317). */
  url?: string;
  /** Remote transport: the session's broker access (with method 12 or 13). */
  remote?: RemoteLink;
  /** Plugin transport: a remote-lab or remote-access socket makes the connection remote. */
  method?: ConnectMethod;
  /** WebHID: also offer the STM32 bootloader (1209:BEBA) in the chooser (firmware flows). */
  bootloader?: boolean;
}

export interface SendOptions {
  /** Send even when the board does not match the display board (firmware flows). */
  ignoreBoardMatch?: boolean;
}

/** One command of a paced sequence (a download). */
export interface PacedCommand {
  command: HidCommandRequest;
  /** Milliseconds to wait after the previous command before this one. */
  gapMs: number;
}

export interface SequenceOptions extends SendOptions {
  /** Commands the board took so far, at most every 16 ms and once at the end. */
  onProgress?: (done: number, total: number) => void;
}

/** `ignored`: a WebHID connect while the plugin is connected (spec core §4). */
export type ConnectResult = 'connected' | 'ignored';

/** The board link the app talks to. */
export interface DeviceConnection {
  readonly snapshot: ConnectionSnapshot;
  on<K extends keyof DeviceEventMap>(type: K, listener: DeviceEventListener<K>): () => void;
  /** Opens a link; rejects with a DeviceError. */
  connect(kind: TransportKind, options?: ConnectOptions): Promise<ConnectResult>;
  /** Closes the link on the user's request (no reconnect). */
  disconnect(): Promise<void>;
  /** Re-opens an already granted WebHID board without a prompt; true when connected. */
  restore(): Promise<boolean>;
  /** Connected board type is non-zero and equals the display board. */
  isBoardMatch(): boolean;
  /** Sends one command; rejects with a DeviceError (nothing is sent on rejection). */
  send(command: HidCommandRequest, options?: SendOptions): Promise<void>;
  /**
   * Sends commands with pauses between them, timed off the main thread (the device
   * worker's clock, or the link's own clock for the virtual board). The checks of `send`
   * apply once, before the first command; rejects with a DeviceError.
   */
  sendSequence(commands: readonly PacedCommand[], options?: SequenceOptions): Promise<void>;
  /** Blocks normal commands while a firmware update runs. */
  setFirmwareUpdating(updating: boolean): void;
  readonly stats: LinkStats;
  dispose(): Promise<void>;
}
