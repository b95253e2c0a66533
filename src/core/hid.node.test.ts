// The HID fixture files of core-rs (core-rs/tests/fixtures/hid) through the WASM module.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HidPacket, HidStatus } from './hid-layout.ts';
import { loadTestCore } from './testing/test-core.node.ts';
import type { WasmCore } from './wasm-core.ts';

const fixture = (name: string) =>
  readFileSync(
    fileURLToPath(new URL(`../../core-rs/tests/fixtures/hid/${name}`, import.meta.url)),
    'utf8',
  );

function rows(text: string): string[][] {
  return text
    .split('\n')
    .filter((l) => l.trim() !== '' && !l.startsWith('#'))
    .map((l) => l.split(';').map((c) => c.trim()));
}

function hex(s: string): Uint8Array {
  const digits = s.replace(/\s+/g, '');
  return Uint8Array.from(digits.match(/../g) ?? [], (p) => parseInt(p, 16));
}

const unquote = (s: string) => (s.startsWith('"') && s.endsWith('"') ? s.slice(1, -1) : null);

/** Splits on spaces outside double quotes. */
function tokens(s: string): string[] {
  return s.match(/(?:[^\s"]+|"[^"]*")+/g) ?? [];
}

function report(spec: string): Uint8Array {
  let len = 64;
  const items: string[] = [];
  for (const t of tokens(spec)) {
    if (t.startsWith('len:')) len = Number(t.slice(4));
    else items.push(t);
  }
  const r = new Uint8Array(len);
  for (const item of items) {
    const eq = item.indexOf('=');
    const at = Number(item.slice(0, eq));
    const value = item.slice(eq + 1);
    const text = unquote(value);
    r.set(text === null ? hex(value) : new TextEncoder().encode(text), at);
  }
  return r;
}

function value(v: string): unknown {
  if (v === 'true' || v === 'false') return v === 'true';
  if (v.startsWith('[')) return v.slice(1, -1).split(',').map(Number);
  const text = unquote(v);
  return text ?? Number(v);
}

function field(items: string[], key: string): string {
  const item = items.find((i) => i.startsWith(`${key}=`));
  if (item === undefined) throw new Error(`missing ${key}`);
  return item.slice(key.length + 1);
}

function at(obj: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((o, k) => (o as Record<string, unknown>)[k], obj);
}

let core: WasmCore;

beforeAll(async () => {
  core = await loadTestCore();
});

describe('WasmCore.buildHidCommand (fixtures/hid/commands.txt)', () => {
  const cases = rows(fixture('commands.txt'));

  it('has the shared fixture cases', () => {
    expect(cases.length).toBeGreaterThanOrEqual(70);
  });

  it.each(cases.map((c) => [c[0] ?? '', c] as const))('%s', (_name, c) => {
    const [, category, command, args, data, expected] = c as [
      string,
      string,
      string,
      string,
      string,
      string,
    ];
    const text = unquote(data);
    const r = core.buildHidCommand({
      category: Number(category),
      command: Number(command),
      args: args === '' ? [] : args.split(/\s+/).map(Number),
      ...(text !== null ? { text } : data.startsWith('hex:') ? { data: hex(data.slice(4)) } : {}),
    });
    if (expected.startsWith('!')) {
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.code).toBe(expected.slice(1));
      return;
    }
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const want = new Uint8Array(63);
    want.set(hex(expected));
    expect(r.value).toEqual(want);
  });

  it('rejects a non-integer argument before it reaches the core', () => {
    const r = core.buildHidCommand({ category: 0, command: 6, args: [50.5] });
    expect(r).toMatchObject({ ok: false, error: { code: 'out-of-range' } });
  });
});

describe('WasmCore.decodeHidReports (fixtures/hid/reports.txt)', () => {
  const cases = rows(fixture('reports.txt'));

  it.each(cases.map((c) => [c[0] ?? '', c] as const))('%s', (_name, c) => {
    const [, spec, expected] = c as [string, string, string];
    const r = core.decodeHidReports([report(spec)]);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value).toHaveLength(1);
    const packet = r.value[0];
    if (packet === undefined) throw new Error('no packet');
    const [kind, ...items] = tokens(expected);
    switch (kind) {
      case 'status':
      case 'pi': {
        expect(packet.type).toBe(kind === 'pi' ? 'pi-status' : 'status');
        const decoded = packet.type === 'status' ? packet.status : (packet as { pi: unknown }).pi;
        for (const item of items) {
          const key = item.slice(0, item.indexOf('='));
          expect(at(decoded, key), key).toEqual(value(field(items, key)));
        }
        break;
      }
      case 'debug':
        expect(packet).toEqual({ type: 'debug', text: value(field(items, 'text')) });
        break;
      case 'tap':
        expect(packet).toEqual({
          type: 'tap',
          x: value(field(items, 'x')),
          y: value(field(items, 'y')),
        });
        break;
      case 'kv':
        expect(packet).toEqual({
          type: 'key-value',
          key: value(field(items, 'key')),
          value: value(field(items, 'value')),
        });
        break;
      case 'response':
        expect(packet).toEqual({
          type: 'response',
          command: Number(field(items, 'command')),
          status: Number(field(items, 'status')),
          payload: hex(field(items, 'payload')),
        });
        break;
      case 'ignored':
        expect(packet).toMatchObject({ type: 'ignored', reason: items[0] });
        break;
      default:
        throw new Error(`unknown kind ${kind}`);
    }
  });

  it('decodes a batch in order, one packet per report', () => {
    const r = core.decodeHidReports([
      report('len:64 17=06 20=2a'),
      report('len:64 0=07 1=0c 2="temp,25.5"'),
      new Uint8Array(0),
      report('len:64 0=11'),
    ]);
    expect(r.ok && r.value.map((p) => p.type)).toEqual([
      'status',
      'key-value',
      'ignored',
      'ignored',
    ]);
    expect(r.ok && r.value[3]).toEqual({ type: 'ignored', reason: 'unknown', packetType: 17 });
  });
});

describe('WasmCore.encodeHidReport (the simulated board encoder)', () => {
  const first = (packets: HidPacket[]) => packets[0];

  it('round-trips a GoGo 7 status through encode and decode', () => {
    const decoded = core.decodeHidReports([
      report(
        'len:64 1=03ff 17=06 20=2a 22=05 23=01 25=ff 44=03 45=05 52=ff 55=00fd 58=fc18 62=03e8',
      ),
    ]);
    if (!decoded.ok) throw new Error('decode failed');
    const packet = first(decoded.value);
    if (packet?.type !== 'status') throw new Error('not a status');
    const encoded = core.encodeHidReport({ type: 'status', status: packet.status });
    if (!encoded.ok) throw new Error(encoded.error.message);
    expect(encoded.value).toHaveLength(64);
    const again = core.decodeHidReports([encoded.value]);
    expect(again.ok && (first(again.value) as { status: HidStatus }).status).toEqual(packet.status);
  });

  it('encodes key-value, response and debug reports the decoder reads back', () => {
    const packets: HidPacket[] = [
      { type: 'key-value', key: 'temp', value: '25.5' },
      { type: 'response', command: 2, status: 3, payload: new Uint8Array([1, 2]) },
      { type: 'debug', text: 'hello' },
      { type: 'tap', x: 320, y: 240 },
    ];
    const reports = packets.map((p) => {
      const r = core.encodeHidReport(p as Exclude<HidPacket, { type: 'ignored' }>);
      if (!r.ok) throw new Error(r.error.message);
      return r.value;
    });
    const decoded = core.decodeHidReports(reports);
    expect(decoded.ok && decoded.value).toEqual(packets);
  });
});
