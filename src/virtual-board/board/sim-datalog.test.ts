import { describe, expect, it } from 'vitest';
import { DatalogStatus, PACKET_PAYLOAD, SimDatalog } from './sim-datalog.ts';

/** The records section of a read: its packets' statuses and payload bytes, in order. */
function recordsPackets(log: SimDatalog): { status: number; payload: Uint8Array }[] {
  const stream = log.startRead();
  if (!stream) throw new Error('no log');
  const out: { status: number; payload: Uint8Array }[] = [];
  let section = 0;
  for (let p = stream.next(); p; p = stream.next()) {
    if (section === 2) out.push({ status: p[3] ?? 0, payload: p.slice(4, 4 + (p[1] ?? 0)) });
    if (p[3] === DatalogStatus.sizesEnd || p[3] === DatalogStatus.tableEnd) section++;
  }
  return out;
}

describe('SimDatalog read stream', () => {
  it('sends every record in 60-byte packets, the last one ending the section', () => {
    const log = new SimDatalog();
    log.fill(100);
    const packets = recordsPackets(log);
    expect(packets).toHaveLength(Math.ceil(1000 / PACKET_PAYLOAD));
    expect(packets.at(-1)?.status).toBe(DatalogStatus.recordsEnd);
    expect(packets.slice(0, -1).every((p) => p.status === DatalogStatus.more)).toBe(true);
  });

  it('leaves out the packets a test loses, on the next read only, but never the section end', () => {
    const log = new SimDatalog();
    log.fill(100); // 17 records packets: 0..16
    const whole = recordsPackets(log);
    log.loseOnNextRead([1, 2, 3, 16]);
    const lossy = recordsPackets(log);
    expect(lossy.map((p) => p.payload)).toEqual(
      whole.filter((_, k) => k < 1 || k > 3).map((p) => p.payload),
    );
    expect(lossy.at(-1)?.status).toBe(DatalogStatus.recordsEnd);
    expect(recordsPackets(log)).toEqual(whole);
  });
});
