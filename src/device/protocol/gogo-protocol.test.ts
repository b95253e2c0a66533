import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HidStatus } from '../../core/hid-layout.ts';
import { DeviceError, type HidCommandRequest } from '../device.ts';
import { FakeTransport, report, statusReport } from '../testing/fake-transport.ts';
import { testFramer } from '../testing/test-core.ts';
import * as cmd from './commands.ts';
import type { Framer } from './framer.ts';
import { GoGoProtocol } from './gogo-protocol.ts';

let framer: Framer;
let transport: FakeTransport;
let protocol: GoGoProtocol;
let flushes: (() => void)[];

beforeAll(async () => {
  framer = await testFramer();
});

beforeEach(async () => {
  transport = new FakeTransport();
  await transport.open();
  flushes = [];
  protocol = new GoGoProtocol(transport, framer, { schedule: (f) => flushes.push(f) });
});

const hex = (bytes: Uint8Array) =>
  Array.from(bytes, (b) => b.toString(16).padStart(2, '0'))
    .join('')
    .replace(/(00)+$/, '');

// Every builder, with the payload it must put on the wire (board-protocol §2; trailing
// zeros omitted).
const BUILDERS: [string, HidCommandRequest, string][] = [
  ['ping', cmd.ping(), '0001'],
  ['ping node 3', cmd.ping(3), '00010103'],
  ['motor on', cmd.motorOn(), '00020001'],
  ['motor off', cmd.motorOff(), '0002'],
  ['motor this way', cmd.motorThisWay(), '00030001'],
  ['motor that way', cmd.motorThatWay(), '0003'],
  ['motor reverse', cmd.motorReverse(), '0004'],
  ['set power 75', cmd.setPower(75), '000600004b'],
  ['talk to motor a', cmd.talkToMotor(cmd.portMask(['a'])), '000701'],
  ['talk to motor b+d', cmd.talkToMotor(cmd.portMask(['b', 'd'])), '00070a'],
  ['toggle motor c', cmd.toggleMotor(2), '000802'],
  ['servo duty 30', cmd.setServoDuty(30), '000900001e'],
  ['led on', cmd.led(0, true), '000a0001'],
  ['beep', cmd.beep(), '000b'],
  ['autorun on', cmd.setAutorun(true), '000c01'],
  ['run program', cmd.logoControl(1), '000d01'],
  ['talk to servo a+b', cmd.talkToServo(3), '000e03'],
  ['servo this way 10', cmd.servoThisWay(10), '000f00000a'],
  ['servo that way 10', cmd.servoThatWay(10), '001000000a'],
  ['servo angle 90', cmd.servoSetAngle(90), '001100005a'],
  ['servo toggle d', cmd.servoToggle(3), '001203'],
  ['relay on', cmd.relay(true), '0013000064'],
  ['relay off', cmd.relay(false), '0013'],
  // Thursday 29 February 2024, 13:14:15 local time.
  ['sync rtc', cmd.syncRtc(new Date(2024, 1, 29, 13, 14, 15)), '00320f0e0d041d0218'],
  ['read rtc', cmd.readRtc(), '0033'],
  ['show number 42', cmd.showShortText(42), '003c3432'],
  ['show text', cmd.showLongText('Hello'), '003d48656c6c6f'],
  ['clear screen', cmd.clearScreen(), '003e'],
  ['voice play', cmd.voicePlay(), '0046'],
  ['voice next', cmd.voiceNext(), '0047'],
  ['voice previous', cmd.voicePrevious(), '0048'],
  ['voice go to 3', cmd.voiceGoTo(3), '004903'],
  ['voice erase', cmd.voiceErase(), '004a'],
  ['reboot', cmd.reboot(), '0064'],
  ['logo pointer', cmd.setLogoPointer(), '0101'],
  ['memory pointer', cmd.setMemoryPointer(0x0abc), '01020abc'],
  ['memory write', cmd.writeMemory(new Uint8Array([1, 2, 3])), '010303010203'],
  ['wifi ssid', cmd.setWifiSsid('ab'), '010a026162'],
  ['wifi password', cmd.setWifiPassword('c'), '010b0163'],
  ['pi shutdown', cmd.piShutdown(), '0201'],
  ['pi reboot', cmd.piReboot(), '0202'],
  ['pi camera on', cmd.piCamera(true), '020a01'],
  ['pi find face on', cmd.piFindFace(true), '020b01'],
  ['pi snapshot preview', cmd.piSnapshot(false), '020c'],
  ['pi wifi connect', cmd.piWifiConnect('a', 'b'), '020f03612c62'],
  ['pi wifi disconnect', cmd.piWifiDisconnect(), '0210'],
  ['pi email config', cmd.piEmailConfig('u', 'p'), '021103752c70'],
  ['pi email send', cmd.piEmailSend('t', 's', 'b'), '021205742c732c62'],
  ['pi sms send', cmd.piSmsSend('1', 'm'), '021303312c6d'],
  ['pi clear tap', cmd.piClearTap(), '021414'],
  ['datalog read', cmd.readDatalog(), '1402'],
  ['datalog clear', cmd.clearDatalog(), '1403'],
];

