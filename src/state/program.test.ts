import { beforeEach, describe, expect, it } from 'vitest';
import { contractWidget, expandWidget, parseExpandState, program } from './program.ts';

describe('widget expand state', () => {
  beforeEach(() => {
    localStorage.clear();
    program.expandState = 1;
  });

  it('turns non-numeric stored values into 1', () => {
    expect(parseExpandState('wide')).toBe(1);
    expect(parseExpandState(null)).toBe(1);
    expect(parseExpandState('')).toBe(1);
    expect(parseExpandState('2')).toBe(2);
    expect(parseExpandState('0')).toBe(0);
  });

  it('expands up to 2 and contracts down to 0, persisting each step', () => {
    expandWidget();
    expandWidget();
    expect(program.expandState).toBe(2);
    expect(localStorage.getItem('expandState')).toBe('2');
    contractWidget();
    contractWidget();
    contractWidget();
    expect(program.expandState).toBe(0);
    expect(localStorage.getItem('expandState')).toBe('0');
  });
});
