// Reads the offline-datalog fixtures of core-rs/tests/fixtures/datalog (recorded packet
// streams shared by the native tests, the WASM tests and the benchmark baseline's tests).
// Node-only: tests use it, the worker does not.
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { fnv1a64 } from '../../../scripts/fixtures/fnv.ts';
import type { DatalogColumns, DatalogFormat, DatalogSummary } from '../wasm-core.ts';

export const datalogFixtureDir = fileURLToPath(
  new URL('../../../core-rs/tests/fixtures/datalog/', import.meta.url),
);

export interface DatalogExpectation {
  about: string;
  packetSize: number;
  format: DatalogFormat;
  status: DatalogSummary['status'];
  phase: DatalogSummary['phase'];
  recordFormat: 10 | 16 | null;
  error: string | null;
  names: string[];
  series: [number, number][];
  records: number;
  percent: number;
  packets: number;
  ignoredPackets: number;
  columns?: { time: number[]; series: number[]; value: number[] };
  columnsFnv1a64?: { time: string; series: string; value: string };
}

export interface DatalogFixture {
  name: string;
  stream: Uint8Array;
  expect: DatalogExpectation;
}

export function datalogFixtures(): DatalogFixture[] {
  return readdirSync(datalogFixtureDir)
    .filter((f) => f.endsWith('.bin'))
    .sort()
    .map((f) => {
      const name = f.slice(0, -'.bin'.length);
      return {
        name,
        stream: new Uint8Array(readFileSync(datalogFixtureDir + f)),
        expect: JSON.parse(
          readFileSync(`${datalogFixtureDir}${name}.expect.json`, 'utf8'),
        ) as DatalogExpectation,
      };
    });
}

const bytes = (a: ArrayBufferView) => new Uint8Array(a.buffer, a.byteOffset, a.byteLength);

/** A decoded log in the fixture's shape, so one `toEqual` shows every difference. */
export function asDatalogExpectation(
  summary: DatalogSummary,
  columns: DatalogColumns,
  expect: DatalogExpectation,
): Omit<DatalogExpectation, 'about' | 'packetSize' | 'format'> {
  const list = expect.columns !== undefined;
  return {
    status: summary.status,
    phase: summary.phase,
    recordFormat: summary.recordFormat,
    error: summary.error?.code ?? null,
    names: summary.names,
    series: summary.series.map((s) => [s.nameIndex, s.fieldIndex ?? -1]),
    records: summary.records,
    percent: summary.percent,
    packets: summary.packets,
    ignoredPackets: summary.ignoredPackets,
    ...(list
      ? {
          columns: {
            time: [...columns.timeMs],
            series: [...columns.series],
            value: [...columns.value],
          },
        }
      : {
          columnsFnv1a64: {
            time: fnv1a64(bytes(columns.timeMs)),
            series: fnv1a64(bytes(columns.series)),
            value: fnv1a64(bytes(columns.value)),
          },
        }),
  };
}

export function expectedDatalog(
  e: DatalogExpectation,
): Omit<DatalogExpectation, 'about' | 'packetSize' | 'format'> {
  const { about: _a, packetSize: _p, format: _f, ...rest } = e;
  return rest;
}
