import { describe, expect, it } from 'vitest';
import { benchFlash } from './flash.ts';

describe('flash benchmark', () => {
  it('meets every target on the simulated link: floors, identical reflash, negative controls', async () => {
    const rows = await benchFlash();
    expect(rows.filter((r) => !r.pass).map((r) => `${r.case}: ${r.ratio.toFixed(3)}`)).toEqual([]);
    expect(rows.find((r) => r.case.startsWith('STM 256 KiB'))?.ratio).toBeLessThanOrEqual(1.1);
    expect(rows.find((r) => r.case.startsWith('ESP 256 KiB'))?.ratio).toBeLessThanOrEqual(1.1);
  });
});
