// Binary layouts of the core-rs byte-code VM (docs/virtual-board-vm.md): the typed values
// and the encoders/decoders `vm.ts` uses. Little-endian unless a layout says otherwise.
import { Reader } from './byte-reader.ts';
import type { RtcFields } from './hid-layout.ts';
import {
  VM_DISPLAY_TARGETS,
  VM_END_REASONS,
  VM_EVENT,
  VM_FAULT_CODES,
  VM_PI_REPORTERS,
  VM_RUN_STATES,
  type VmDisplayTarget,
  type VmEndReason,
  type VmFaultCode,
  type VmPiReporter,
  type VmRunState,
} from './generated/core-facts.ts';

/** Per-board settings (docs/virtual-board-vm.md). */
export interface VmConfig {
  /** One unit of `wait`, `onfor`, `note`: 100 ms on GoGo 4/5. */
  waitUnitMs: number;
  /** One unit of `timer`. */
  timerUnitMs: number;
  /** One unit of `settickrate`. */
  tickUnitMs: number;
  /** The firmware's pause after each list pass. */
  loopDelayMs: number;
  powerScale: 'percent' | 'legacy';
  /** How `switchN` reads: sensor below 512, sensor 512 or more, or the host's bits. */
  switchMode: 'sensor-low' | 'sensor-high' | 'host';
  seed: number;
}

const DEFAULT_VM_CONFIG: VmConfig = {
  waitUnitMs: 100,
  timerUnitMs: 1,
  tickUnitMs: 100,
  loopDelayMs: 10,
  powerScale: 'percent',
  switchMode: 'sensor-low',
  seed: 0x6060b0a2,
};

/** The RTC the VM reads: the same fields as a status packet's RTC. */
type VmRtc = RtcFields;

/** Level inputs the board sets (docs/virtual-board-vm.md "Input block"). */
export interface VmInputs {
  /** Sensors 1..8 (index 0..7), 0..1023. */
  sensors: readonly number[];
  /** Switch n is bit n−1 (used with switch mode 'host'). */
  switches?: number;
  /** `null`: no RTC module (every clock item reads 100). */
  rtc?: VmRtc | null;
  /** Raspberry Pi reporters. */
  pi?: Partial<Record<VmPiReporter, number>>;
}

interface VmMotor {
  on: boolean;
  /** Direction: this way (clockwise). */
  thisWay: boolean;
  /** Duty, percent. */
  power: number;
  /** The value `setpower` gave (what `apower` reports). */
  powerLevel: number;
}

interface VmServo {
  /** The program has set it. */
  active: boolean;
  /** 0..180. */
  angle: number;
}

interface VmFault {
  code: VmFaultCode;
  /** Address of the failing instruction. */
  pc: number;
  opcode: number;
  message: string;
}

export type VmEvent = { atMs: number } & (
  | { type: 'beep' }
  | { type: 'note'; pitch: number; duration: number }
  | { type: 'show-short'; text: string }
  | { type: 'show-long'; text: string }
  | { type: 'clear-display' }
  | { type: 'record'; index: number; value: number }
  | { type: 'erase'; count: number }
  | { type: 'cloud-record'; public: boolean; name: string; value: number }
  | { type: 'record-to-pi'; name: string; value: number }
  | { type: 'send-message'; topic: string; text: string }
  | { type: 'i2c-write'; addr: number; reg: number; value: number }
  | { type: 'pi'; opcode: number; args: (number | string)[] }
  | { type: 'send'; value: number }
  | { type: 'started' }
  | { type: 'ended'; reason: VmEndReason }
  | { type: 'answer'; value: number }
);

export interface VmSnapshot {
  state: VmRunState;
  instructionSet: '1.3' | 'legacy';
  userLed: boolean;
  autorun: boolean;
  loaded: boolean;
  pc: number;
  stackDepth: number;
  inputDepth: number;
  /** Talk-to mask: bit 0 = port a. */
  talkTo: number;
  motors: VmMotor[];
  servos: VmServo[];
  displayTarget: VmDisplayTarget;
  shortText: string;
  longText: string;
  fault: VmFault | null;
  cursor: number;
  node: number;
  dataPointer: number;
  dataCount: number;
  timer: number;
  eventsDropped: number;
  clockMs: number;
  /** While waiting: the virtual time the program wakes. */
  wakeAtMs: number | null;
  /** Instructions since the program started (wraps at 2^32). */
  instructions: number;
  globals: number[];
  /** What happened since the last step, oldest first. */
  events: VmEvent[];
}

