import { describe, expect, it } from 'vitest';
import { digest, outcomes, type Report } from './e2e-digest.ts';

// The shape Playwright's JSON reporter writes: file suites, describe suites, specs, results.
const report: Report = {
  suites: [
    {
      title: 'firmware.spec.ts',
      specs: [],
      suites: [
        {
          title: 'Firmware update',
          specs: [
            {
              title: 'names each chip',
              file: 'firmware.spec.ts',
              line: 72,
              tests: [
                {
                  status: 'unexpected',
                  results: [
                    {
                      status: 'failed',
                      duration: 41_500,
                      errors: [
                        {
                          message:
                            '\u001b[31mError: expect(locator).toHaveText(expected)\u001b[39m\n\nExpected: "STM32 1.0.1"\n' +
                            Array.from({ length: 30 }, (_, i) => `call log line ${i}`).join('\n'),
                        },
                      ],
                    },
                  ],
                },
              ],
            },
            {
              title: 'refuses files',
              file: 'firmware.spec.ts',
              line: 121,
              tests: [{ status: 'expected', results: [{ duration: 2_000, errors: [] }] }],
            },
            {
              title: 'a skipped one',
              file: 'firmware.spec.ts',
              line: 200,
              tests: [{ status: 'skipped', results: [] }],
            },
          ],
        },
      ],
    },
  ],
};

describe('the end-to-end digest', () => {
  it('names each test with its describe titles, outcome and time; skipped ones are left out', () => {
    const all = outcomes(report);
    expect(all.map((o) => [o.where, o.title, o.ok, o.seconds])).toEqual([
      ['firmware.spec.ts:72', 'Firmware update › names each chip', false, 41.5],
      ['firmware.spec.ts:121', 'Firmware update › refuses files', true, 2],
    ]);
  });

  it("prints a failure's error without colours, cut to its first lines, then the slowest tests", () => {
    const text = digest(outcomes(report), 5);
    const lines = text.split('\n');
    expect(lines[0]).toBe('FAILED firmware.spec.ts:72 › Firmware update › names each chip (42 s)');
    expect(lines[1]).toBe('    Error: expect(locator).toHaveText(expected)');
    expect(lines[2]).toBe('    Expected: "STM32 1.0.1"');
    expect(lines[6]).toBe('    … 27 more lines');
    expect(lines[7]).toBe('slowest of 2 tests (44 s in all):');
    expect(lines[8]).toContain('42 s  firmware.spec.ts:72');
    expect(lines[9]).toContain('2 s  firmware.spec.ts:121');
  });
});
