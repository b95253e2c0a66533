// A virtual GoGo board that speaks the real protocol (board-protocol §9 "Simulator
// behaviour checklist"): it takes 63-byte command payloads, keeps motor, servo, LED,
// display, RTC, voice, relay and program-area state, and produces status packets (and Pi
// status packets when the Pi companion is on) encoded by core-rs, on a virtual clock.
// It is a plain class: the worker (src/virtual-board/worker/board-sim-worker-api.ts) drives it through a
// UsbLink in real time, tests drive it frame by frame.
import type { MemReadPacket, WasmCore } from '../../core/wasm-core.ts';
import type {
  HidBuiltinSensors,
  HidPacketToEncode,
  HidStatus,
  RtcFields,
} from '../../core/hid-layout.ts';
import { isEspFamily, sensorCount } from '../../device/board-state.ts';
import { BoardType } from '../../device/device.ts';
import {
  PiCompanion,
  PI_STATUS_PERIOD_MS,
  type PiOptions,
  type PiSimState,
} from './pi-companion.ts';
import type { BoardIo, ProgramRunner } from './program-runner.ts';
import { SimDatalog, type DatalogReadStream, type SimDatalogInfo } from './sim-datalog.ts';
import type { LinkDevice } from './usb-link.ts';

/**
 * Routes a running program's data-log events (VM `record`, `erase`) into the board's
 * offline data log. The VM runner is made before the board, hence the getter.
 */
export function programDatalogEvents(
  board: () => SimulatedBoard | null,
): (event: { type: string; value?: number }) => void {
  return (e) => {
    if (e.type === 'record') board()?.recordFromProgram(e.value ?? 0);
    else if (e.type === 'erase') board()?.datalog.clear();
  };
}

/** Encodes input reports (core-rs `gg_hid_encode` through a WasmCore). */
export interface ReportEncoder {
  encode(packet: HidPacketToEncode): Uint8Array;
}

/**
 * The board side of MEM_READ (docs/protocol-extensions.md): the reply packets to a request
 * payload over the program area, of which the last download wrote `programLength` bytes.
 */
export type MemReadReplier = (
  area: Uint8Array,
  programLength: number,
  autorun: boolean,
  request: Uint8Array,
) => MemReadPacket[];

/** MEM_READ replies built by core-rs (`memReadReply`). */
export function wasmMemRead(core: WasmCore): MemReadReplier {
  return (area, programLength, autorun, request) => {
    const r = core.memReadReply(area, programLength, autorun, request);
    // A request core-rs cannot read is answered like a bad range: one failure packet.
    return r.ok ? r.value : [{ status: 2, payload: new Uint8Array(5) }];
  };
}

/** The encoder backed by core-rs (the same layout tables as the decoder). */
export function wasmEncoder(core: WasmCore): ReportEncoder {
  return {
    encode(packet) {
      const r = core.encodeHidReport(packet);
      if (!r.ok) throw new Error(`encode ${packet.type}: ${r.error.message}`);
      return r.value;
    },
  };
}

export interface SimConfig {
  /** Numeric board type (spec core §3); default 6 = GoGo board 7. */
  boardType: number;
  boardVersion: number;
  /** Default 42 (spec core §3 "The default board is version 7 with firmware 42"). */
  firmwareVersion: number;
  /** GoGo 6 communication CPU (STM32) firmware, status byte 21. */
  stmFirmwareVersion: number;
  /** Virtual ms between status packets (the real rate is unknown, §10 question 2). */
  statusPeriodMs: number;
  /** Without an RTC module the board reports day-of-week 100 (§3.2). */
  rtcPresent: boolean;
  /** A Raspberry Pi companion (Pi-topping) is attached. */
  pi: boolean;
}

export const DEFAULT_SIM_CONFIG: SimConfig = {
  boardType: BoardType.v7,
  boardVersion: 1,
  firmwareVersion: 42,
  stmFirmwareVersion: 10,
  statusPeriodMs: 20,
  rtcPresent: true,
  pi: false,
};

