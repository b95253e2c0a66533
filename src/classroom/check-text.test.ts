import { describe, expect, it } from 'vitest';
import { checkText, EXAMPLE_CHECK, parseCheckText } from './check-text.ts';

describe('parseCheckText', () => {
  it('reads the example back and empty text as no check', () => {
    expect(parseCheckText(checkText(EXAMPLE_CHECK))).toEqual({ ok: true, check: EXAMPLE_CHECK });
    expect(parseCheckText('  ')).toEqual({ ok: true, check: null });
  });

  it('names what is wrong and where', () => {
    expect(parseCheckText('{ "duration": 4,')).toMatchObject({
      ok: false,
      key: 'check.errors.json',
    });
    expect(
      parseCheckText(
        JSON.stringify({ ...EXAMPLE_CHECK, inputs: [{ t: 0, sensor: 12, value: 3 }] }),
      ),
    ).toEqual({ ok: false, key: 'check.errors.format', path: '/inputs/0/sensor' });
    expect(
      parseCheckText(JSON.stringify({ ...EXAMPLE_CHECK, expect: [{ t: 1, on: true }] })),
    ).toEqual({ ok: false, key: 'check.errors.field_needs_motor', path: '/expect/0' });
  });
});
