// Runs downloaded byte code on a board simulator with the core-rs VM. It has the shape of
// the simulated board's `ProgramRunner` (src/virtual-board/board/program-runner.ts): the board
// calls load/start/stop and `tick(io)` once per 1 ms frame; the runner feeds the VM the
// board's sensors and mirrors what the program does into the board as the same category-0
// commands the host would send (board-protocol §2.3), so the board's status packets, panel
// and beeps follow the program; what the displays show is read by `boardOutput`, as the
// lesson check reads it. Events without a board command (records, cloud records, messages,
// Pi commands) go to `onEvent`.
import { boardOutput, NO_OUTPUTS, type BoardOutputs } from './board-outputs.ts';
import type { LogoVersion, WasmCore } from './wasm-core.ts';
import type { VmConfig, VmEvent, VmSnapshot } from './vm-layout.ts';

/** What a running program may do to the board (the simulated board's `BoardIo`). */
export interface VmBoardIo {
  /** Sensor 1..8, 0..1023. */
  sensor(port: number): number;
  /** Applies a command payload `[category, command, p1, …]` as if the host sent it. */
  execute(payload: Uint8Array): void;
  /** `setanswer`: the board's remote-lab answer byte (no host command sets it). */
  setAnswer?(value: number): void;
  readonly nowMs: number;
}

interface VmRunnerOptions {
  /**
   * The board's Logo version (spec core §9), which picks the instruction set; a function is
   * asked on every load (a board whose type or firmware can change).
   */
  version: LogoVersion | (() => LogoVersion);
  config?: Partial<VmConfig>;
  /** Instructions per tick; the real firmware runs a few thousand per millisecond. */
  budgetPerTick?: number;
  onEvent?: (event: VmEvent) => void;
}

/** The voice-recorder module on I2C (reference §2.4) and its board commands (§2.3). */
const VOICE_ADDRESS = 184;
const VOICE_COMMANDS: Record<number, number> = { 6: 70, 9: 71, 18: 72, 12: 74 };

interface Mirror {
  talkTo: number;
  motors: { on: boolean; thisWay: boolean; power: number }[];
  servoMask: number;
  angles: number[];
  userLed: boolean;
}

const utf8 = new TextEncoder();

function initialMirror(): Mirror {
  return {
    talkTo: 0,
    motors: [0, 1, 2, 3].map(() => ({ on: false, thisWay: true, power: 100 })),
    servoMask: 0,
    angles: [90, 90, 90, 90],
    userLed: false,
  };
}

export class VmProgramRunner {
  private readonly handle: number;
  private readonly budget: number;
  private mirror: Mirror = initialMirror();
  private outputs: BoardOutputs = NO_OUTPUTS;
  private lastIo: VmBoardIo | null = null;
  private nowMs = 0;
  private last: VmSnapshot | null = null;

  constructor(
    private readonly core: WasmCore,
    private readonly options: VmRunnerOptions,
  ) {
    const h = core.vmCreate();
    if (!h.ok) throw new Error(`VM: ${h.error.message}`);
    this.handle = h.value;
    this.budget = options.budgetPerTick ?? 2000;
    if (options.config) this.check(core.vmConfigure(this.handle, options.config));
  }

  /** The program area as downloaded. */
  load(code: Uint8Array): void {
    const v = this.options.version;
    this.outputs = NO_OUTPUTS;
    this.check(this.core.vmLoad(this.handle, code, typeof v === 'function' ? v() : v));
  }

  start(): void {
    this.check(this.core.vmControl(this.handle, 'run', this.nowMs));
    this.refresh();
  }

  stop(): void {
    this.check(this.core.vmControl(this.handle, 'stop', this.nowMs));
    this.refresh();
  }

  get running(): boolean {
    const s = this.last?.state;
    return s === 'running' || s === 'waiting' || s === 'blocked';
  }

  /** The fault that stopped the program (`"bad-opcode at 12: …"`), else null. */
  get fault(): string | null {
    const f = this.last?.state === 'faulted' ? this.last.fault : null;
    return f ? `${f.code} at ${f.pc}: ${f.message}` : null;
  }

  /** A key-value message for `key "k" = "v"` and `intkey`. */
  receiveKeyValue(key: string, value: string): void {
    if (key.includes(',')) return;
    this.check(this.core.vmReceiveKeyValue(this.handle, key, value));
  }

