import { describe, expect, it } from 'vitest';
import { columnsToWideCsv } from './datalog-wide-csv.ts';

function wide(rows: [number, number, number][], labels: string[], offsetMs = 0): string[] {
  const csv = columnsToWideCsv(
    {
      timeMs: Float64Array.from(rows.map((r) => r[0])),
      series: Uint16Array.from(rows.map((r) => r[1])),
      value: Float32Array.from(rows.map((r) => r[2])),
    },
    labels,
    offsetMs,
  );
  return new TextDecoder().decode(csv).trimEnd().split('\n');
}

describe('wide CSV of a data log', () => {
  it('is the header alone for an empty log', () => {
    expect(wide([], ['light', 'sound'])).toEqual(['time,board_ms,light,sound']);
  });

  it('has one value column for one series', () => {
    expect(
      wide(
        [
          [0, 0, 10],
          [1000, 0, 20.5],
        ],
        ['light'],
      ),
    ).toEqual([
      'time,board_ms,light',
      '1970-01-01T00:00:00.000Z,0,10',
      '1970-01-01T00:00:01.000Z,1000,20.5',
    ]);
  });

  it('puts series with unequal times on rows in time order, leaving missing cells empty', () => {
    const start = Date.UTC(2026, 2, 1, 8);
    expect(
      wide(
        [
          [1000, 1, 5],
          [0, 0, 10],
          [1000, 0, 20],
          [1500, 1, 6],
        ],
        ['light', 'sound, left'],
        start,
      ),
    ).toEqual([
      'time,board_ms,light,"sound, left"',
      '2026-03-01T08:00:00.000Z,0,10,',
      '2026-03-01T08:00:01.000Z,1000,20,5',
      '2026-03-01T08:00:01.500Z,1500,,6',
    ]);
  });

  it('keeps two records of one series at the same time on two rows', () => {
    expect(
      wide(
        [
          [0, 0, 1],
          [0, 0, 2],
          [0, 2, 3],
        ],
        ['a'],
      ),
    ).toEqual([
      'time,board_ms,a,#1,#2',
      '1970-01-01T00:00:00.000Z,0,1,,',
      '1970-01-01T00:00:00.000Z,0,2,,3',
    ]);
  });
});
