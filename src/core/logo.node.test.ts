import { beforeAll, describe, expect, it } from 'vitest';
import { toCompileResponse } from './logo-response.ts';
import { loadTestCore } from './testing/test-core.node.ts';
import { LOGO_VERSIONS, type WasmCore } from './wasm-core.ts';
import { goldenSamples } from './testing/logo-golden.node.ts';

const fixture = { samples: goldenSamples };

const CLOUD = 'There is an invalid input in command "cloud record"';
const PUBLIC_CLOUD = 'There is an invalid input in command "public cloud record"';

let core: WasmCore;

beforeAll(async () => {
  core = await loadTestCore();
});

describe('WasmCore.compileLogo (Logo 1.3 golden fixture)', () => {
  it('holds all forty samples', () => {
    expect(fixture.samples.length).toBeGreaterThanOrEqual(40);
  });

  for (const sample of fixture.samples) {
    if (sample.expect === 'ok') {
      it(`compiles ${sample.id} to logoc 1.3's bytes and autorun state`, () => {
        const r = core.compileLogo(sample.logo, '1.3');
        expect(r).toEqual({
          ok: true,
          value: { data: new Uint8Array(sample.data ?? []), autoRunState: sample.autoRunState },
        });
      });
    } else {
      it(`rejects ${sample.id} with logoc's message and its line`, () => {
        const r = core.compileLogo(sample.logo, '1.3');
        expect(r.ok).toBe(false);
        if (r.ok) return;
        expect(r.error.message).toBe(sample.compiler_message);
        expect(r.error.line).toBeGreaterThan(0);
      });
    }
  }
});

describe('WasmCore.compileLogo (versions and errors)', () => {
  const program = 'to main\nforever [ if sensor1 > 500 [ ab, on ] ]\nend\n';

  it('compiles for every named version and refuses unknown ones', () => {
    for (const v of LOGO_VERSIONS) expect(core.compileLogo(program, v).ok).toBe(true);
    const r = core.compileLogo(program, '3.0');
    expect(r).toEqual({
      ok: false,
      error: {
        code: 'unknown-version',
        message: "Unknown Logo version '3.0'; use 1.2, 1.3, 1.4 or 2.1",
      },
    });
  });

  it('uses the legacy numbering for 1.2', () => {
    const r = core.compileLogo('to main\nshow sensor3\nend\n', '1.2');
    expect(r.ok && Array.from(r.value.data)).toEqual([73, 1, 2, 99, 0]);
  });

  it('compiles cloud record from 1.4 and refuses it in 1.3', () => {
    const src = 'to main\ncloud record "temp" sensor1\nend\n';
    const r14 = core.compileLogo(src, '1.4');
    expect(r14.ok && Array.from(r14.value.data)).toEqual([
      1, 1, 55, 111, 4, 116, 101, 109, 112, 240, 0,
    ]);
    const r13 = core.compileLogo(src, '1.3');
    expect(r13.ok ? null : r13.error).toEqual({
      code: 'unsupported',
      message: "Line 2: 'cloud record' is not available in Logo 1.3",
      line: 2,
      mistake: { line: 2, column: 0, endLine: 2, endColumn: 12, text: 'cloud record' },
    });
  });

  it('filters before compiling', () => {
    const r = core.compileLogo('to main\npublic cloud record "9lives" 1\nend\n', '2.1');
    expect(r.ok ? null : r.error).toEqual({
      code: 'invalid-input',
      message: PUBLIC_CLOUD,
      line: 2,
    });
  });

  it('refuses byte code longer than 2048 bytes with the spec message', () => {
    const src = `to main\nforever [ ${'beep '.repeat(2100)}]\nend\n`;
    const r = core.compileLogo(src, '1.3');
    expect(r.ok ? null : r.error).toEqual({
      code: 'too-large',
      message: "The Logo code is too large! I don't have enough memory to hold it",
    });
  });

  it('answers deeply nested programs with an error instead of exhausting the stack', () => {
    const deep = `to main\nshow ${'('.repeat(50000)}1${')'.repeat(50000)}\nend\n`;
    const r = core.compileLogo(deep, '1.3');
    expect(r.ok ? null : r.error.code).toBe('too-deep');
    const chain = `to main\nshow 1${' + 1'.repeat(100000)}\nend\n`;
    const c = core.compileLogo(chain, '1.3');
    expect(c.ok ? null : c.error.code).toBe('too-large');
  });

  it('survives arbitrary text', () => {
    for (const src of ['', '\u0000\uffff', ']]]]', 'to', 'to x :a\nx 1\nend', '"'.repeat(999)]) {
      const r = core.compileLogo(src, '1.3');
      expect(r.ok || r.error.code !== 'panic').toBe(true);
    }
  });
});

describe('WasmCore.filterLogo', () => {
  it('passes valid cloud record names', () => {
    expect(core.filterLogo('to main\ncloud record "temp_1" sensor1\nend\n')).toEqual({
      ok: true,
      value: null,
    });
  });

  it('rejects names with a leading digit or other characters, with the exact messages', () => {
    expect(core.filterLogo('beep\ncloud record "1temp" 5')).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: CLOUD, line: 2 },
    });
    expect(core.filterLogo('PUBLIC CLOUD RECORD "my temp" 5')).toEqual({
      ok: false,
      error: { code: 'invalid-input', message: PUBLIC_CLOUD, line: 1 },
    });
  });
});

describe('WasmCore.pickLogoVersion', () => {
  it('follows spec core §9 with the numeric board types', () => {
    expect(core.pickLogoVersion(1, 111)).toBe('1.2'); // GoGo board 4
    expect(core.pickLogoVersion(2, 39)).toBe('1.2'); // Pi-topping below 40
    expect(core.pickLogoVersion(2, 40)).toBe('1.3');
    expect(core.pickLogoVersion(2, 41)).toBe('1.4');
    expect(core.pickLogoVersion(5, 0)).toBe('1.4'); // Bright
    expect(core.pickLogoVersion(4, 0)).toBe('2.1'); // GoGo board 6
    expect(core.pickLogoVersion(6, 42)).toBe('1.4'); // GoGo board 7: the default
    expect(core.pickLogoVersion(0, 0)).toBe('1.4');
  });
});

describe('toCompileResponse', () => {
  it('shapes a compiled program like the compile endpoint', () => {
    expect(toCompileResponse(core.compileLogo('to autorun\nbeep\nend\n', '1.3'))).toEqual({
      result: true,
      data: [12, 0],
      message: '',
      autoRunState: true,
      status: 200,
    });
  });

  it('answers a compile error with result false, the message, the line and the mistake', () => {
    expect(toCompileResponse(core.compileLogo('to main\nREPEAT 2 [ beep ]\nend\n', '1.3'))).toEqual(
      {
        result: false,
        data: [],
        message: "Line 2: Syntax error at 'REPEAT'",
        autoRunState: false,
        status: 200,
        code: 'syntax',
        line: 2,
        mistake: { line: 2, column: 0, endLine: 2, endColumn: 6, text: 'REPEAT' },
      },
    );
  });

  it('answers an unknown version with status 400', () => {
    expect(toCompileResponse(core.compileLogo('to main\nbeep\nend\n', 'x')).status).toBe(400);
  });
});