/** The program area the download fills (spec core §9 "Max byte code length 2048"). */
export const PROGRAM_AREA_BYTES = 2048;
/** Reports the board buffers for the host; when full, the oldest status is dropped. */
export const REPORT_QUEUE_LIMIT = 64;
/** The Pi daemon repeats a key with an empty value shortly after (board-protocol §3.4). */
export const KEY_VALUE_CLEAR_MS = 100;
/** Response packet command IDs of this project's extensions (docs/protocol-extensions.md). */
export const MEM_READ_COMMAND = 4;
export const TASMOTA_COMMAND = 21;
/** The board's Wi-Fi status once it joined a network (the simulator's join ends here). */
const WIFI_CONNECTED = 2;

/** A pretend Tasmota device the virtual board reaches over its Wi-Fi. */
export interface SimTasmota {
  host: string;
  on: boolean;
}

export interface SimMotor {
  active: boolean;
  on: boolean;
  /** This way (CW). */
  cw: boolean;
  /** 0..100 as commanded. */
  power: number;
}

export interface SimServo {
  active: boolean;
  /** Drives its output: holds an angle (servo) or has power above 0 (relay). */
  on: boolean;
  /** Used as a relay (a power output, command 19) rather than a servo. */
  relay: boolean;
  angle: number;
  power: number;
}

/** Everything the simulator panel shows. Plain data (crosses the worker boundary). */
export interface SimState {
  config: SimConfig;
  clockMs: number;
  sensors: number[];
  builtin: HidBuiltinSensors;
  ir: number;
  answer: number;
  motors: SimMotor[];
  servos: SimServo[];
  leds: { id: number; on: boolean }[];
  display: { short: string; long: string };
  rtc: RtcFields;
  voice: { playing: boolean; track: number; tracks: number };
  wifi: { ssid: string; status: number };
  autorun: boolean;
  program: {
    length: number;
    running: boolean;
    preview: number[];
    overflow: number;
    /** Why the program stopped with an error (a VM fault), or null. */
    fault: string | null;
    /** Program runs started (by the host, the panel or autorun). */
    runs: number;
  };
  tasmota: SimTasmota[];
  /** Bytes written through the absolute memory pointer (legacy firmware path). */
  flashBytes: number;
  beeps: number;
  commands: number;
  unknownCommands: number;
  lastCommand: string;
  pi: PiSimState | null;
  datalog: SimDatalogInfo;
}

export type SimEvent = { type: 'beep' };

const ZERO_BUILTIN: HidBuiltinSensors = {
  gesture: 0,
  orientation: 0,
  loudness: 0,
  light: 0,
  proximity: 0,
  red: 0,
  green: 0,
  blue: 0,
  temperature: 250,
  humidity: 50,
  accelX: 0,
  accelY: 0,
  accelZ: 1000,
};

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));
const u16 = (p: Uint8Array, at: number) => ((p[at] ?? 0) << 8) | (p[at + 1] ?? 0);
const ascii = (p: Uint8Array, from: number, max: number) => {
  let s = '';
  for (let i = from; i < Math.min(p.length, from + max); i++) {
    const b = p[i] ?? 0;
    if (b === 0) break;
    s += String.fromCharCode(b);
  }
  return s;
};

/** RTC fields held as "what the host set" plus the virtual time it was set at. */
interface RtcBase {
  epochMs: number;
  weekday: number;
  setAtMs: number;
}

const DAY_MS = 86_400_000;

/** A length-prefixed UTF-8 text (p1 = length, text from payload offset 3). */
function lengthText(p: Uint8Array): string {
  return new TextDecoder().decode(p.subarray(3, 3 + Math.min(p[2] ?? 0, 60)));
}

export interface SimulatedBoardOptions {
  config?: Partial<SimConfig>;
  pi?: PiOptions;
  /** The byte-code VM; without it run/stop only flips a flag. */
  runner?: ProgramRunner;
  /** Answers MEM_READ; without it the command is unknown (as on a board without it). */
  memRead?: MemReadReplier;
  onEvent?: (event: SimEvent) => void;
}