export interface VmStep {
  /** Instructions executed in this step (never more than the budget). */
  executed: number;
  snapshot: VmSnapshot;
}

// Program texts are the UTF-8 bytes the compiler wrote.
const text = new TextDecoder();

export function encodeVmConfig(config: Partial<VmConfig>): Uint8Array {
  const c = { ...DEFAULT_VM_CONFIG, ...config };
  const out = new Uint8Array(28);
  const view = new DataView(out.buffer);
  const values = [
    c.waitUnitMs,
    c.timerUnitMs,
    c.tickUnitMs,
    c.loopDelayMs,
    c.powerScale === 'legacy' ? 1 : 0,
    c.switchMode === 'sensor-high' ? 1 : c.switchMode === 'host' ? 2 : 0,
    c.seed,
  ];
  values.forEach((v, i) => view.setUint32(i * 4, Math.max(0, Math.round(v)) >>> 0, true));
  return out;
}

export function encodeVmInputs(inputs: VmInputs): Uint8Array {
  const out = new Uint8Array(40);
  const view = new DataView(out.buffer);
  const clamp = (v: number, hi: number) => Math.min(hi, Math.max(0, Math.round(v || 0)));
  for (let i = 0; i < 8; i++) view.setUint16(2 * i, clamp(inputs.sensors[i] ?? 0, 1023), true);
  out[16] = clamp(inputs.switches ?? 0, 255);
  const rtc = inputs.rtc === undefined ? DEFAULT_RTC : inputs.rtc;
  out[17] = rtc ? 1 : 0;
  if (rtc) {
    [rtc.second, rtc.minute, rtc.hour, rtc.weekday, rtc.date, rtc.month, rtc.year].forEach(
      (v, i) => (out[18 + i] = clamp(v, 255)),
    );
  }
  VM_PI_REPORTERS.forEach((r, i) =>
    view.setUint16(26 + 2 * i, clamp(inputs.pi?.[r] ?? 0, 65535), true),
  );
  return out;
}

const DEFAULT_RTC: VmRtc = {
  second: 0,
  minute: 0,
  hour: 0,
  weekday: 6,
  date: 1,
  month: 1,
  year: 0,
};

const E = VM_EVENT;

function decodeEvent(type: number, atMs: number, p: Reader, len: number): VmEvent | null {
  const start = p.offset;
  const rest = () => text.decode(p.bytesOf(len - (p.offset - start)));
  switch (type) {
    case E.BEEP:
      return { atMs, type: 'beep' };
    case E.NOTE:
      return { atMs, type: 'note', pitch: p.u16(), duration: p.u16() };
    case E.SHOW_SHORT:
      return { atMs, type: 'show-short', text: rest() };
    case E.SHOW_LONG:
      return { atMs, type: 'show-long', text: rest() };
    case E.CLEAR_DISPLAY:
      return { atMs, type: 'clear-display' };
    case E.RECORD:
      return { atMs, type: 'record', index: p.u16(), value: p.u16() };
    case E.ERASE:
      return { atMs, type: 'erase', count: p.u16() };
    case E.CLOUD_RECORD: {
      const isPublic = p.u8() === 1;
      const value = p.u16();
      return { atMs, type: 'cloud-record', public: isPublic, value, name: rest() };
    }
    case E.RECORD_TO_PI: {
      const value = p.u16();
      return { atMs, type: 'record-to-pi', value, name: rest() };
    }
    case E.SEND_MESSAGE: {
      const topic = p.text();
      return { atMs, type: 'send-message', topic, text: rest() };
    }
    case E.I2C_WRITE:
      return { atMs, type: 'i2c-write', addr: p.u16(), reg: p.u16(), value: p.u16() };
    case E.PI: {
      const opcode = p.u8();
      const args: (number | string)[] = [];
      for (let n = p.u8(); n > 0; n--) args.push(p.u8() === 0 ? p.u16() : p.text());
      return { atMs, type: 'pi', opcode, args };
    }
    case E.SEND:
      return { atMs, type: 'send', value: p.u16() };
    case E.STARTED:
      return { atMs, type: 'started' };
    case E.ENDED:
      return { atMs, type: 'ended', reason: VM_END_REASONS[p.u8()] ?? 'finished' };
    case E.ANSWER:
      return { atMs, type: 'answer', value: p.u8() };
    default:
      return null;
  }
}

