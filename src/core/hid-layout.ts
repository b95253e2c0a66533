// Byte layouts of the core-rs HID ABI (core-rs/src/abi/hid.rs, core-rs/src/hid/layout.rs):
// request packing and output decoding. Pure functions on byte arrays; `core-abi.ts` owns
// the pointers. The slot numbers mirror `layout::slot` / `layout::pi_slot` in Rust.
import { IGNORED_REASONS, type IgnoredReason } from './core-enums.ts';
import type { HidFrameErrorCode } from './core-errors.ts';

/** A command to frame: see `reference/board-protocol.md` §2 and `COMMANDS` in core-rs. */
export interface HidCommandRequest {
  category: number;
  command: number;
  /** Numeric parameters in protocol order (integers). */
  args?: readonly number[];
  /** Text for display and Raspberry Pi commands (cut to 60 characters by core-rs). */
  text?: string;
  /** Raw bytes for memory writes (at most 60). */
  data?: Uint8Array;
}

export interface RtcFields {
  second: number;
  minute: number;
  hour: number;
  /** 0 = Sunday … 6; 100 = the board has no RTC module. */
  weekday: number;
  date: number;
  month: number;
  /** Year − 2000. */
  year: number;
}

/** Built-in sensors of GoGo 6/7 in OUR layout (docs/builtin-sensors.md), raw units. */
export interface HidBuiltinSensors {
  gesture: number;
  orientation: number;
  loudness: number;
  light: number;
  proximity: number;
  red: number;
  green: number;
  blue: number;
  /** Tenths of a °C. */
  temperature: number;
  humidity: number;
  /** Signed milli-g. */
  accelX: number;
  accelY: number;
  accelZ: number;
}

/** A decoded type-0 status packet (board-protocol §3.2), raw values. */
export interface HidStatus {
  /** 8 on classic boards, 4 on GoGo 6/7. */
  sensorCount: number;
  /** 0..1023, `sensorCount` entries. */
  sensors: number[];
  boardType: number;
  boardVersion: number;
  hardwareId: number;
  firmwareVersion: number;
  firmwareVersion2: number;
  /** Bit i = port A+i. */
  motorActive: number;
  motorOn: number;
  /** 1 = this way (CW). */
  motorDirection: number;
  /** Ports A..D, raw 0..255. */
  motorPower: number[];
  ir: number;
  rtc: RtcFields;
  /** GoGo 6/7: the fields below are valid. */
  espFamily: boolean;
  joystick: number;
  servoActive: number;
  /** Ports A..D, 0..180. */
  servoAngle: number[];
  /** Ports A..D, 0..100. */
  servoPower: number[];
  wifiStatus: number;
  answer: number;
  builtin: HidBuiltinSensors;
}

/** A decoded type-2 Raspberry Pi status packet (board-protocol §3.3). */
export interface HidPiStatus {
  /** 0 = no Pi alive. */
  revision: number;
  cpuLoad: number;
  cpuTemp: number;
  memoryUsed: number;
  ethIp: number[];
  wlanIp: number[];
  /** bit0 camera on, bit1 find-face active, bit2 face found. */
  camera: number;
  smsFlags: number;
  tapped: number;
  tapX: number;
  tapY: number;
  wifiStatus: number;
  emailStatus: number;
  smsStatus: number;
  rfidStatus: number;
  rfidTag: number;
}

/** One decoded input report. Plain data: crosses Comlink and JSON unchanged. */
export type HidPacket =
  | { type: 'status'; status: HidStatus }
  | { type: 'debug'; text: string }
  | { type: 'pi-status'; pi: HidPiStatus }
  | { type: 'tap'; x: number; y: number }
  | { type: 'key-value'; key: string; value: string }
  | { type: 'response'; command: number; status: number; payload: Uint8Array }
  | { type: 'ignored'; reason: IgnoredReason; packetType: number | null };

/** A report the simulated board asks core-rs to encode. */
export type HidPacketToEncode = Exclude<HidPacket, { type: 'ignored' }>;

const STATUS_SLOTS = 55;
const PI_SLOTS = 22;
const utf8 = new TextDecoder();
const utf8Encoder = new TextEncoder();
const I32_MIN = -0x8000_0000;
const I32_MAX = 0x7fff_ffff;

/** A request that cannot even be packed (not a byte, not an i32). */
export class HidRequestError extends Error {
  constructor(
    readonly code: HidFrameErrorCode,
    message: string,
  ) {
    super(message);
  }
}

const isByte = (n: number) => Number.isInteger(n) && n >= 0 && n <= 255;

