import { describe, expect, it } from 'vitest';
import { parseHold, parseThreshold, StayAboveTrigger } from './tm-trigger.ts';

const labels = ['Red', 'Green'];

describe('StayAboveTrigger', () => {
  it('sends a class once it has stayed above the threshold for the hold time, once', () => {
    const trigger = new StayAboveTrigger({ threshold: 0.8, holdMs: 500 });
    expect(trigger.update([0.9, 0.1], labels, 0)).toBeNull();
    expect(trigger.update([0.95, 0.05], labels, 300)).toBeNull();
    expect(trigger.update([0.9, 0.1], labels, 500)).toBe('Red');
    expect(trigger.update([0.9, 0.1], labels, 900)).toBeNull();
    expect(trigger.update([0.9, 0.1], labels, 5000)).toBeNull();
  });

  it('starts over when the class dips below the threshold, and sends it again after', () => {
    const trigger = new StayAboveTrigger({ threshold: 0.8, holdMs: 500 });
    trigger.update([0.9, 0.1], labels, 0);
    expect(trigger.update([0.9, 0.1], labels, 600)).toBe('Red');
    expect(trigger.update([0.7, 0.3], labels, 700)).toBeNull();
    expect(trigger.update([0.9, 0.1], labels, 800)).toBeNull();
    expect(trigger.update([0.9, 0.1], labels, 1299)).toBeNull();
    expect(trigger.update([0.9, 0.1], labels, 1300)).toBe('Red');
  });

  it('a flicker to another class restarts the hold', () => {
    const trigger = new StayAboveTrigger({ threshold: 0.6, holdMs: 500 });
    trigger.update([0.9, 0.1], labels, 0);
    expect(trigger.update([0.1, 0.9], labels, 400)).toBeNull();
    expect(trigger.update([0.9, 0.1], labels, 600)).toBeNull();
    expect(trigger.update([0.1, 0.9], labels, 900)).toBeNull();
    expect(trigger.update([0.1, 0.9], labels, 1400)).toBe('Green');
  });

  it('never sends below the threshold, and forgets the stay on reset', () => {
    const trigger = new StayAboveTrigger({ threshold: 0.8, holdMs: 0 });
    expect(trigger.update([0.79, 0.21], labels, 0)).toBeNull();
    expect(trigger.update([0.8, 0.2], labels, 1)).toBe('Red');
    trigger.reset();
    expect(trigger.update([0.8, 0.2], labels, 2)).toBe('Red');
  });
});

describe('parseThreshold', () => {
  it('reads a fraction or a percentage, else the default', () => {
    expect(parseThreshold('0.75')).toBe(0.75);
    expect(parseThreshold('90')).toBe(0.9);
    expect(parseThreshold('')).toBe(0.8);
    expect(parseThreshold('abc')).toBe(0.8);
    expect(parseThreshold('-1')).toBe(0.8);
    expect(parseThreshold('250')).toBe(1);
  });
});

describe('parseHold', () => {
  it('reads seconds, 0 to 5, else half a second', () => {
    expect(parseHold('')).toBe(500);
    expect(parseHold('1.5')).toBe(1500);
    expect(parseHold('0')).toBe(0);
    expect(parseHold('9')).toBe(5000);
    expect(parseHold('-1')).toBe(500);
    expect(parseHold('x')).toBe(500);
  });
});
