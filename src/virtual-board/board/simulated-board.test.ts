import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HidPacket, HidPiStatus, HidStatus } from '../../core/hid-layout.ts';
import type { WasmCore } from '../../core/wasm-core.ts';
import { toBoardStatus, toPiStatus } from '../../device/board-state.ts';
import type { HidCommandRequest } from '../../device/device.ts';
import * as cmd from '../../device/protocol/commands.ts';
import { loadTestCore } from '../../device/testing/test-core.ts';
import type { BoardIo, ProgramRunner } from './program-runner.ts';
import {
  PROGRAM_AREA_BYTES,
  SimulatedBoard,
  wasmEncoder,
  type SimConfig,
  type SimulatedBoardOptions,
  wasmMemRead,
} from './simulated-board.ts';
import { UsbLink } from './usb-link.ts';
import { VmProgramRunner } from '../../core/vm-runner.ts';
import { runCheck } from '../../core/check/run-check.ts';
import { memReadRequest } from '../../core/memread.ts';

let core: WasmCore;
let board: SimulatedBoard;
let link: UsbLink;
let beeps: number;

beforeAll(async () => {
  core = await loadTestCore();
});

function make(config: Partial<SimConfig> = {}, options: SimulatedBoardOptions = {}) {
  beeps = 0;
  board = new SimulatedBoard(wasmEncoder(core), {
    config,
    onEvent: (e) => {
      if (e.type === 'beep') beeps++;
    },
    ...options,
  });
  link = new UsbLink(board);
}

beforeEach(() => make());