export class SimulatedBoard implements LinkDevice {
  private config: SimConfig;
  private now = 0;
  private nextStatusAt = 0;
  private nextPiAt = 0;
  private readonly queue: Uint8Array[] = [];
  private readonly delayed: { at: number; packet: HidPacketToEncode }[] = [];
  private sensors = [0, 0, 0, 0, 0, 0, 0, 0];
  private builtin: HidBuiltinSensors = { ...ZERO_BUILTIN };
  private ir = 0;
  private answer = 0;
  private motorMask = 0;
  private motors: SimMotor[] = [];
  private servoMask = 0;
  private servos: SimServo[] = [];
  private leds = new Map<number, boolean>();
  private display = { short: '', long: '' };
  private rtc: RtcBase = { epochMs: Date.UTC(2000, 0, 1), weekday: 6, setAtMs: 0 };
  private voice = { playing: false, track: 1, tracks: 10 };
  private wifi = { ssid: '', password: '', status: 0 };
  private wifiReadyAt = 0;
  private autorun = false;
  private readonly program = new Uint8Array(PROGRAM_AREA_BYTES);
  private programLength = 0;
  private pointer = 0;
  private pointerMode: 'logo' | 'flash' = 'logo';
  private overflow = 0;
  private flashBytes = 0;
  private running = false;
  private runs = 0;
  private fault: string | null = null;
  private readonly tasmota = new Map<string, boolean>();
  private beeps = 0;
  private commands = 0;
  private unknownCommands = 0;
  private lastCommand = '';
  private pi: PiCompanion | null = null;
  /** The offline data log (board-protocol §5) and the read in progress. */
  readonly datalog = new SimDatalog();
  private datalogRead: DatalogReadStream | null = null;
  private readonly piOptions: PiOptions;
  private readonly runner: ProgramRunner | undefined;
  private readonly memRead: MemReadReplier | undefined;
  private readonly onEvent: (event: SimEvent) => void;

  constructor(
    private readonly encoder: ReportEncoder,
    options: SimulatedBoardOptions = {},
  ) {
    this.config = { ...DEFAULT_SIM_CONFIG, ...options.config };
    this.piOptions = options.pi ?? {};
    this.runner = options.runner;
    this.memRead = options.memRead;
    this.onEvent = options.onEvent ?? (() => {});
    this.resetOutputs();
    if (this.config.pi) this.pi = new PiCompanion(this.piOptions);
  }

  // ---- The panel's controls -------------------------------------------------------------

  configure(config: Partial<SimConfig>): void {
    this.config = { ...this.config, ...config };
    if (this.config.pi && !this.pi) this.pi = new PiCompanion(this.piOptions);
    if (!this.config.pi) this.pi = null;
    this.nextStatusAt = this.now;
  }

  /** Sensor 1..8 (1-based, as on the board), value 0..1023. */
  setSensor(port: number, value: number): void {
    if (port >= 1 && port <= 8) this.sensors[port - 1] = clamp(Math.round(value), 0, 1023);
  }

  setBuiltin(values: Partial<HidBuiltinSensors>): void {
    this.builtin = { ...this.builtin, ...values };
  }

  setIr(code: number): void {
    this.ir = clamp(Math.round(code), 0, 255);
    if (this.running && this.ir !== 0) this.runner?.receiveIr?.(this.ir);
  }

  /** The answer byte (status byte 34): the panel, or a program's `setanswer`. */
  setAnswer(value: number): void {
    this.answer = clamp(Math.round(value), 0, 255);
    this.nextStatusAt = this.now;
  }

  /** A key-value message from the Pi side (then the same key empty, as the daemon does). */
  sendKeyValue(key: string, value: string): void {
    const k = key.toLowerCase();
    this.deliverKeyValue(k, value.toLowerCase());
    this.enqueue({ type: 'key-value', key: k, value: value.toLowerCase() });
    this.delayed.push({
      at: this.now + KEY_VALUE_CLEAR_MS,
      packet: { type: 'key-value', key: k, value: '' },
    });
  }

