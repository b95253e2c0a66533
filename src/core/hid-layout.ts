// Byte layouts of the core-rs HID ABI (core-rs/src/abi/hid.rs, core-rs/src/hid/layout.rs):
// request packing and output decoding. Pure functions on byte arrays; `core-abi.ts` owns
// the pointers. Slot numbers and record kinds come from core-rs (generated/core-facts.ts).
import { IGNORED_REASONS, type IgnoredReason } from './core-enums.ts';
import type { HidFrameErrorCode } from './core-errors.ts';
import { HID_RECORD_KIND, PI_SLOT, STATUS_SLOT } from './generated/core-facts.ts';

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
  /** 8 on classic boards, 4 on GoGo 6/7 and Bright. */
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
  /** GoGo 6/7 and Bright: the fields below are valid. */
  espFamily: boolean;
  joystick: number;
  /** Bit i = port A+i drives its output (a servo, or a relay that is on). */
  servoOn: number;
  servoActive: number;
  /** Bit i = port A+i is used as a relay (power output) rather than a servo. */
  servoRelay: number;
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
const K = HID_RECORD_KIND;

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
      case K.STATUS:
        packets.push({ type: 'status', status: statusFromSlots(slot) });
        break;
      case K.DEBUG:
        packets.push({ type: 'debug', text: utf8.decode(body) });
        break;
      case K.PI_STATUS:
        packets.push({ type: 'pi-status', pi: piFromSlots(slot) });
        break;
      case K.TAP:
        packets.push({
          type: 'tap',
          x: view.getUint16(bodyAt, true),
          y: view.getUint16(bodyAt + 2, true),
        });
        break;
      case K.KEY_VALUE: {
        const keyLen = body[0] ?? 0;
        packets.push({
          type: 'key-value',
          key: utf8.decode(body.subarray(1, 1 + keyLen)),
          value: utf8.decode(body.subarray(1 + keyLen)),
        });
        break;
      }
      case K.RESPONSE:
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

const S = STATUS_SLOT;
const P = PI_SLOT;

/** The single-slot fields of a status and where they sit (the sensor, motor-power, RTC,
 * servo and built-in groups follow their own first slot). */
const STATUS_FIELDS = {
  boardType: S.BOARD_TYPE,
  boardVersion: S.BOARD_VERSION,
  hardwareId: S.HARDWARE_ID,
  firmwareVersion: S.FIRMWARE,
  firmwareVersion2: S.FIRMWARE_2,
  motorActive: S.MOTOR_ACTIVE,
  motorOn: S.MOTOR_ON,
  motorDirection: S.MOTOR_DIRECTION,
  ir: S.IR,
  joystick: S.JOYSTICK,
  servoOn: S.SERVO_ON,
  servoActive: S.SERVO_ACTIVE,
  servoRelay: S.SERVO_RELAY,
  wifiStatus: S.WIFI_STATUS,
  answer: S.ANSWER,
} as const satisfies Partial<Record<keyof HidStatus, number>>;
const RTC_FIELDS = {
  second: S.RTC_SECOND,
  minute: S.RTC_MINUTE,
  hour: S.RTC_HOUR,
  weekday: S.RTC_WEEKDAY,
  date: S.RTC_DATE,
  month: S.RTC_MONTH,
  year: S.RTC_YEAR,
} as const satisfies Record<keyof RtcFields, number>;
const BUILTIN_FIELDS = {
  gesture: S.GESTURE,
  orientation: S.ORIENTATION,
  loudness: S.LOUDNESS,
  light: S.LIGHT,
  proximity: S.PROXIMITY,
  red: S.RED,
  green: S.GREEN,
  blue: S.BLUE,
  temperature: S.TEMPERATURE,
  humidity: S.HUMIDITY,
  accelX: S.ACCEL_X,
  accelY: S.ACCEL_Y,
  accelZ: S.ACCEL_Z,
} as const satisfies Record<keyof HidBuiltinSensors, number>;
const PI_FIELDS = {
  revision: P.REVISION,
  cpuLoad: P.CPU_LOAD,
  cpuTemp: P.CPU_TEMP,
  memoryUsed: P.MEMORY_USED,
  camera: P.CAMERA,
  smsFlags: P.SMS_FLAGS,
  tapped: P.TAPPED,
  tapX: P.TAP_X,
  tapY: P.TAP_Y,
  wifiStatus: P.WIFI_STATUS,
  emailStatus: P.EMAIL_STATUS,
  smsStatus: P.SMS_STATUS,
  rfidStatus: P.RFID_STATUS,
  rfidTag: P.RFID_TAG,
} as const satisfies Partial<Record<keyof HidPiStatus, number>>;

