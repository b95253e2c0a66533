// A virtual GoGo board that speaks the real protocol (board-protocol §9 "Simulator
// behaviour checklist"): it takes 63-byte command payloads, keeps motor, servo, LED,
// display, RTC, voice, relay and program-area state, and produces status packets (and Pi
// status packets when the Pi companion is on) encoded by core-rs, on a virtual clock.
// It is a plain class: the worker (src/virtual-board/worker/board-sim-worker-api.ts) drives
// it through a UsbLink in real time, tests drive it frame by frame. Its settings and panel
// state (sim-state.ts), core-rs encoders (report-encoding.ts), clock (board-rtc.ts),
// motor and servo ports (output-ports.ts), display and voice recorder (display-voice.ts),
// status packet (status-packet.ts) and Tasmota devices (tasmota-devices.ts) live beside it.
import type {
  HidBuiltinSensors,
  HidPacketToEncode,
  HidStatus,
  RtcFields,
} from '../../core/hid-layout.ts';
import { BoardRtc } from './board-rtc.ts';
import { BoardDisplay, VoiceRecorder } from './display-voice.ts';
import { OutputPorts } from './output-ports.ts';
import { clamp, lengthText, u16 } from './payload-fields.ts';
import { PiCompanion, PI_STATUS_PERIOD_MS, type PiOptions } from './pi-companion.ts';
import type { BoardIo, ProgramRunner } from './program-runner.ts';
import type { MemReadReplier, ReportEncoder } from './report-encoding.ts';
import { SimDatalog, type DatalogReadStream } from './sim-datalog.ts';
import {
  DEFAULT_SIM_CONFIG,
  KEY_VALUE_CLEAR_MS,
  MEM_READ_COMMAND,
  PROGRAM_AREA_BYTES,
  REPORT_QUEUE_LIMIT,
  TASMOTA_COMMAND,
  WIFI_CONNECTED,
  ZERO_BUILTIN,
  type SimConfig,
  type SimEvent,
  type SimState,
} from './sim-state.ts';
import { statusPacket } from './status-packet.ts';
import { tasmotaReply } from './tasmota-devices.ts';
import type { LinkDevice } from './usb-link.ts';

// The board's neighbours, under the names its callers and tests have always imported.
export { programDatalogEvents } from './program-datalog.ts';
export { wasmEncoder, wasmMemRead } from './report-encoding.ts';
export * from './sim-state.ts';

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
  private readonly ports = new OutputPorts();
  private leds = new Map<number, boolean>();
  private readonly display = new BoardDisplay();
  private readonly rtc = new BoardRtc();
  private readonly voice = new VoiceRecorder();
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
    if (this.config.pi) this.pi = new PiCompanion(this.piOptions);
  }

  // ---- The panel's controls -------------------------------------------------------------

  configure(config: Partial<SimConfig>): void {
    this.config = { ...this.config, ...config };
    if (this.config.pi && !this.pi) this.pi = new PiCompanion(this.piOptions);
    if (!this.config.pi) this.pi = null;
    this.nextStatusAt = this.now;
  }

  /** Whether a program runs on the board. */
  get programRunning(): boolean {
    return this.running;
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
    const ms = this.config.rtcPresent ? this.rtc.timeMs(this.now) : this.now;
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
    return {
      config: { ...this.config },
      clockMs: this.now,
      sensors: this.sensors.slice(),
      builtin: { ...this.builtin },
      ir: this.ir,
      answer: this.answer,
      motors: this.ports.motorStates(),
      servos: this.ports.servoStates(),
      leds: [...this.leds].map(([id, on]) => ({ id, on })).sort((a, b) => a.id - b.id),
      display: this.display.state(),
      rtc: this.rtcFields(),
      voice: this.voice.state(),
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
    return statusPacket({
      config: this.config,
      sensors: this.sensors,
      builtin: this.builtin,
      ir: this.ir,
      answer: this.answer,
      wifiStatus: this.wifi.status,
      rtc: this.rtcFields(),
      outputs: this.ports.status(),
    });
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

  /** Category 0 (board-protocol §2.3). */
  private output(command: number, p: Uint8Array): boolean {
    if (this.ports.command(command, p)) return true;
    if (this.display.command(command, p)) return true;
    if (this.voice.command(command, p)) return true;
    const p1 = p[2] ?? 0;
    const p2 = p[3] ?? 0;
    switch (command) {
      case 1: // ping: the reply format is unknown (§10 question 5), so none is sent
        return true;
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
      case 50:
        this.syncRtc(p);
        return true;
      case 51: // read RTC: the board refreshes the stream at once
        this.nextStatusAt = this.now;
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
    const connected = this.wifi.status === WIFI_CONNECTED;
    const { status, body } = tasmotaReply(this.tasmota, connected, text);
    this.enqueue({
      type: 'response',
      command: TASMOTA_COMMAND,
      status,
      payload: new TextEncoder().encode(body).subarray(0, 60),
    });
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
    this.rtc.set(p, this.now);
    this.nextStatusAt = this.now;
  }

  private rtcFields(): RtcFields {
    return this.rtc.fields(this.now, this.config.rtcPresent);
  }

  private reboot(): void {
    if (this.running) this.runner?.stop();
    this.running = false;
    this.ports.reset();
    this.display.clear();
    this.leds.clear();
    // Power-on: the program runs by itself when its autorun state is set.
    if (this.autorun && this.programLength > 0) this.startProgram();
  }

  private enqueueStatus(): void {
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