  sendDebug(text: string): void {
    this.enqueue({ type: 'debug', text });
  }

  tapPiScreen(x: number, y: number): void {
    this.pi?.tapAt(x, y);
  }

  powerOnPi(): void {
    this.pi?.powerOn();
  }

  /** Queues a type-20 response packet (board-protocol §3.5). */
  respond(command: number, status: number, payload: Uint8Array = new Uint8Array(0)): void {
    this.enqueue({ type: 'response', command, status, payload });
  }

  /** Encodes a type-20 response packet without queueing it. */
  encodeResponse(
    command: number,
    status: number,
    payload: Uint8Array = new Uint8Array(0),
  ): Uint8Array {
    return this.encoder.encode({ type: 'response', command, status, payload });
  }

  /** Drops queued reports (the board lost power or left the bus). */
  clearReports(): void {
    this.queue.length = 0;
    this.delayed.length = 0;
  }

  /**
   * A program's `record` (a VM event): one record in the offline data log at the board's
   * time in seconds — its clock when it has an RTC, else the time since power-on.
   */
  recordFromProgram(value: number, name = 'record'): void {
    const ms = this.config.rtcPresent ? this.rtc.epochMs + (this.now - this.rtc.setAtMs) : this.now;
    this.datalog.append(Math.floor(ms / 1000), name, value);
  }

  /** The program area as downloaded. */
  programBytes(): Uint8Array {
    return this.program.slice(0, this.programLength);
  }

  /**
   * The reset button: like a power cycle, outputs are cleared and the program in the
   * program area runs again when its autorun state is set (docs/virtual-board-vm.md).
   */
  reset(): void {
    this.reboot();
  }

  /** The board's run button: starts the program, or stops it when it runs. */
  pressRunButton(): void {
    this.logoControl(2);
  }

  // ---- LinkDevice -----------------------------------------------------------------------

  receive(payload: Uint8Array): boolean {
    this.commands++;
    this.apply(payload);
    // The application takes every report (its buffer never fills).
    return true;
  }

  /** Carries out a command payload (from the host, or from the running program). */
  private apply(payload: Uint8Array): void {
    const category = payload[0] ?? 255;
    const command = payload[1] ?? 255;
    this.lastCommand = `${category}/${command}`;
    let known: boolean;
    switch (category) {
      case 0:
        known = this.output(command, payload);
        break;
      case 1:
        known = this.memory(command, payload);
        break;
      case 2:
        known = this.pi !== null;
        this.pi?.command(payload);
        break;
      case 20:
        known = this.event(command);
        break;
      default:
        known = false;
    }
    if (!known) this.unknownCommands++;
  }

  tick(nowMs: number): void {
    this.now = nowMs;
    if (nowMs >= this.nextStatusAt) {
      this.nextStatusAt = nowMs + this.config.statusPeriodMs;
      this.enqueueStatus();
    }
    if (this.pi) {
      this.pi.tick(nowMs);
      if (nowMs >= this.nextPiAt) {
        this.nextPiAt = nowMs + PI_STATUS_PERIOD_MS;
        this.enqueue({ type: 'pi-status', pi: this.pi.status() });
      }
    }
    if (this.wifi.status === 1 && nowMs >= this.wifiReadyAt) this.wifi.status = 2;
    for (let i = this.delayed.length - 1; i >= 0; i--) {
      const d = this.delayed[i];
      if (d && d.at <= nowMs) {
        this.delayed.splice(i, 1);
        this.enqueue(d.packet);
      }
    }
    if (this.running && this.runner) this.runProgramFrame(this.runner);
  }

  /** One frame of the program; the running flag follows the runner (a program ends). */
  private runProgramFrame(runner: ProgramRunner): void {
    try {
      runner.tick(this.io);
    } catch (e) {
      // A broken VM instance: stop rather than take the board's stream down with it.
      this.fault = e instanceof Error ? e.message : String(e);
      this.running = false;
      return;
    }
    if (!runner.running) {
      this.running = false;
      this.fault = runner.fault ?? null;
    }
  }