type Slots = (i: number) => number;

/** Reads the fields of `table` from the slots. */
function read<K extends string>(v: Slots, table: Record<K, number>): Record<K, number> {
  const out = {} as Record<K, number>;
  for (const key of Object.keys(table) as K[]) out[key] = v(table[key]);
  return out;
}

/** Writes the fields of `table` into the slots. */
function write<K extends string>(
  a: Int32Array,
  table: Record<K, number>,
  values: Record<NoInfer<K>, number>,
) {
  for (const key of Object.keys(table) as K[]) a[table[key]] = values[key];
}

function statusFromSlots(v: Slots): HidStatus {
  return {
    ...read(v, STATUS_FIELDS),
    sensorCount: v(S.SENSOR_COUNT),
    sensors: range(Math.min(Math.max(v(S.SENSOR_COUNT), 0), 8), (i) => v(S.SENSORS + i)),
    motorPower: range(4, (i) => v(S.MOTOR_POWER + i)),
    rtc: read(v, RTC_FIELDS),
    espFamily: v(S.ESP_FAMILY) === 1,
    servoAngle: range(4, (i) => v(S.SERVO_ANGLE + i)),
    servoPower: range(4, (i) => v(S.SERVO_POWER + i)),
    builtin: read(v, BUILTIN_FIELDS),
  };
}

/** The slot array of a status (the inverse of `statusFromSlots`). */
function statusToSlots(s: HidStatus): Int32Array {
  const a = new Int32Array(S.COUNT);
  write(a, STATUS_FIELDS, s);
  a[S.SENSOR_COUNT] = s.sensorCount;
  a.set(s.sensors.slice(0, 8), S.SENSORS);
  a.set(s.motorPower.slice(0, 4), S.MOTOR_POWER);
  write(a, RTC_FIELDS, s.rtc);
  a[S.ESP_FAMILY] = s.espFamily ? 1 : 0;
  a.set(s.servoAngle.slice(0, 4), S.SERVO_ANGLE);
  a.set(s.servoPower.slice(0, 4), S.SERVO_POWER);
  write(a, BUILTIN_FIELDS, s.builtin);
  return a;
}

function piFromSlots(v: Slots): HidPiStatus {
  return {
    ...read(v, PI_FIELDS),
    ethIp: range(4, (i) => v(P.ETH_IP + i)),
    wlanIp: range(4, (i) => v(P.WLAN_IP + i)),
  };
}

function piToSlots(p: HidPiStatus): Int32Array {
  const a = new Int32Array(P.COUNT);
  write(a, PI_FIELDS, p);
  a.set(p.ethIp.slice(0, 4), P.ETH_IP);
  a.set(p.wlanIp.slice(0, 4), P.WLAN_IP);
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
      return concat([K.STATUS], slotBytes(statusToSlots(p.status)));
    case 'pi-status':
      return concat([K.PI_STATUS], slotBytes(piToSlots(p.pi)));
    case 'debug':
      return concat([K.DEBUG], utf8Encoder.encode(p.text));
    case 'tap': {
      const out = new Uint8Array(5);
      const view = new DataView(out.buffer);
      out[0] = K.TAP;
      view.setUint16(1, p.x, true);
      view.setUint16(3, p.y, true);
      return out;
    }
    case 'key-value': {
      const key = utf8Encoder.encode(p.key).subarray(0, 255);
      return concat([K.KEY_VALUE, key.byteLength], concat([...key], utf8Encoder.encode(p.value)));
    }
    case 'response':
      return concat([K.RESPONSE, p.command & 0xff, p.status & 0xff], p.payload);
  }
}
