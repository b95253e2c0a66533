// A plain TypeScript offline-datalog decoder: the benchmark's JavaScript baseline for
// core-rs. Same job on the same input (a packet stream): skip foreign packets, collect the
// size and name sections, decode 10-byte records with a DataView straight from the packets
// (a small carry for records split across packets) into preallocated columns, series ids
// by first appearance. No object per record. Only the 10-byte format and well-formed
// streams: enough for the benchmark, and its tests hold it to the shared fixtures.
import type { DatalogColumns } from '../../../src/core/wasm-core.ts';

export interface TsDatalog {
  names: string[];
  /** Name index of each series id. */
  seriesNames: number[];
  columns: DatalogColumns;
  complete: boolean;
}

const NONE = 0xffff;

export function decodeDatalogTs(stream: Uint8Array, stride = 64): TsDatalog {
  const view = new DataView(stream.buffer, stream.byteOffset, stream.byteLength);
  const ascii = new TextDecoder('latin1');
  let phase = 0; // 0 sizes, 1 table, 2 records, 3 done
  let text = '';
  let recordBytes = 0;
  let received = 0;
  let names: string[] = [];
  let time = new Float64Array(0);
  let series = new Uint16Array(0);
  let value = new Float32Array(0);
  let n = 0;
  let capacity = 0;
  const byName = new Uint16Array(65536).fill(NONE);
  const seriesNames: number[] = [];
  const carry = new Uint8Array(10);
  const carryView = new DataView(carry.buffer);
  let carryLen = 0;

  /** The series id of name index `idx`, assigned on first sight. */
  const seriesOf = (idx: number): number => {
    let id = byName[idx] ?? NONE;
    if (id === NONE) {
      id = seriesNames.length;
      seriesNames.push(idx);
      byName[idx] = id;
    }
    return id;
  };

  for (let p = 0; p + stride <= stream.length; p += stride) {
    if (stream[p] !== 20 || stream[p + 2] !== 2 || phase === 3) continue;
    const len = Math.min(stream[p + 1] ?? 0, stride - 4, 60);
    const status = stream[p + 3];
    let at = p + 4;
    const end = at + len;
    if (phase < 2) {
      text += ascii.decode(stream.subarray(at, end));
      if (phase === 0 && status === 4) {
        const [, records = '0'] = text.split('\n');
        recordBytes = Number.parseInt(records, 10);
        capacity = Math.floor(recordBytes / 10);
        time = new Float64Array(capacity);
        series = new Uint16Array(capacity);
        value = new Float32Array(capacity);
        text = '';
        phase = 1;
      } else if (phase === 1 && status === 5) {
        names = text.split(',').slice(0, -1);
        text = '';
        phase = 2;
      }
      continue;
    }
    received += len;
    if (carryLen > 0) {
      while (carryLen < 10 && at < end) carry[carryLen++] = stream[at++] ?? 0;
      if (carryLen === 10 && n < capacity) {
        time[n] = carryView.getUint32(0, true) * 1000;
        series[n] = seriesOf(carryView.getUint16(4, true));
        value[n] = carryView.getFloat32(6, true);
        n++;
      }
      if (carryLen === 10) carryLen = 0;
    }
    // The hot loop: whole records straight from the packet, no closure captures its
    // variables (captured variables live in a context object and cost a load each).
    for (; at + 10 <= end && n < capacity; at += 10) {
      const idx = view.getUint16(at + 4, true);
      let id = byName[idx] ?? NONE;
      if (id === NONE) id = seriesOf(idx);
      time[n] = view.getUint32(at, true) * 1000;
      series[n] = id;
      value[n] = view.getFloat32(at + 6, true);
      n++;
    }
    at = Math.max(at, end - ((end - at) % 10));
    while (at < end) carry[carryLen++] = stream[at++] ?? 0;
    if (status === 6) phase = 3;
  }
  return {
    names,
    seriesNames,
    columns: {
      timeMs: time.subarray(0, n),
      series: series.subarray(0, n),
      value: value.subarray(0, n),
    },
    complete: phase === 3 && received === recordBytes,
  };
}