  nextReport(): Uint8Array | null {
    const queued = this.queue.shift();
    if (queued) return queued;
    // A datalog read fills every frame the status stream leaves free.
    const read = this.datalogRead;
    if (!read) return null;
    const packet = read.next();
    if (read.done) this.datalogRead = null;
    return packet;
  }

  // ---- State for the panel --------------------------------------------------------------

  state(): SimState {
    this.syncActiveFlags();
    return {
      config: { ...this.config },
      clockMs: this.now,
      sensors: this.sensors.slice(),
      builtin: { ...this.builtin },
      ir: this.ir,
      answer: this.answer,
      motors: this.motors.map((m) => ({ ...m })),
      servos: this.servos.map((s) => ({ ...s })),
      leds: [...this.leds].map(([id, on]) => ({ id, on })).sort((a, b) => a.id - b.id),
      display: { ...this.display },
      rtc: this.rtcFields(),
      voice: { ...this.voice },
      wifi: { ssid: this.wifi.ssid, status: this.wifi.status },
      autorun: this.autorun,
      program: {
        length: this.programLength,
        running: this.running,
        preview: Array.from(this.program.subarray(0, Math.min(this.programLength, 32))),
        overflow: this.overflow,
        fault: this.fault,
        runs: this.runs,
      },
      tasmota: [...this.tasmota].map(([host, on]) => ({ host, on })),
      flashBytes: this.flashBytes,
      beeps: this.beeps,
      commands: this.commands,
      unknownCommands: this.unknownCommands,
      lastCommand: this.lastCommand,
      pi: this.pi ? this.pi.snapshotState() : null,
      datalog: {
        records: this.datalog.records,
        names: [...this.datalog.seriesNames],
        readPercent: this.datalogRead ? this.datalogRead.percent : null,
      },
    };
  }

  /** The status packet as the board would send it now. */
  status(): HidStatus {
    const cfg = this.config;
    const esp = isEspFamily(cfg.boardType);
    const count = sensorCount(cfg.boardType);
    const mask = (f: (i: number) => boolean) =>
      [0, 1, 2, 3].reduce((m, i) => m | (f(i) ? 1 << i : 0), 0);
    const rtc = this.rtcFields();
    return {
      sensorCount: count,
      sensors: this.sensors.slice(0, count),
      boardType: cfg.boardType,
      boardVersion: cfg.boardVersion,
      hardwareId: esp ? 0x0c : 0,
      firmwareVersion: cfg.firmwareVersion,
      firmwareVersion2: esp ? cfg.stmFirmwareVersion : 0,
      motorActive: this.motorMask,
      motorOn: mask((i) => this.motors[i]?.on ?? false),
      motorDirection: mask((i) => this.motors[i]?.cw ?? false),
      // Power 0–100 in the command becomes 0–255 in the status [inferred, §9]; floor keeps
      // ceil(v / 255 × 100) on the host equal to the commanded percent.
      motorPower: this.motors.map((m) => Math.floor((m.power * 255) / 100)),
      ir: this.ir,
      rtc,
      espFamily: esp,
      joystick: 0,
      servoOn: mask((i) => this.servos[i]?.on ?? false),
      servoActive: this.servoMask,
      servoRelay: mask((i) => this.servos[i]?.relay ?? false),
      servoAngle: this.servos.map((s) => s.angle),
      servoPower: this.servos.map((s) => s.power),
      wifiStatus: this.wifi.status,
      answer: this.answer,
      builtin: { ...this.builtin },
    };
  }

  // ---- Commands ---------------------------------------------------------------------------

  private readonly io: BoardIo = ((board: SimulatedBoard) => ({
    sensor: (port: number) => board.sensors[port - 1] ?? 0,
    execute: (payload: Uint8Array) => board.apply(payload),
    setAnswer: (value: number) => board.setAnswer(value),
    get nowMs() {
      return board.now;
    },
  }))(this);

