import { describe, expect, it } from 'vitest';
import { axesFor, unitOf } from './series-units.ts';

describe('series units', () => {
  it('reads the unit from the name, readings when it says none', () => {
    expect(unitOf('temperature')).toBe('celsius');
    expect(unitOf('Temp1')).toBe('celsius');
    expect(unitOf('humidity')).toBe('percent');
    expect(unitOf('distance')).toBe('cm');
    expect(unitOf('light')).toBe('reading');
    expect(unitOf('sound')).toBe('reading');
  });

  it('gives each unit shown an axis of its own, one shared by series of a unit', () => {
    const labels = ['temperature', 'light', 'sound', 'distance'];
    const a = axesFor(labels, new Set());
    expect(a.units).toEqual(['celsius', 'reading', 'cm']);
    expect([0, 1, 2, 3].map(a.axisOf)).toEqual(['y', 'y1', 'y1', 'y2']);
  });

  it('one unit shown: one axis, whatever the hidden series measure', () => {
    const a = axesFor(['temperature', 'light', 'sound'], new Set([0]));
    expect(a.units).toEqual(['reading']);
    expect([1, 2].map(a.axisOf)).toEqual(['y', 'y']);
    expect(a.axisOf(0)).toBe('y');
  });
});