/** `vm::snapshot::encode`: the 100-byte header, texts, fault, events. */
export function decodeVmSnapshot(bytes: Uint8Array): VmSnapshot {
  const r = new Reader(bytes);
  r.u8(); // format
  const state = VM_RUN_STATES[r.u8()] ?? 'idle';
  const instructionSet = r.u8() === 1 ? 'legacy' : '1.3';
  const flags = r.u8();
  const pc = r.u16();
  const stackDepth = r.u8();
  const inputDepth = r.u8();
  const talkTo = r.u8();
  const onMask = r.u8();
  const wayMask = r.u8();
  const servoMask = r.u8();
  const power = [r.u8(), r.u8(), r.u8(), r.u8()];
  const angles = [r.u16(), r.u16(), r.u16(), r.u16()];
  const levels = [r.u16(), r.u16(), r.u16(), r.u16()];
  const displayTarget = VM_DISPLAY_TARGETS[r.u8()] ?? 'auto';
  const faultNumber = r.u8();
  const cursor = r.u16();
  const node = r.u16();
  const dataPointer = r.u16();
  const dataCount = r.u16();
  const timer = r.u16();
  const eventsDropped = r.u32();
  const clockMs = r.f64();
  const wake = r.f64();
  const instructions = r.u32();
  const globals = Array.from({ length: 16 }, () => r.u16());
  const shortText = r.text();
  const longText = r.text();
  let fault: VmFault | null = null;
  if (faultNumber > 0) {
    const fpc = r.u16();
    const opcode = r.u8();
    const message = r.text();
    fault = { code: VM_FAULT_CODES[faultNumber - 1] ?? 'bad-opcode', pc: fpc, opcode, message };
  }
  const events: VmEvent[] = [];
  for (let n = r.u16(); n > 0; n--) {
    const type = r.u8();
    const atMs = r.f64();
    const len = r.u16();
    const start = r.offset;
    const e = decodeEvent(type, atMs, r, len);
    if (e) events.push(e);
    r.seek(start + len);
  }
  const bit = (mask: number, i: number) => (mask & (1 << i)) !== 0;
  return {
    state,
    instructionSet,
    userLed: bit(flags, 0),
    autorun: bit(flags, 1),
    loaded: bit(flags, 2),
    pc,
    stackDepth,
    inputDepth,
    talkTo,
    motors: [0, 1, 2, 3].map((i) => ({
      on: bit(onMask, i),
      thisWay: bit(wayMask, i),
      power: power[i] ?? 0,
      powerLevel: levels[i] ?? 0,
    })),
    servos: [0, 1, 2, 3].map((i) => ({ active: bit(servoMask, i), angle: angles[i] ?? 0 })),
    displayTarget,
    shortText,
    longText,
    fault,
    cursor,
    node,
    dataPointer,
    dataCount,
    timer,
    eventsDropped,
    clockMs,
    wakeAtMs: wake < 0 ? null : wake,
    instructions,
    globals,
    events,
  };
}

/** `gg_vm_step`: instructions executed (u32), then the snapshot. */
export function decodeVmStep(bytes: Uint8Array): VmStep {
  const executed = new DataView(bytes.buffer, bytes.byteOffset, 4).getUint32(0, true);
  return { executed, snapshot: decodeVmSnapshot(bytes.subarray(4)) };
}

export function decodeDataLog(bytes: Uint8Array): number[] {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return Array.from({ length: bytes.byteLength >> 1 }, (_, i) => view.getUint16(2 * i, true));
}