  /** A servo command: the port drives a servo at `angle` (a relay port becomes a servo). */
  private servoTo(servo: SimServo, angle: number): void {
    servo.angle = angle;
    servo.relay = false;
    servo.on = true;
  }

  private forActive<T>(items: T[], mask: number, f: (item: T) => void): void {
    items.forEach((item, i) => {
      if (mask & (1 << i)) f(item);
    });
  }

  /** Category 0 (board-protocol §2.3). */
  private output(command: number, p: Uint8Array): boolean {
    const p1 = p[2] ?? 0;
    const p2 = p[3] ?? 0;
    switch (command) {
      case 1: // ping: the reply format is unknown (§10 question 5), so none is sent
        return true;
      case 2:
        this.forActive(this.motors, this.motorMask, (m) => (m.on = p2 === 1));
        return true;
      case 3:
        this.forActive(this.motors, this.motorMask, (m) => (m.cw = p2 === 1));
        return true;
      case 4:
        this.forActive(this.motors, this.motorMask, (m) => (m.cw = !m.cw));
        return true;
      case 6: {
        const power = clamp(u16(p, 3), 0, 100);
        this.forActive(this.motors, this.motorMask, (m) => (m.power = power));
        return true;
      }
      case 7:
        this.motorMask = p1 & 0x0f;
        return true;
      case 8:
        if (p1 < 4) this.motorMask ^= 1 << p1;
        return true;
      case 9: // servo duty (GoGo 4) / servo angle (ESP32 boards)
      case 17: {
        const angle = clamp(u16(p, 3), 0, 180);
        this.forActive(this.servos, this.servoMask, (s) => this.servoTo(s, angle));
        return true;
      }
      case 10:
        this.leds.set(p1, p2 === 1);
        return true;
      case 11:
        this.beeps++;
        this.onEvent({ type: 'beep' });
        return true;
      case 12:
        this.autorun = p1 === 1;
        return true;
      case 13:
        this.logoControl(p1);
        return true;
      case 14:
        this.servoMask = p1 & 0x0f;
        return true;
      case 15: // this way: turn by the given degrees [inferred direction, §10 question 15]
      case 16: {
        const delta = clamp(u16(p, 3), 0, 180) * (command === 15 ? 1 : -1);
        this.forActive(this.servos, this.servoMask, (s) =>
          this.servoTo(s, clamp(s.angle + delta, 0, 180)),
        );
        return true;
      }
      case 18:
        if (p1 < 4) this.servoMask ^= 1 << p1;
        return true;
      case 19: {
        const power = clamp(u16(p, 3), 0, 100);
        this.forActive(this.servos, this.servoMask, (s) => {
          s.relay = true;
          s.power = power;
          s.on = power > 0;
        });
        return true;
      }
      case 50:
        this.syncRtc(p);
        return true;
      case 51: // read RTC: the board refreshes the stream at once
        this.nextStatusAt = this.now;
        return true;
      case 60:
        this.display.short = ascii(p, 2, 4);
        return true;
      case 61:
        this.display.long = ascii(p, 2, 60);
        return true;
      case 62:
        this.display = { short: '', long: '' };
        return true;
      case 70:
        if (this.voice.tracks > 0) this.voice.playing = !this.voice.playing;
        return true;
      case 71:
        if (this.voice.tracks > 0) this.voice.track = (this.voice.track % this.voice.tracks) + 1;
        return true;
      case 72:
        if (this.voice.tracks > 0) {
          this.voice.track = ((this.voice.track + this.voice.tracks - 2) % this.voice.tracks) + 1;
        }
        return true;
      case 73:
        if (p1 >= 1 && p1 <= this.voice.tracks) this.voice.track = p1;
        return true;
      case 74:
        this.voice = { playing: false, track: 0, tracks: 0 };
        return true;
      case 100:
        this.reboot();
        return true;
      case 105:
        this.answer = 0;
        this.nextStatusAt = this.now;
        return true;
      case 201:
      case 202:
      case 203:
      case 204:
        // Firmware update modes and OUR firmware queries: the device around the board
        // (firmware/simulated-device.ts) acts on them.
        return true;
      default:
        return false;
    }
  }

