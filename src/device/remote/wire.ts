// The frames of the remote lab (docs/remote-lab.md "Frames"): binary MQTT payloads between
// the holder's app and the lab station. The board's own 64-byte reports and 63-byte command
// payloads travel unchanged inside them.
//
// Down (app → station), on `…/s/{key}/down`:
//   [1, payload…]                                  one command payload (≤ 63 bytes)
//   [2, id(u16), n(u16), n × (gap(u16) ms, len(u8), payload…)]
//                                                  a paced sequence (a download), run by the
//                                                  station with its own clock
// Up (station → app), on `…/s/{key}/up`:
//   [0]                                            ping (ignored: remote mode, spec core §4)
//   [1, k × (len(u8), report…)]                    input reports, oldest first
//   [2, id(u16), done(u16), total(u16)]            progress of a sequence
//   [3, id(u16), status(u8)]                       a sequence ended (SequenceStatus)
// Numbers are big-endian, like every number of the board protocol.
import { packReports } from '../../core/hid-layout.ts';

const Frame = { ping: 0, reports: 1, progress: 2, sequenceEnd: 3 } as const;
const DownFrame = { command: 1, sequence: 2 } as const;

/** How a sequence ended at the station. */
export const SequenceStatus = {
  done: 0,
  /** The board refused a write, or left during the sequence. */
  failed: 1,
  /** A command the station does not forward (firmware, Wi-Fi credentials, flash pointer). */
  refused: 2,
  /** The station runs another sequence (one at a time). */
  busy: 3,
} as const;
export type SequenceStatus = (typeof SequenceStatus)[keyof typeof SequenceStatus];

export interface PacedPayload {
  payload: Uint8Array;
  gapMs: number;
}

type UpFrame =
  | { type: 'ping' }
  | { type: 'reports'; reports: Uint8Array[] }
  | { type: 'progress'; id: number; done: number; total: number }
  | { type: 'sequence-end'; id: number; status: number };

type DownFrameValue =
  | { type: 'command'; payload: Uint8Array }
  | { type: 'sequence'; id: number; items: PacedPayload[] };

const u16 = (b: Uint8Array, i: number) => ((b[i] ?? 0) << 8) | (b[i + 1] ?? 0);
const put16 = (out: number[], v: number) => out.push((v >> 8) & 0xff, v & 0xff);

/** Largest command payload (a report's 64 bytes less the report id). */
const PAYLOAD_MAX = 63;

export function encodeCommand(payload: Uint8Array): Uint8Array {
  const out = new Uint8Array(1 + Math.min(payload.length, PAYLOAD_MAX));
  out[0] = DownFrame.command;
  out.set(payload.subarray(0, PAYLOAD_MAX), 1);
  return out;
}

export function encodeSequence(id: number, items: readonly PacedPayload[]): Uint8Array {
  const out: number[] = [DownFrame.sequence];
  put16(out, id);
  put16(out, items.length);
  for (const { payload, gapMs } of items) {
    put16(out, Math.max(0, Math.min(0xffff, Math.round(gapMs))));
    const p = payload.subarray(0, PAYLOAD_MAX);
    out.push(p.length, ...p);
  }
  return Uint8Array.from(out);
}

/** Bytes of their own (an MQTT payload may be a Buffer, whose slice() is a shared view). */
const copy = (b: Uint8Array, from: number, to: number) => Uint8Array.from(b.subarray(from, to));

/** A down frame, or null when it is malformed (the station drops it). */
export function decodeDown(b: Uint8Array): DownFrameValue | null {
  if (b[0] === DownFrame.command && b.length >= 2 && b.length <= 1 + PAYLOAD_MAX) {
    return { type: 'command', payload: copy(b, 1, b.length) };
  }
  if (b[0] !== DownFrame.sequence || b.length < 5) return null;
  const id = u16(b, 1);
  const n = u16(b, 3);
  const items: PacedPayload[] = [];
  let at = 5;
  for (let i = 0; i < n; i++) {
    if (at + 3 > b.length) return null;
    const gapMs = u16(b, at);
    const len = b[at + 2] ?? 0;
    if (len === 0 || len > PAYLOAD_MAX || at + 3 + len > b.length) return null;
    items.push({ gapMs, payload: copy(b, at + 3, at + 3 + len) });
    at += 3 + len;
  }
  return at === b.length && items.length > 0 ? { type: 'sequence', id, items } : null;
}

/** The reports frame: the frame byte, then the reports as `gg_hid_decode` takes them. */
export function encodeReports(reports: readonly Uint8Array[]): Uint8Array {
  const packed = packReports(reports);
  const out = new Uint8Array(1 + packed.length);
  out[0] = Frame.reports;
  out.set(packed, 1);
  return out;
}

export const encodePing = () => Uint8Array.of(Frame.ping);

export function encodeProgress(id: number, done: number, total: number): Uint8Array {
  const out: number[] = [Frame.progress];
  put16(out, id);
  put16(out, done);
  put16(out, total);
  return Uint8Array.from(out);
}

export function encodeSequenceEnd(id: number, status: SequenceStatus): Uint8Array {
  const out: number[] = [Frame.sequenceEnd];
  put16(out, id);
  out.push(status);
  return Uint8Array.from(out);
}

/** An up frame, or null when it is malformed (the app counts it as an ignored report). */
export function decodeUp(b: Uint8Array): UpFrame | null {
  switch (b[0]) {
    case Frame.ping:
      return b.length === 1 ? { type: 'ping' } : null;
    case Frame.reports: {
      const reports: Uint8Array[] = [];
      let at = 1;
      while (at < b.length) {
        const n = b[at] ?? 0;
        if (at + 1 + n > b.length) return null;
        reports.push(b.slice(at + 1, at + 1 + n));
        at += 1 + n;
      }
      return { type: 'reports', reports };
    }
    case Frame.progress:
      return b.length === 7
        ? { type: 'progress', id: u16(b, 1), done: u16(b, 3), total: u16(b, 5) }
        : null;
    case Frame.sequenceEnd:
      return b.length === 4 ? { type: 'sequence-end', id: u16(b, 1), status: b[3] ?? 0 } : null;
    default:
      return null;
  }
}
