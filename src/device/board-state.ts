// From decoded reports (raw register values) to the board state the app shows, plus the
// board-type facts of the spec (sensor and motor counts, firmware minimums).
import { LEGACY_FIRMWARE } from '../contract/firmware.ts';
import type { HidPiStatus, HidStatus } from '../core/hid-layout.ts';
import {
  BoardType,
  type BoardStatus,
  type BuiltinSensors,
  type ColorHsl,
  type ColorHsv,
  type Motor,
  type PiStatus,
  type Servo,
  type ServoRelay,
} from './device.ts';

/** Standard gravity: acceleration = signed milli-g / 1000 × 9.80665 (spec classroom §9). */
const STANDARD_GRAVITY = 9.80665;

export const PORT_NAMES = ['a', 'b', 'c', 'd'] as const;

/** Hand gesture labels by code (spec classroom §3); i18n keys `device:gesture.<label>`. */
export const GESTURE_LABELS = ['none', 'up', 'down', 'left', 'right'] as const;

/** Orientation labels by code (spec classroom §3); i18n keys `device:orientation.<label>`. */
export const ORIENTATION_LABELS = [
  'none',
  'tiltUp',
  'tiltDown',
  'tiltLeft',
  'tiltRight',
  'faceUp',
  'faceDown',
  'freeFall',
  'shake',
  'hit3g',
  'hit6g',
  'hit8g',
] as const;

/** Board types a user can choose to work with (spec core §3 table, without "none"). */
export const DISPLAY_BOARDS: readonly number[] = [
  BoardType.original,
  BoardType.fifth,
  BoardType.wireless,
  BoardType.v6,
  BoardType.bright,
  BoardType.v7,
];

/** Known board types: 1..6 of the spec table. */
export function isKnownBoardType(type: number): boolean {
  return Number.isInteger(type) && type >= BoardType.original && type <= BoardType.v7;
}

/**
 * GoGo 6, GoGo 7 and GoGo Bright (a KidBright ESP32 with the GoGo extension): the ESP32
 * family, with 4 sensors, servo ports, built-in sensors and Wi-Fi (docs/builtin-sensors.md).
 */
export function isEspFamily(type: number): boolean {
  return type === BoardType.v6 || type === BoardType.v7 || type === BoardType.bright;
}

/** Sensors: 8 on board 5 and below, 4 on 6 and 7 and on Bright (spec core §9). */
export function sensorCount(type: number): number {
  return isEspFamily(type) ? 4 : 8;
}

/** Motor ports shown by default: 4, or 2 for Bright and boards 6/7 (spec core §9). */
export function defaultMotorCount(type: number): number {
  return isEspFamily(type) || type === BoardType.bright ? 2 : 4;
}

/**
 * Minimum firmware (spec core §5): GoGo board 4 (type 1) 111, Pi-topping (type 2) 40;
 * Bright, 6 and 7 are always supported (null).
 */
export function minimumFirmware(type: number): number | null {
  if (type === BoardType.original) return LEGACY_FIRMWARE.gogo4.min;
  if (type === BoardType.fifth) return LEGACY_FIRMWARE.piTopping.min;
  return null;
}

export function isFirmwareSupported(type: number, firmware: number): boolean {
  const min = minimumFirmware(type);
  return min === null || firmware >= min;
}

const bit = (mask: number, i: number) => (mask & (1 << i)) !== 0;

/** Raw power byte 0..255 → percent, as CGO shows it: ceil(v / 255 × 100). */
function powerPercent(raw: number): number {
  return Math.min(100, Math.max(0, Math.ceil((raw / 255) * 100)));
}

function rgbToHsv(r: number, g: number, b: number): ColorHsv {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const d = max - min;
  return {
    h: hue(rr, gg, bb, max, d),
    s: max === 0 ? 0 : Math.round((d / max) * 100),
    v: Math.round(max * 100),
  };
}

function rgbToHsl(r: number, g: number, b: number): ColorHsl {
  const [rr, gg, bb] = [r / 255, g / 255, b / 255];
  const max = Math.max(rr, gg, bb);
  const min = Math.min(rr, gg, bb);
  const d = max - min;
  const l = (max + min) / 2;
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1));
  return { h: hue(rr, gg, bb, max, d), s: Math.round(s * 100), l: Math.round(l * 100) };
}

function hue(r: number, g: number, b: number, max: number, d: number): number {
  if (d === 0) return 0;
  let h: number;
  if (max === r) h = ((g - b) / d) % 6;
  else if (max === g) h = (b - r) / d + 2;
  else h = (r - g) / d + 4;
  return Math.round((h * 60 + 360) % 360);
}

const accel = (milliG: number) => (milliG / 1000) * STANDARD_GRAVITY;