  /** Category 1 (board-protocol §2.4). */
  private memory(command: number, p: Uint8Array): boolean {
    switch (command) {
      case 1:
        this.pointerMode = 'logo';
        this.pointer = 0;
        this.programLength = 0;
        this.overflow = 0;
        return true;
      case 2:
        this.pointerMode = 'flash';
        this.pointer = u16(p, 2);
        return true;
      case 3: {
        const n = Math.min(p[2] ?? 0, 60);
        const data = p.subarray(3, 3 + n);
        if (this.pointerMode === 'flash') {
          this.flashBytes += data.length;
          this.pointer += data.length;
          return true;
        }
        const room = Math.max(0, PROGRAM_AREA_BYTES - this.pointer);
        this.program.set(data.subarray(0, room), this.pointer);
        this.overflow += Math.max(0, data.length - room);
        this.pointer += data.length;
        this.programLength = Math.min(
          PROGRAM_AREA_BYTES,
          Math.max(this.programLength, this.pointer),
        );
        return true;
      }
      case 4:
        if (!this.memRead) return false;
        this.readMemory(p);
        return true;
      case 10:
        this.wifi.ssid = lengthText(p);
        this.joinBoardWifi();
        return true;
      case 11:
        this.wifi.password = lengthText(p);
        this.joinBoardWifi();
        return true;
      case 20:
        this.broadcast(lengthText(p));
        return true;
      case 21:
        this.tasmotaCommand(lengthText(p));
        return true;
      default:
        return false;
    }
  }

  /** Category 20 (board-protocol §2.6, §5). */
  private event(command: number): boolean {
    if (command === 2) {
      // A new read restarts from the first section; no log answers "empty" (status 3).
      this.datalogRead = this.datalog.startRead();
      if (!this.datalogRead) {
        this.enqueue({ type: 'response', command: 2, status: 3, payload: new Uint8Array(0) });
      }
      return true;
    }
    if (command === 3) {
      // Clear has no reply (§2.6); a read in progress stops.
      this.datalog.clear();
      this.datalogRead = null;
      return true;
    }
    return false;
  }

  /** MEM_READ: reply packets from core-rs, queued back to back (protocol-extensions.md). */
  private readMemory(request: Uint8Array): void {
    const packets = this.memRead?.(this.program, this.programLength, this.autorun, request) ?? [];
    for (const packet of packets) {
      this.enqueue({ type: 'response', command: MEM_READ_COMMAND, ...packet });
    }
  }

  /** NET_BROADCAST: to the program, to the network, and echoed to the host. */
  private broadcast(text: string): void {
    const comma = text.indexOf(',');
    const key = (comma < 0 ? text : text.slice(0, comma)).trim().toLowerCase();
    const value = comma < 0 ? '' : text.slice(comma + 1);
    if (key === '') return;
    this.deliverKeyValue(key, value);
    this.enqueue({ type: 'key-value', key, value });
  }

  private deliverKeyValue(key: string, value: string): void {
    if (this.running && value !== '') this.runner?.receiveKeyValue?.(key, value);
  }

  /** NET_TASMOTA against pretend devices (docs/protocol-extensions.md). */
  private tasmotaCommand(text: string): void {
    const reply = (status: 1 | 2, body: string) =>
      this.enqueue({
        type: 'response',
        command: TASMOTA_COMMAND,
        status,
        payload: new TextEncoder().encode(body).subarray(0, 60),
      });
    const comma = text.indexOf(',');
    const host = comma < 0 ? '' : text.slice(0, comma).trim().toLowerCase();
    const command =
      comma < 0
        ? ''
        : text
            .slice(comma + 1)
            .trim()
            .toLowerCase();
    if (host === '' || command === '') return reply(2, 'bad-request');
    if (this.wifi.status !== WIFI_CONNECTED) return reply(2, 'no-wifi');
    if (host.startsWith('unreachable')) return reply(2, 'unreachable');
    const was = this.tasmota.get(host) ?? false;
    const words = command.split(/\s+/);
    if (words[0] !== 'power' || words.length > 2) return reply(1, '{"Command":"Unknown"}');
    const arg = words[1];
    const on =
      arg === undefined
        ? was
        : arg === 'on' || arg === '1'
          ? true
          : arg === 'off' || arg === '0'
            ? false
            : arg === 'toggle' || arg === '2'
              ? !was
              : null;
    if (on === null) return reply(1, '{"Command":"Unknown"}');
    this.tasmota.set(host, on);
    return reply(1, `{"POWER":"${on ? 'ON' : 'OFF'}"}`);
  }

