import { describe, expect, it } from 'vitest';
import { TAG_PALETTE, tagColour } from './colours.ts';

describe('tagColour', () => {
  it('gives ten different colours, then starts again', () => {
    const first = Array.from({ length: 10 }, (_, i) => tagColour(i));
    expect(new Set(first).size).toBe(10);
    expect(tagColour(10)).toBe(tagColour(0));
    expect(tagColour(23)).toBe(TAG_PALETTE[3]);
  });
});