  /** A new IR remote code for `ir` and `newir?`. */
  receiveIr(code: number): void {
    this.check(this.core.vmReceiveIr(this.handle, code));
  }

  /** The VM's state after the last tick (for panels and tests). */
  get snapshot(): VmSnapshot | null {
    return this.last;
  }

  /** One frame: inputs in, instructions run, outputs mirrored into the board. */
  tick(io: VmBoardIo): void {
    this.lastIo = io;
    this.nowMs = io.nowMs;
    const sensors = [1, 2, 3, 4, 5, 6, 7, 8].map((p) => io.sensor(p));
    this.check(this.core.vmSetInputs(this.handle, { sensors }));
    const step = this.core.vmStep(this.handle, this.budget, io.nowMs);
    if (!step.ok) throw new Error(`VM: ${step.error.message}`);
    this.apply(step.value.snapshot, io);
  }

  /** Frees the VM; the runner must not be used afterwards. */
  destroy(): void {
    this.core.vmDestroy(this.handle);
  }

  private refresh(): void {
    const s = this.core.vmSnapshot(this.handle);
    if (s.ok && this.lastIo) this.apply(s.value, this.lastIo);
    else if (s.ok) this.last = s.value;
  }

  private check(r: { ok: true } | { ok: false; error: { message: string } }): void {
    if (!r.ok) throw new Error(`VM: ${r.error.message}`);
  }

  private apply(s: VmSnapshot, io: VmBoardIo): void {
    this.last = s;
    const send = (...bytes: number[]) => io.execute(new Uint8Array(bytes));
    const m = this.mirror;
    let portsTouched = false;
    s.motors.forEach((motor, i) => {
      const was = m.motors[i];
      if (!was) return;
      if (was.on === motor.on && was.thisWay === motor.thisWay && was.power === motor.power) return;
      send(0, 7, 1 << i);
      if (was.thisWay !== motor.thisWay) send(0, 3, 0, motor.thisWay ? 1 : 0);
      if (was.power !== motor.power) send(0, 6, 0, motor.power >> 8, motor.power & 0xff);
      if (was.on !== motor.on) send(0, 2, 0, motor.on ? 1 : 0);
      m.motors[i] = { on: motor.on, thisWay: motor.thisWay, power: motor.power };
      portsTouched = true;
    });
    if (portsTouched || m.talkTo !== s.talkTo) {
      send(0, 7, s.talkTo);
      m.talkTo = s.talkTo;
    }
    const servoMask = s.servos.reduce((mask, sv, i) => (sv.active ? mask | (1 << i) : mask), 0);
    let servosTouched = false;
    s.servos.forEach((servo, i) => {
      if (!servo.active || m.angles[i] === servo.angle) return;
      send(0, 14, 1 << i);
      send(0, 17, 0, servo.angle >> 8, servo.angle & 0xff);
      m.angles[i] = servo.angle;
      servosTouched = true;
    });
    if (servosTouched || m.servoMask !== servoMask) {
      send(0, 14, servoMask);
      m.servoMask = servoMask;
    }
    if (m.userLed !== s.userLed) {
      send(0, 10, 0, s.userLed ? 1 : 0);
      m.userLed = s.userLed;
    }
    for (const e of s.events) {
      this.mirrorEvent(e, send, io);
      this.options.onEvent?.(e);
    }
  }

  private mirrorEvent(e: VmEvent, send: (...bytes: number[]) => void, io: VmBoardIo): void {
    const was = this.outputs;
    const now = boardOutput(was, e);
    this.outputs = now;
    switch (e.type) {
      case 'answer':
        io.setAnswer?.(now.answer);
        break;
      case 'show-short':
        send(0, 60, ...utf8.encode(now.shortText), 0);
        break;
      case 'show-long':
        send(0, 61, ...utf8.encode(now.longText), 0);
        break;
      case 'clear-display':
        send(0, 62);
        break;
      case 'i2c-write': {
        if (e.addr !== VOICE_ADDRESS) break;
        const command = e.reg === 1 ? VOICE_COMMANDS[e.value] : undefined;
        if (command !== undefined) send(0, command);
        else if (e.reg === 3 && e.value >= 48) send(0, 73, e.value - 48);
        break;
      }
      default:
        break;
    }
    // A note sounds on the buzzer as a beep does.
    if (now.beeps > was.beeps) send(0, 11);
  }
}