function frame(req: HidCommandRequest): Uint8Array {
  const r = core.buildHidCommand(req);
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

/** Sends commands (one per frame) and runs `ms` more frames; returns decoded packets. */
function run(ms: number, ...commands: HidCommandRequest[]): HidPacket[] {
  commands.forEach((c) => link.write(frame(c)));
  const { reports } = link.run(ms + commands.length);
  const r = core.decodeHidReports(reports);
  if (!r.ok) throw new Error('decode failed');
  return r.value;
}

function lastStatus(packets: HidPacket[]): HidStatus {
  const s = packets.filter((p) => p.type === 'status').at(-1);
  if (s?.type !== 'status') throw new Error('no status packet');
  return s.status;
}

function lastPi(packets: HidPacket[]): HidPiStatus {
  const s = packets.filter((p) => p.type === 'pi-status').at(-1);
  if (s?.type !== 'pi-status') throw new Error('no Pi status packet');
  return s.pi;
}

describe('SimulatedBoard (stream and link)', () => {
  it('streams GoGo 7 status packets with firmware 42 every 20 ms by default', () => {
    const packets = run(100);
    expect(packets.filter((p) => p.type === 'status')).toHaveLength(5);
    const s = lastStatus(packets);
    expect(s).toMatchObject({ boardType: 6, firmwareVersion: 42, sensorCount: 4, espFamily: true });
  });

  it('moves at most one report each way per 1 ms frame', () => {
    make({ pi: true, statusPeriodMs: 1 });
    const writes = Array.from({ length: 10 }, () => link.write(frame(cmd.beep())));
    const first = link.run(5);
    expect(first.reports).toHaveLength(5);
    expect(first.consumed).toEqual(writes.slice(0, 5));
    const rest = link.drain();
    expect(rest.consumed).toEqual(writes.slice(5));
    expect(link.clockMs).toBe(10);
    expect(beeps).toBe(10);
  });

  it('reports the configured board type, version and firmware', () => {
    make({ boardType: 1, boardVersion: 4, firmwareVersion: 111, rtcPresent: false });
    const s = lastStatus(run(30));
    expect(s).toMatchObject({
      boardType: 1,
      boardVersion: 4,
      firmwareVersion: 111,
      sensorCount: 8,
    });
    expect(s.rtc.weekday).toBe(100);
    expect(s.espFamily).toBe(false);
  });

  it('reports sensor values set by the panel', () => {
    board.setSensor(1, 512);
    board.setSensor(4, 2000);
    expect(lastStatus(run(30)).sensors).toEqual([512, 0, 0, 1023]);
  });

  it('reports built-in sensors in our layout (docs/builtin-sensors.md)', () => {
    board.setBuiltin({ gesture: 2, orientation: 7, accelX: -500, red: 255, temperature: 231 });
    const b = toBoardStatus(lastStatus(run(30))).builtin;
    expect(b).toMatchObject({ handGesture: 2, orientation: 7, temperature: 23.1 });
    expect(b?.accelX).toBeCloseTo(-4.903325, 6);
    expect(b?.colorHsv).toEqual({ h: 0, s: 100, v: 100 });
  });
});

describe('SimulatedBoard (outputs)', () => {
  it('drives the talked-to motors: on, this way, power', () => {
    const s = toBoardStatus(
      lastStatus(
        run(
          30,
          cmd.talkToMotor(cmd.portMask(['a', 'c'])),
          cmd.motorOn(),
          cmd.motorThatWay(),
          cmd.setPower(37),
        ),
      ),
    );
    expect(s.motors.map((m) => [m.name, m.isActive, m.isOn, m.direction, m.power])).toEqual([
      ['a', true, true, 'ccw', 37],
      ['b', false, false, 'cw', 100],
      ['c', true, true, 'ccw', 37],
      ['d', false, false, 'cw', 100],
    ]);
    const again = toBoardStatus(lastStatus(run(30, cmd.motorReverse(), cmd.motorOff())));
    expect(again.motors[0]).toMatchObject({ isOn: false, direction: 'cw' });
  });

  it('reports every commanded power percent unchanged after the 0-255 scaling', () => {
    run(2, cmd.talkToMotor(1));
    for (let p = 0; p <= 100; p++) {
      expect(toBoardStatus(lastStatus(run(25, cmd.setPower(p)))).motors[0]?.power).toBe(p);
    }
  });

  it('reports servos that hold an angle as on, and a relay port in relay mode', () => {
    const idle = toBoardStatus(lastStatus(run(5)));
    expect(idle.servos[1]).toMatchObject({ isActive: false, isOn: false, angle: 90 });

    const set = toBoardStatus(lastStatus(run(30, cmd.talkToServo(2), cmd.servoSetAngle(45))));
    expect(set.servos[1]).toEqual({ name: 'b', isActive: true, isOn: true, angle: 45 });
    expect(set.servos[0]).toMatchObject({ isActive: false, isOn: false, angle: 90 });
    expect(set.servoRelays[1]).toEqual({
      name: 'b',
      mode: 'servo',
      isActive: true,
      isOn: true,
      angle: 45,
      power: 0,
    });

    const relayOn = toBoardStatus(lastStatus(run(30, cmd.relay(true))));
    expect(relayOn.servoRelays[1]).toMatchObject({ mode: 'relay', isOn: true, power: 100 });
    // A relay port is not a servo that is on.
    expect(relayOn.servos[1]).toMatchObject({ isOn: false });

    const relayOff = toBoardStatus(lastStatus(run(30, cmd.relay(false))));
    expect(relayOff.servoRelays[1]).toMatchObject({ mode: 'relay', isOn: false, power: 0 });

    const turned = toBoardStatus(lastStatus(run(30, cmd.servoThatWay(50))));
    expect(turned.servoRelays[1]).toMatchObject({ mode: 'servo', isOn: true, angle: 0 });
  });

  it('keeps LED, display, voice and autorun state', () => {
    run(
      5,
      cmd.led(0, true),
      cmd.showShortText(1234),
      cmd.showLongText('x'.repeat(70)),
      cmd.voicePlay(),
      cmd.voiceGoTo(7),
      cmd.voiceNext(),
      cmd.setAutorun(true),
    );
    const st = board.state();
    expect(st.leds).toEqual([{ id: 0, on: true }]);
    expect(st.display).toEqual({ short: '1234', long: 'x'.repeat(60) });
    expect(st.voice).toEqual({ playing: true, track: 8, tracks: 10 });
    expect(st.autorun).toBe(true);
    run(2, cmd.voiceErase(), cmd.clearScreen());
    expect(board.state().voice).toEqual({ playing: false, track: 0, tracks: 0 });
    expect(board.state().display).toEqual({ short: '', long: '' });
  });

  it('keeps the synced RTC and lets it run on the virtual clock', () => {
    // Saturday 31 December 2033, 23:59:58.
    const s1 = lastStatus(run(5, cmd.syncRtc(new Date(2033, 11, 31, 23, 59, 58)), cmd.readRtc()));
    expect(toBoardStatus(s1).rtc).toMatchObject({
      year: 2033,
      month: 12,
      date: 31,
      hour: 23,
      minute: 59,
      second: 58,
      weekday: 6,
      present: true,
    });
    const s2 = toBoardStatus(lastStatus(run(3000)));
    expect(s2.rtc).toMatchObject({ year: 2034, month: 1, date: 1, hour: 0, minute: 0, weekday: 0 });
  });

  it('resets outputs on reboot but keeps the program', () => {
    run(5, cmd.setLogoPointer(), cmd.writeMemory(new Uint8Array([1, 2, 3])));
    run(5, cmd.talkToMotor(1), cmd.motorOn(), cmd.reboot());
    expect(board.state().motors[0]).toMatchObject({ on: false, active: false });
    expect(Array.from(board.programBytes())).toEqual([1, 2, 3]);
  });

  it('counts commands it does not know', () => {
    run(2, cmd.piCamera(true), cmd.beep());
    expect(board.state()).toMatchObject({ commands: 2, unknownCommands: 1, beeps: 1 });
  });
});

describe('SimulatedBoard (program area)', () => {
  it('stores a download written in 60-byte chunks after the Logo pointer', () => {
    const code = Uint8Array.from({ length: 150 }, (_, i) => i % 251);
    const chunks = [0, 60, 120].map((at) => cmd.writeMemory(code.subarray(at, at + 60)));
    run(2, cmd.setLogoPointer(), ...chunks, cmd.led(1, false), cmd.beep());
    expect(board.programBytes()).toEqual(code);
    expect(beeps).toBe(1);
  });

  it('keeps at most 2048 bytes and counts the overflow', () => {
    const chunk = new Uint8Array(60).fill(7);
    run(1, cmd.setLogoPointer(), ...Array.from({ length: 35 }, () => cmd.writeMemory(chunk)));
    expect(board.programBytes()).toHaveLength(PROGRAM_AREA_BYTES);
    expect(board.state().program.overflow).toBe(35 * 60 - PROGRAM_AREA_BYTES);
  });

  it('hands the program to the VM hook on run and stops it on stop', () => {
    const calls: string[] = [];
    let running = false;
    const runner: ProgramRunner = {
      get running() {
        return running;
      },
      load: (code) => calls.push(`load ${code.length}`),
      start: () => {
        running = true;
        calls.push('start');
      },
      stop: () => {
        running = false;
        calls.push('stop');
      },
      tick: (io: BoardIo) => {
        if (io.nowMs % 10 === 0) calls.push(`tick sensor1=${io.sensor(1)}`);
      },
    };
    make({}, { runner });
    board.setSensor(1, 99);
    run(0, cmd.setLogoPointer(), cmd.writeMemory(new Uint8Array(5)), cmd.logoControl(1));
    run(10);
    run(0, cmd.logoControl(2));
    expect(calls).toEqual(['load 5', 'start', 'tick sensor1=99', 'stop']);
    expect(board.state().program.running).toBe(false);
  });
});

describe('SimulatedBoard (Raspberry Pi companion)', () => {
  beforeEach(() => make({ boardType: 2, firmwareVersion: 40, pi: true }));

  it('sends Pi status every 250 ms, alive, with its addresses', () => {
    const packets = run(1000);
    expect(packets.filter((p) => p.type === 'pi-status').length).toBe(4);
    const pi = toPiStatus(lastPi(packets));
    expect(pi).toMatchObject({ alive: true, ipAddress: '192.168.1.50', wlanIpAddress: '0.0.0.0' });
  });

  it('joins a known Wi-Fi network: connecting, then success', () => {
    expect(lastPi(run(260, cmd.piWifiConnect('GoGoLab', 'gogo1234'))).wifiStatus).toBe(1);
    const pi = toPiStatus(lastPi(run(1500)));
    expect(pi.wifiStatus).toBe(2);
    expect(pi.wlanIpAddress).toBe('192.168.4.23');
  });

  it('reports a wrong password as 3 and an unknown SSID as 4', () => {
    expect(lastPi(run(1800, cmd.piWifiConnect('GoGoLab', 'nope'))).wifiStatus).toBe(3);
    expect(lastPi(run(1800, cmd.piWifiConnect('Nowhere', 'x'))).wifiStatus).toBe(4);
    expect(lastPi(run(300, cmd.piWifiDisconnect())).wifiStatus).toBe(0);
  });

  it('sends e-mail only after it is configured', () => {
    expect(lastPi(run(1800, cmd.piEmailSend('a@b.co', 'hi', 'yo'))).emailStatus).toBe(4);
    run(1, cmd.piEmailConfig('me@lab.org', 'secret'));
    expect(lastPi(run(300, cmd.piEmailSend('a@b.co', 'hi', 'yo'))).emailStatus).toBe(1);
    expect(lastPi(run(1500)).emailStatus).toBe(2);
  });

  it('sends an SMS, or reports 5 without a SIM card', () => {
    expect(lastPi(run(1800, cmd.piSmsSend('0812345678', 'hello'))).smsStatus).toBe(2);
    expect(lastPi(run(1800, cmd.piSmsSend('not a number', 'hello'))).smsStatus).toBe(3);
    make({ pi: true }, { pi: { simCard: false } });
    expect(lastPi(run(1800, cmd.piSmsSend('0812345678', 'hello'))).smsStatus).toBe(5);
  });

  it('takes a generated snapshot with the camera on and finds faces', () => {
    run(1, cmd.piSnapshot(true));
    expect(board.state().pi?.snapshot).toBeNull();
    const pi = toPiStatus(
      lastPi(run(300, cmd.piCamera(true), cmd.piFindFace(true), cmd.piSnapshot(true))),
    );
    expect(pi.camera).toEqual({ on: true, findFace: true, faceFound: true });
    expect(board.state().pi?.snapshot?.url).toMatch(/^data:image\/svg\+xml,/);
    expect(board.state().pi?.snapshot?.saved).toBe(true);
  });

  it('goes quiet after shutdown and comes back after a reboot', () => {
    expect(lastPi(run(300, cmd.piShutdown())).revision).toBe(0);
    board.powerOnPi();
    expect(lastPi(run(300)).revision).toBe(0);
    expect(lastPi(run(5000)).revision).not.toBe(0);
  });

  it('relays a key-value message, then the same key empty', () => {
    board.sendKeyValue('Temp', '25');
    const kv = run(150).filter((p) => p.type === 'key-value');
    expect(kv).toEqual([
      { type: 'key-value', key: 'temp', value: '25' },
      { type: 'key-value', key: 'temp', value: '' },
    ]);
  });

  it('sets and clears the screen-tap flag', () => {
    board.tapPiScreen(100, 50);
    expect(toPiStatus(lastPi(run(300))).tap).toEqual({ x: 100, y: 50 });
    expect(lastPi(run(300, cmd.piClearTap())).tapped).toBe(0);
  });
});

/** A board with the core-rs VM and MEM_READ, as the board-sim worker builds it. */
function makeWithVm(config: Partial<SimConfig> = {}): VmProgramRunner {
  let cfg: Partial<SimConfig> = config;
  const runner = new VmProgramRunner(core, {
    version: () => core.pickLogoVersion(cfg.boardType ?? 6, cfg.firmwareVersion ?? 42),
  });
  make(config, { runner, memRead: wasmMemRead(core) });
  cfg = board.state().config;
  return runner;
}

/** Downloads `logo` the way the host does: pointer, 60-byte chunks, LED off, beep, autorun. */
function download(logo: string, version = '1.4'): Uint8Array {
  const r = core.compileLogo(logo, version);
  if (!r.ok) throw new Error(r.error.message);
  const { data, autoRunState } = r.value;
  const chunks: HidCommandRequest[] = [];
  for (let at = 0; at < data.length; at += 60) {
    chunks.push(cmd.writeMemory(data.subarray(at, at + 60)));
  }
  run(
    2,
    cmd.setLogoPointer(),
    ...chunks,
    cmd.led(1, false),
    cmd.beep(),
    cmd.setAutorun(autoRunState),
  );
  return data;
}

describe('SimulatedBoard (programs on the VM)', () => {
  it('runs a downloaded program: motor a turns on while sensor 1 reads above 500', () => {
    makeWithVm();
    download('to main\nforever [ if sensor1 > 500 [ a, on ] ]\nend\n');
    board.setSensor(1, 300);
    let s = toBoardStatus(lastStatus(run(50, cmd.logoControl(1))));
    expect(s.motors[0]?.isOn).toBe(false);
    expect(board.state().program.running).toBe(true);
    board.setSensor(1, 700);
    s = toBoardStatus(lastStatus(run(50)));
    expect(s.motors[0]).toMatchObject({ isOn: true, isActive: true });
    expect(board.state().motors[0]?.on).toBe(true);
  });

  it('clears the running flag when the program ends by itself, and beeps', () => {
    makeWithVm();
    download('to main\nbeep\nend\n');
    run(20, cmd.logoControl(1));
    expect(board.state().program).toMatchObject({ running: false, fault: null, runs: 1 });
    // The download's beep and the program's.
    expect(beeps).toBe(2);
  });

  it('shows text on the display and sets the user LED from the program', () => {
    makeWithVm();
    download('to main\nledon\nshow "hello"\nwait 5\nledoff\nend\n');
    run(100, cmd.logoControl(1));
    expect(board.state().display.short).toBe('hell');
    expect(board.state().leds).toContainEqual({ id: 0, on: true });
    run(500);
    expect(board.state().leds).toContainEqual({ id: 0, on: false });
    expect(board.state().program.running).toBe(false);
  });

  it('shows what the lesson check grades: the same text, cut to what each display holds', () => {
    const long = 'a line for the LCD module that runs past the sixty characters it holds';
    for (const shown of ['hello', 12345, long, 'hi']) {
      const logo = `to main\nshow ${typeof shown === 'number' ? shown : `"${shown}"`}\nend\n`;
      makeWithVm();
      download(logo);
      run(50, cmd.logoControl(1));
      const { short, long: lcd } = board.state().display;
      const report = runCheck(core, logo, {
        duration: 1,
        inputs: [],
        expect: [{ t: 0.5, display: String(shown) }],
      });
      expect(report.results[0]?.actual).toBe(lcd || short);
    }
    expect(board.state().display.short).toBe('hi');
  });

  it('stops a program on the stop command and turns its motors off', () => {
    makeWithVm();
    download('to main\nab, on\nforever [ wait 1 ]\nend\n');
    run(20, cmd.logoControl(1));
    expect(
      board
        .state()
        .motors.slice(0, 2)
        .map((m) => m.on),
    ).toEqual([true, true]);
    run(20, cmd.logoControl(0));
    expect(board.state().program.running).toBe(false);
    expect(
      board
        .state()
        .motors.slice(0, 2)
        .map((m) => m.on),
    ).toEqual([false, false]);
  });

  it('runs an autorun program again after a reset, and not a plain one', () => {
    makeWithVm();
    download('to autorun\nbeep\nforever [ wait 1 ]\nend\n');
    expect(board.state().autorun).toBe(true);
    expect(board.state().program.running).toBe(false);
    board.reset();
    run(10);
    expect(board.state().program).toMatchObject({ running: true, runs: 1 });
    download('to main\nbeep\nforever [ wait 1 ]\nend\n');
    board.reset();
    run(10);
    expect(board.state().program.running).toBe(false);
  });

  it('reports a fault and stops instead of crashing', () => {
    makeWithVm();
    // Unbounded recursion overflows the VM's stacks.
    download('to main\nloop\nend\nto loop\nloop\nend\n');
    run(50, cmd.logoControl(1));
    expect(board.state().program.running).toBe(false);
    expect(board.state().program.fault).toMatch(/overflow/);
  });

  it('reports the answer a program sets in status byte 34 until the host clears it', () => {
    makeWithVm();
    download('to main\nwaituntil [ sensor1 > 500 ]\nsetanswer 256 + 42\nend\n');
    board.setSensor(1, 100);
    expect(toBoardStatus(lastStatus(run(50, cmd.logoControl(1)))).answer).toBe(0);
    board.setSensor(1, 800);
    expect(toBoardStatus(lastStatus(run(50)))).toMatchObject({ answer: 42 });
    expect(board.state().program.running).toBe(false);
    // The answer outlives the program; the station's clear command resets it.
    expect(toBoardStatus(lastStatus(run(50))).answer).toBe(42);
    expect(toBoardStatus(lastStatus(run(30, cmd.clearAnswer()))).answer).toBe(0);
  });

  it('follows the board type: a Pi-topping with firmware 39 runs Logo 1.2 byte code', () => {
    makeWithVm({ boardType: 2, firmwareVersion: 39 });
    download('to main\nforever [ if sensor1 > 500 [ a, on ] ]\nend\n', '1.2');
    board.setSensor(1, 900);
    run(50, cmd.logoControl(1));
    expect(board.state().motors[0]?.on).toBe(true);
  });
});

describe('SimulatedBoard (MEM_READ, docs/protocol-extensions.md)', () => {
  const responses = (packets: HidPacket[]) =>
    packets.flatMap((p) =>
      p.type === 'response' && p.command === 4 ? [{ status: p.status, payload: p.payload }] : [],
    );

  it('sends the downloaded program back in 55-byte chunks the host reassembles', () => {
    makeWithVm();
    const logo = `to autorun\nforever [ ${'beep wait 1 '.repeat(30)}]\nend\n`;
    const data = download(logo);
    const packets = responses(run(80, cmd.memRead()));
    expect(packets).toHaveLength(Math.ceil(data.length / 55));
    expect(packets.at(-1)?.status).toBe(4);
    const back = core.memReadAssemble(0, packets);
    expect(back).toEqual({ ok: true, value: { autorun: true, offset: 0, data } });
  });

  it('answers "empty" before any download', () => {
    makeWithVm();
    const packets = responses(run(10, cmd.memRead()));
    expect(packets.map((p) => p.status)).toEqual([3]);
  });

  it('frames the request as the extension defines it', () => {
    expect(frame(cmd.memRead()).subarray(0, 7)).toEqual(memReadRequest());
    expect(frame(cmd.memRead(110, 55)).subarray(0, 7)).toEqual(memReadRequest(110, 55));
  });
});

describe('SimulatedBoard (broadcast and Tasmota, docs/protocol-extensions.md)', () => {
  it('echoes a broadcast as a key-value report and hands it to the running program', () => {
    makeWithVm();
    download('to main\nwaituntil [ key "go" = "yes" ]\nbeep\nend\n');
    run(20, cmd.logoControl(1));
    expect(board.state().program.running).toBe(true);
    const packets = run(20, cmd.broadcast('Go', 'yes'));
    expect(packets).toContainEqual({ type: 'key-value', key: 'go', value: 'yes' });
    run(30);
    expect(board.state().program.running).toBe(false);
    expect(beeps).toBe(2);
  });

  const tasmota = (packets: HidPacket[]) =>
    packets.flatMap((p) =>
      p.type === 'response' && p.command === 21
        ? [{ status: p.status, text: new TextDecoder().decode(p.payload) }]
        : [],
    );

  it('switches a pretend Tasmota plug once the board is on Wi-Fi', () => {
    expect(tasmota(run(5, cmd.tasmota('192.168.1.40', 'Power On')))).toEqual([
      { status: 2, text: 'no-wifi' },
    ]);
    run(2000, cmd.setWifiSsid('lab'), cmd.setWifiPassword('pw'));
    expect(tasmota(run(5, cmd.tasmota('192.168.1.40', 'Power On')))).toEqual([
      { status: 1, text: '{"POWER":"ON"}' },
    ]);
    expect(tasmota(run(5, cmd.tasmota('192.168.1.40', 'Power Toggle')))).toEqual([
      { status: 1, text: '{"POWER":"OFF"}' },
    ]);
    expect(tasmota(run(5, cmd.tasmota('unreachable.local', 'Power')))).toEqual([
      { status: 2, text: 'unreachable' },
    ]);
    expect(tasmota(run(5, cmd.tasmota('plug', 'Dimmer 50')))).toEqual([
      { status: 1, text: '{"Command":"Unknown"}' },
    ]);
    expect(board.state().tasmota).toEqual([{ host: '192.168.1.40', on: false }]);
  });
});

describe('UsbLink (paced writes on the virtual clock)', () => {
  it('takes each write of a sequence no sooner than its gap after the one before', () => {
    make();
    const taken: number[] = [];
    const ids = link.writeSequence([
      { payload: frame(cmd.setLogoPointer()), gapMs: 0 },
      { payload: frame(cmd.writeMemory(new Uint8Array(60))), gapMs: 0 },
      { payload: frame(cmd.writeMemory(new Uint8Array(60))), gapMs: 10 },
      { payload: frame(cmd.led(1, false)), gapMs: 15 },
      { payload: frame(cmd.beep()), gapMs: 0 },
    ]);
    for (let i = 0; i < 40; i++) {
      const r = link.run(1);
      if (r.consumed.length > 0) taken.push(link.clockMs);
    }
    expect(ids).toHaveLength(5);
    expect(taken).toEqual([1, 2, 12, 27, 28]);
    expect(beeps).toBe(1);
  });
});