/** Packs `[category, command, argc, argc × i32 LE, data…]` for `gg_hid_build`. */
export function packCommandRequest(req: HidCommandRequest): Uint8Array {
  if (!isByte(req.category) || !isByte(req.command)) {
    throw new HidRequestError(
      'unknown-command',
      `no command ${req.command} in category ${req.category}`,
    );
  }
  const args = req.args ?? [];
  if (args.length > 255) throw new HidRequestError('bad-argument-count', 'too many arguments');
  args.forEach((a, i) => {
    if (!Number.isInteger(a) || a < I32_MIN || a > I32_MAX) {
      throw new HidRequestError('out-of-range', `argument ${i + 1} is not an integer: ${a}`);
    }
  });
  const data =
    req.data ?? (req.text === undefined ? new Uint8Array(0) : utf8Encoder.encode(req.text));
  const out = new Uint8Array(3 + args.length * 4 + data.byteLength);
  const view = new DataView(out.buffer);
  out[0] = req.category;
  out[1] = req.command;
  out[2] = args.length;
  args.forEach((a, i) => view.setInt32(3 + i * 4, a, true));
  out.set(data, 3 + args.length * 4);
  return out;
}

/** Packs reports for `gg_hid_decode`: each prefixed by its length (cut to 255). */
export function packReports(reports: readonly Uint8Array[]): Uint8Array {
  let total = 0;
  for (const r of reports) total += 1 + Math.min(r.byteLength, 255);
  const out = new Uint8Array(total);
  let at = 0;
  for (const r of reports) {
    const n = Math.min(r.byteLength, 255);
    out[at] = n;
    out.set(r.subarray(0, n), at + 1);
    at += 1 + n;
  }
  return out;
}

/** Decodes `gg_hid_decode` output records. */
export function decodeRecords(out: Uint8Array): HidPacket[] {
  const view = new DataView(out.buffer, out.byteOffset, out.byteLength);
  const packets: HidPacket[] = [];
  let at = 0;
  while (at + 4 <= out.byteLength) {
    const kind = out[at] ?? 255;
    const aux = out[at + 1] ?? 0;
    const len = view.getUint16(at + 2, true);
    const bodyAt = at + 4;
    const body = out.subarray(bodyAt, bodyAt + len);
    const slot = (i: number) => view.getInt32(bodyAt + i * 4, true);
    switch (kind) {
      case 0:
        packets.push({ type: 'status', status: statusFromSlots(slot) });
        break;
      case 1:
        packets.push({ type: 'debug', text: utf8.decode(body) });
        break;
      case 2:
        packets.push({ type: 'pi-status', pi: piFromSlots(slot) });
        break;
      case 6:
        packets.push({
          type: 'tap',
          x: view.getUint16(bodyAt, true),
          y: view.getUint16(bodyAt + 2, true),
        });
        break;
      case 7: {
        const keyLen = body[0] ?? 0;
        packets.push({
          type: 'key-value',
          key: utf8.decode(body.subarray(1, 1 + keyLen)),
          value: utf8.decode(body.subarray(1 + keyLen)),
        });
        break;
      }
      case 20:
        packets.push({
          type: 'response',
          command: body[0] ?? 0,
          status: body[1] ?? 0,
          // slice() copies out of linear memory.
          payload: body.slice(2),
        });
        break;
      default:
        packets.push({
          type: 'ignored',
          reason: IGNORED_REASONS[aux] ?? 'malformed',
          packetType: len > 0 ? (body[0] ?? null) : null,
        });
    }
    at = bodyAt + len;
  }
  return packets;
}

function range(n: number, f: (i: number) => number): number[] {
  return Array.from({ length: n }, (_, i) => f(i));
}

function statusFromSlots(v: (i: number) => number): HidStatus {
  return {
    sensorCount: v(0),
    sensors: range(Math.min(Math.max(v(0), 0), 8), (i) => v(1 + i)),
    boardType: v(9),
    boardVersion: v(10),
    hardwareId: v(11),
    firmwareVersion: v(12),
    firmwareVersion2: v(13),
    motorActive: v(14),
    motorOn: v(15),
    motorDirection: v(16),
    motorPower: range(4, (i) => v(17 + i)),
    ir: v(21),
    rtc: {
      second: v(22),
      minute: v(23),
      hour: v(24),
      weekday: v(25),
      date: v(26),
      month: v(27),
      year: v(28),
    },
    espFamily: v(29) === 1,
    joystick: v(30),
    servoActive: v(31),
    servoAngle: range(4, (i) => v(32 + i)),
    servoPower: range(4, (i) => v(36 + i)),
    wifiStatus: v(40),
    answer: v(41),
    builtin: {
      gesture: v(42),
      orientation: v(43),
      loudness: v(44),
      light: v(45),
      proximity: v(46),
      red: v(47),
      green: v(48),
      blue: v(49),
      temperature: v(50),
      humidity: v(51),
      accelX: v(52),
      accelY: v(53),
      accelZ: v(54),
    },
  };
}

