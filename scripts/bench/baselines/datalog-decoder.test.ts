import { describe, expect, it } from 'vitest';
import { fnv1a64 } from '../../fixtures/fnv.ts';
import { datalogFixtures } from '../../../src/core/testing/datalog-fixtures.node.ts';
import { decodeDatalogTs } from './datalog-decoder.ts';

// The benchmark compares this decoder with core-rs, so on every complete 10-byte fixture
// it must return the same names, series and columns.
const cases = datalogFixtures().filter(
  (f) => f.expect.status === 'complete' && f.expect.recordFormat === 10,
);
const bytes = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

describe('decodeDatalogTs (benchmark baseline)', () => {
  it('has fixtures to check against', () => {
    expect(cases.length).toBeGreaterThanOrEqual(5);
  });

  it.each(cases.map((f) => [f.name, f] as const))('%s', (_name, f) => {
    const d = decodeDatalogTs(f.stream, f.expect.packetSize);
    const c = d.columns;
    expect(d.complete).toBe(true);
    expect(d.names).toEqual(f.expect.names);
    expect(d.seriesNames).toEqual(f.expect.series.map(([name]) => name));
    expect(c.timeMs.length).toBe(f.expect.records);
    if (f.expect.columns) {
      expect([...c.timeMs]).toEqual(f.expect.columns.time);
      expect([...c.series]).toEqual(f.expect.columns.series);
      expect([...c.value]).toEqual(f.expect.columns.value);
    } else {
      expect({
        time: fnv1a64(bytes(c.timeMs)),
        series: fnv1a64(bytes(c.series)),
        value: fnv1a64(bytes(c.value)),
      }).toEqual(f.expect.columnsFnv1a64);
    }
  });
});