  private joinBoardWifi(): void {
    if (this.wifi.ssid === '') return;
    this.wifi.status = 1;
    this.wifiReadyAt = this.now + 1500;
  }

  private logoControl(action: number): void {
    const run = action === 1 || (action === 2 && !this.running);
    if (run && !this.running) {
      this.startProgram();
    } else if (!run && this.running) {
      this.runner?.stop();
      this.running = false;
    }
  }

  private startProgram(): void {
    this.fault = null;
    this.runs++;
    this.running = true;
    if (!this.runner) return;
    try {
      this.runner.load(this.programBytes());
      this.runner.start();
    } catch (e) {
      this.fault = e instanceof Error ? e.message : String(e);
      this.running = false;
    }
  }

  private syncRtc(p: Uint8Array): void {
    const [second, minute, hour, weekday, date, month, year] = Array.from(p.subarray(2, 9));
    this.rtc = {
      epochMs: Date.UTC(
        2000 + (year ?? 0),
        (month ?? 1) - 1,
        date ?? 1,
        hour ?? 0,
        minute ?? 0,
        second ?? 0,
      ),
      weekday: weekday ?? 0,
      setAtMs: this.now,
    };
    this.nextStatusAt = this.now;
  }

  private rtcFields(): RtcFields {
    const t = this.rtc.epochMs + (this.now - this.rtc.setAtMs);
    const d = new Date(t);
    const days = Math.floor(t / DAY_MS) - Math.floor(this.rtc.epochMs / DAY_MS);
    return {
      second: d.getUTCSeconds(),
      minute: d.getUTCMinutes(),
      hour: d.getUTCHours(),
      weekday: this.config.rtcPresent ? (this.rtc.weekday + days) % 7 : 100,
      date: d.getUTCDate(),
      month: d.getUTCMonth() + 1,
      year: d.getUTCFullYear() - 2000,
    };
  }

  private reboot(): void {
    if (this.running) this.runner?.stop();
    this.running = false;
    this.resetOutputs();
    this.display = { short: '', long: '' };
    this.leds.clear();
    // Power-on: the program runs by itself when its autorun state is set.
    if (this.autorun && this.programLength > 0) this.startProgram();
  }

  private resetOutputs(): void {
    this.motorMask = 0;
    this.servoMask = 0;
    this.motors = [0, 1, 2, 3].map(() => ({ active: false, on: false, cw: true, power: 100 }));
    this.servos = [0, 1, 2, 3].map(() => ({
      active: false,
      on: false,
      relay: false,
      angle: 90,
      power: 0,
    }));
    this.syncActiveFlags();
  }

  private syncActiveFlags(): void {
    this.motors.forEach((m, i) => (m.active = (this.motorMask & (1 << i)) !== 0));
    this.servos.forEach((s, i) => (s.active = (this.servoMask & (1 << i)) !== 0));
  }

  private enqueueStatus(): void {
    this.syncActiveFlags();
    this.enqueue({ type: 'status', status: this.status() });
  }

  private enqueue(packet: HidPacketToEncode): void {
    if (this.queue.length >= REPORT_QUEUE_LIMIT) {
      // A real board overwrites its buffer: lose the oldest status, keep messages.
      const i = this.queue.findIndex((r) => r[0] === 0);
      this.queue.splice(i < 0 ? 0 : i, 1);
    }
    this.queue.push(this.encoder.encode(packet));
  }
}