/** The slot array of a status (the inverse of `statusFromSlots`). */
export function statusToSlots(s: HidStatus): Int32Array {
  const a = new Int32Array(STATUS_SLOTS);
  a[0] = s.sensorCount;
  s.sensors.slice(0, 8).forEach((x, i) => (a[1 + i] = x));
  a[9] = s.boardType;
  a[10] = s.boardVersion;
  a[11] = s.hardwareId;
  a[12] = s.firmwareVersion;
  a[13] = s.firmwareVersion2;
  a[14] = s.motorActive;
  a[15] = s.motorOn;
  a[16] = s.motorDirection;
  s.motorPower.slice(0, 4).forEach((x, i) => (a[17 + i] = x));
  a[21] = s.ir;
  const r = s.rtc;
  a.set([r.second, r.minute, r.hour, r.weekday, r.date, r.month, r.year], 22);
  a[29] = s.espFamily ? 1 : 0;
  a[30] = s.joystick;
  a[31] = s.servoActive;
  s.servoAngle.slice(0, 4).forEach((x, i) => (a[32 + i] = x));
  s.servoPower.slice(0, 4).forEach((x, i) => (a[36 + i] = x));
  a[40] = s.wifiStatus;
  a[41] = s.answer;
  const b = s.builtin;
  a.set(
    [
      b.gesture,
      b.orientation,
      b.loudness,
      b.light,
      b.proximity,
      b.red,
      b.green,
      b.blue,
      b.temperature,
      b.humidity,
      b.accelX,
      b.accelY,
      b.accelZ,
    ],
    42,
  );
  return a;
}

function piFromSlots(v: (i: number) => number): HidPiStatus {
  return {
    revision: v(0),
    cpuLoad: v(1),
    cpuTemp: v(2),
    memoryUsed: v(3),
    ethIp: range(4, (i) => v(4 + i)),
    wlanIp: range(4, (i) => v(8 + i)),
    camera: v(12),
    smsFlags: v(13),
    tapped: v(14),
    tapX: v(15),
    tapY: v(16),
    wifiStatus: v(17),
    emailStatus: v(18),
    smsStatus: v(19),
    rfidStatus: v(20),
    rfidTag: v(21),
  };
}

export function piToSlots(p: HidPiStatus): Int32Array {
  const a = new Int32Array(PI_SLOTS);
  a.set([p.revision, p.cpuLoad, p.cpuTemp, p.memoryUsed], 0);
  a.set(p.ethIp.slice(0, 4), 4);
  a.set(p.wlanIp.slice(0, 4), 8);
  a.set(
    [
      p.camera,
      p.smsFlags,
      p.tapped,
      p.tapX,
      p.tapY,
      p.wifiStatus,
      p.emailStatus,
      p.smsStatus,
      p.rfidStatus,
      p.rfidTag,
    ],
    12,
  );
  return a;
}

function slotBytes(slots: Int32Array): Uint8Array {
  const out = new Uint8Array(slots.length * 4);
  const view = new DataView(out.buffer);
  slots.forEach((v, i) => view.setInt32(i * 4, v, true));
  return out;
}

function concat(head: number[], tail: Uint8Array): Uint8Array {
  const out = new Uint8Array(head.length + tail.byteLength);
  out.set(head, 0);
  out.set(tail, head.length);
  return out;
}

/** Packs a report for `gg_hid_encode`. */
export function packEncodeRequest(p: HidPacketToEncode): Uint8Array {
  switch (p.type) {
    case 'status':
      return concat([0], slotBytes(statusToSlots(p.status)));
    case 'pi-status':
      return concat([2], slotBytes(piToSlots(p.pi)));
    case 'debug':
      return concat([1], utf8Encoder.encode(p.text));
    case 'tap': {
      const out = new Uint8Array(5);
      const view = new DataView(out.buffer);
      out[0] = 6;
      view.setUint16(1, p.x, true);
      view.setUint16(3, p.y, true);
      return out;
    }
    case 'key-value': {
      const key = utf8Encoder.encode(p.key).subarray(0, 255);
      return concat([7, key.byteLength], concat([...key], utf8Encoder.encode(p.value)));
    }
    case 'response':
      return concat([20, p.command & 0xff, p.status & 0xff], p.payload);
  }
}
