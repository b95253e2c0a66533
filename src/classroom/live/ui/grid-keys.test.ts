import { describe, expect, it } from 'vitest';
import { seatAfterKey } from './grid-keys.ts';

describe('seatAfterKey', () => {
  // Seven seats in rows of three: 0 1 2 / 3 4 5 / 6
  it('moves along a row and stops at the ends', () => {
    expect(seatAfterKey('ArrowRight', 1, 7, 3)).toBe(2);
    expect(seatAfterKey('ArrowRight', 2, 7, 3)).toBe(3);
    expect(seatAfterKey('ArrowRight', 6, 7, 3)).toBe(6);
    expect(seatAfterKey('ArrowLeft', 0, 7, 3)).toBe(0);
    expect(seatAfterKey('ArrowLeft', 3, 7, 3)).toBe(2);
  });

  it('moves a row up or down, staying put where the row has no seat below', () => {
    expect(seatAfterKey('ArrowDown', 1, 7, 3)).toBe(4);
    expect(seatAfterKey('ArrowDown', 3, 7, 3)).toBe(6);
    expect(seatAfterKey('ArrowDown', 4, 7, 3)).toBe(4);
    expect(seatAfterKey('ArrowUp', 6, 7, 3)).toBe(3);
    expect(seatAfterKey('ArrowUp', 2, 7, 3)).toBe(2);
  });

  it('goes to the first and last seat; other keys are no move', () => {
    expect(seatAfterKey('Home', 5, 7, 3)).toBe(0);
    expect(seatAfterKey('End', 1, 7, 3)).toBe(6);
    expect(seatAfterKey('Enter', 1, 7, 3)).toBeNull();
    expect(seatAfterKey('ArrowRight', 0, 0, 3)).toBeNull();
  });
});