describe('GoGoProtocol (commands)', () => {
  it.each(BUILDERS)('%s writes its 63-byte payload', async (_name, request, expected) => {
    await protocol.send(request);
    expect(transport.writes).toHaveLength(1);
    const payload = transport.writes[0] ?? new Uint8Array();
    expect(payload).toHaveLength(63);
    expect(hex(payload)).toBe(expected);
    expect(protocol.stats.written).toBe(1);
  });

  it('cuts display text to 60 characters', async () => {
    await protocol.send(cmd.showLongText('0123456789'.repeat(7)));
    const text = new TextDecoder().decode(transport.writes[0]?.subarray(2, 62));
    expect(text).toBe('0123456789'.repeat(6));
    expect(transport.writes[0]?.[62]).toBe(0);
  });

  it('rejects an out-of-range argument with invalid-command and writes nothing', async () => {
    const err = await protocol.send(cmd.setPower(150)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect((err as DeviceError).code).toBe('invalid-command');
    expect(transport.writes).toHaveLength(0);
  });

  it('passes a transport write failure through as its DeviceError', async () => {
    transport.writeError = new DeviceError('write-failed');
    await expect(protocol.send(cmd.beep())).rejects.toMatchObject({ code: 'write-failed' });
  });
});

describe('GoGoProtocol (input stream)', () => {
  async function flush() {
    expect(flushes.length).toBeGreaterThan(0);
    flushes.splice(0).forEach((f) => f());
    await protocol.flush();
  }

  it('schedules one flush for a burst and emits only the latest status', async () => {
    const seen: HidStatus[] = [];
    protocol.on('status', (s) => seen.push(s));
    transport.push(
      statusReport(6, 40, { 1: [0, 10] }),
      statusReport(6, 41, { 1: [0, 20] }),
      statusReport(6, 42, { 1: [0, 30] }),
    );
    expect(flushes).toHaveLength(1);
    await flush();
    expect(seen).toHaveLength(1);
    expect(seen[0]?.firmwareVersion).toBe(42);
    expect(seen[0]?.sensors).toEqual([30, 0, 0, 0]);
  });

  it('delivers every key-value, debug and response packet in order', async () => {
    const events: string[] = [];
    protocol.on('key-value', (kv) => events.push(`kv ${kv.key}=${kv.value}`));
    protocol.on('debug', (t) => events.push(`debug ${t}`));
    protocol.on('response', (r) => events.push(`response ${r.command}/${r.status}`));
    protocol.on('tap', (t) => events.push(`tap ${t.x},${t.y}`));
    transport.push(
      report({ 0: [7], 1: [7], 2: 'a,12' }),
      report({ 0: [1], 2: 'boot' }),
      report({ 0: [7], 1: [7], 2: 'b,34' }),
      report({ 0: [20], 1: [0], 2: [2], 3: [3] }),
      report({ 0: [6], 1: [7], 2: [0, 10], 4: [0, 20] }),
    );
    await flush();
    expect(events).toEqual(['kv a=12', 'debug boot', 'kv b=34', 'response 2/3', 'tap 10,20']);
  });

  it('decodes Raspberry Pi status packets', async () => {
    const revisions: number[] = [];
    protocol.on('pi-status', (p) => revisions.push(p.revision));
    transport.push(report({ 0: [2], 1: [14], 25: [2] }));
    await flush();
    expect(revisions).toEqual([14]);
  });

  it('counts short, unknown, malformed and all-zero reports instead of throwing', async () => {
    const statuses: HidStatus[] = [];
    protocol.on('status', (s) => statuses.push(s));
    transport.push(
      new Uint8Array(0),
      new Uint8Array(10),
      report({ 0: [17] }),
      report({ 0: [7], 1: [200] }),
      new Uint8Array(64),
      statusReport(6, 42),
    );
    await flush();
    expect(protocol.stats).toMatchObject({
      received: 6,
      decoded: 1,
      ignored: { short: 2, unknown: 1, malformed: 1, empty: 1 },
    });
    expect(statuses).toHaveLength(1);
  });

  it('emits every raw report at once, before batching', () => {
    const raw: number[] = [];
    protocol.on('raw', (r) => raw.push(r[0] ?? -1));
    transport.push(report({ 0: [20] }), statusReport(6, 42));
    expect(raw).toEqual([20, 0]);
  });

  it('keeps every message however long the flush waits, and only the newest status', async () => {
    protocol.detach();
    protocol = new GoGoProtocol(transport, framer, { schedule: () => {} });
    const firmware: number[] = [];
    const responses: number[] = [];
    protocol.on('status', (s) => firmware.push(s.firmwareVersion));
    protocol.on('response', (r) => responses.push(r.payload[0] ?? -1));
    // A page that cannot flush for seconds while the board streams a data log: 3,000
    // response packets between statuses.
    for (let i = 0; i < 3000; i++) {
      if (i % 20 === 0) transport.push(statusReport(6, i / 20));
      transport.push(report({ 0: [20], 1: [1], 2: [2], 3: [1], 4: [i & 0xff] }));
    }
    await protocol.flush();
    expect(responses).toHaveLength(3000);
    expect(responses.every((b, i) => b === (i & 0xff))).toBe(true);
    expect(firmware).toEqual([149]);
    expect(protocol.stats).toMatchObject({ received: 3150, coalesced: 149 });
  });

  it('drops reports that arrived before a discard, waiting or being decoded, and keeps later ones', async () => {
    const seen: number[] = [];
    protocol.on('status', (s) => seen.push(s.firmwareVersion));
    transport.push(statusReport(6, 40));
    // One batch is being decoded when the board goes, another is still waiting.
    const decoding = protocol.flush();
    transport.push(statusReport(6, 41));
    protocol.discard();
    await decoding;
    await flush();
    expect(seen).toEqual([]);
    transport.push(statusReport(6, 42));
    await flush();
    expect(seen).toEqual([42]);
  });

  it('emits a status again without decoding its report again, and decodes a changed one', async () => {
    protocol.detach();
    const decoded: number[] = [];
    const counting: Framer = {
      build: (r) => framer.build(r),
      decode: (reports) => {
        decoded.push(reports.length);
        return framer.decode(reports);
      },
    };
    protocol = new GoGoProtocol(transport, counting, { schedule: (f) => flushes.push(f) });
    const sensors: number[] = [];
    protocol.on('status', (s) => sensors.push(s.sensors[0] ?? -1));
    // A board at rest: the same status, flush after flush.
    for (let i = 0; i < 3; i++) {
      transport.push(statusReport(6, 42, { 1: [0, 10] }));
      await flush();
    }
    expect(sensors).toEqual([10, 10, 10]);
    expect(decoded).toEqual([1]);
    // A message beside the repeated status goes to the decoder alone.
    transport.push(report({ 0: [7], 1: [7], 2: 'a,1' }), statusReport(6, 42, { 1: [0, 10] }));
    await flush();
    expect(decoded).toEqual([1, 1]);
    transport.push(statusReport(6, 42, { 1: [0, 11] }));
    await flush();
    expect(sensors).toEqual([10, 10, 10, 10, 11]);
    expect(decoded).toEqual([1, 1, 1]);
    expect(protocol.stats).toMatchObject({ received: 6, decoded: 6 });
    // Another board behind the link: nothing of the last one is taken for granted.
    protocol.discard();
    transport.push(statusReport(6, 42, { 1: [0, 11] }));
    await flush();
    expect(decoded).toEqual([1, 1, 1, 1]);
  });

  it('stops emitting after detach', async () => {
    const seen: HidStatus[] = [];
    protocol.on('status', (s) => seen.push(s));
    transport.push(statusReport(6, 42));
    protocol.detach();
    await protocol.flush();
    transport.push(statusReport(6, 43));
    expect(seen).toEqual([]);
  });
});
