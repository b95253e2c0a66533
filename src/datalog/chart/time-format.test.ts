import { describe, expect, it } from 'vitest';
import { timeFormatter } from './time-format.ts';

const at = Date.UTC(2026, 2, 1, 8, 5, 9);
const local = new Date(at);
const two = (n: number) => String(n).padStart(2, '0');

describe('timeFormatter (every data-log chart and table)', () => {
  it('shows seconds for spans under an hour', () => {
    const text = timeFormatter('en-GB', 60_000)(at);
    expect(text).toBe(`${two(local.getHours())}:${two(local.getMinutes())}:09`);
  });

  it('drops seconds from an hour up to two days', () => {
    const text = timeFormatter('en-GB', 6 * 3_600_000)(at);
    expect(text).toBe(`${two(local.getHours())}:${two(local.getMinutes())}`);
  });

  it('adds the date for longer spans, in the viewer language', () => {
    expect(timeFormatter('en-GB', 10 * 86_400_000)(at)).toContain('Mar');
    expect(timeFormatter('pt-BR', 10 * 86_400_000)(at)).toContain('mar');
  });
});