function builtinSensors(s: HidStatus): BuiltinSensors {
  const b = s.builtin;
  const [x, y, z] = [accel(b.accelX), accel(b.accelY), accel(b.accelZ)];
  return {
    handGesture: b.gesture,
    orientation: b.orientation,
    loudness: b.loudness,
    light: b.light,
    proximity: b.proximity,
    rgb: { r: b.red, g: b.green, b: b.blue },
    colorHsv: rgbToHsv(b.red, b.green, b.blue),
    colorHsl: rgbToHsl(b.red, b.green, b.blue),
    accelX: x,
    accelY: y,
    accelZ: z,
    acceleration: Math.sqrt(x * x + y * y + z * z),
    temperature: b.temperature / 10,
    humidity: b.humidity,
  };
}

/** The board state the UI shows, from a decoded status packet. */
export function toBoardStatus(s: HidStatus): BoardStatus {
  const motors: Motor[] = PORT_NAMES.map((name, i) => ({
    name,
    isActive: bit(s.motorActive, i),
    isOn: bit(s.motorOn, i),
    direction: bit(s.motorDirection, i) ? 'cw' : 'ccw',
    power: powerPercent(s.motorPower[i] ?? 0),
  }));
  const servoRelays: ServoRelay[] = PORT_NAMES.map((name, i) => {
    const esp = s.espFamily;
    return {
      name,
      mode: esp && bit(s.servoRelay, i) ? 'relay' : 'servo',
      isActive: esp && bit(s.servoActive, i),
      isOn: esp && bit(s.servoOn, i),
      angle: esp ? (s.servoAngle[i] ?? 0) : 0,
      power: esp ? (s.servoPower[i] ?? 0) : 0,
    };
  });
  const servos: Servo[] = servoRelays.map((r) => ({
    name: r.name,
    isActive: r.isActive,
    isOn: r.mode === 'servo' && r.isOn,
    angle: r.angle,
  }));
  return {
    board: {
      boardType: s.boardType,
      boardVersion: s.boardVersion,
      firmwareVersion: s.firmwareVersion,
      semanticFirmwareVersion: '',
    },
    sensors: s.sensors.slice(),
    motors,
    servos,
    servoRelays,
    builtin: s.espFamily ? builtinSensors(s) : null,
    irValue: s.ir,
    rtc: {
      year: 2000 + s.rtc.year,
      month: s.rtc.month,
      date: s.rtc.date,
      hour: s.rtc.hour,
      minute: s.rtc.minute,
      second: s.rtc.second,
      weekday: s.rtc.weekday,
      present: s.rtc.weekday !== 100,
    },
    answer: s.espFamily ? s.answer : 0,
    wifiStatus: s.espFamily ? s.wifiStatus : 0,
  };
}

const ip = (parts: number[]) => parts.join('.');

/** The Raspberry Pi state the UI shows, from a decoded Pi status packet. */
export function toPiStatus(p: HidPiStatus): PiStatus {
  return {
    alive: p.revision !== 0,
    revision: p.revision,
    ipAddress: ip(p.ethIp),
    wlanIpAddress: ip(p.wlanIp),
    cpuLoad: p.cpuLoad,
    cpuTemp: p.cpuTemp,
    memoryUsed: p.memoryUsed,
    camera: { on: bit(p.camera, 0), findFace: bit(p.camera, 1), faceFound: bit(p.camera, 2) },
    wifiStatus: p.wifiStatus,
    emailStatus: p.emailStatus,
    smsStatus: p.smsStatus,
    smsFlags: p.smsFlags,
    tapped: p.tapped === 1,
    tap: { x: p.tapX, y: p.tapY },
    rfidStatus: p.rfidStatus,
    rfidTag: p.rfidTag,
  };
}

/** Spec core §8 Wi-Fi codes → i18n key under `device:pi.wifiStatus`. */
export function wifiStatusKey(code: number): string {
  return (
    ['idle', 'connecting', 'success', 'authError', 'ssidNotFound', 'unknown'][code] ?? 'unknown'
  );
}

/** Spec core §8 e-mail codes (1 and 11 sending, 2 and 12 success) → i18n key. */
export function emailStatusKey(code: number): string {
  const keys: Record<number, string> = {
    0: 'idle',
    1: 'sending',
    11: 'sending',
    2: 'success',
    12: 'success',
    3: 'connectionError',
    4: 'authError',
    5: 'conflict',
    6: 'unknown',
  };
  return keys[code] ?? 'unknown';
}

/** Spec core §8 SMS codes → i18n key. */
export function smsStatusKey(code: number): string {
  return ['idle', 'sending', 'success', 'error', 'noDevice', 'noSim', 'unknown'][code] ?? 'unknown';
}
