// A transport for protocol and connection tests: queues canned input reports, records the
// payloads written, and can fail writes or drop the link on demand.
import { DeviceError, type TransportKind } from '../device.ts';
import { TransportEvents, type Transport } from '../transport.ts';

export class FakeTransport extends TransportEvents implements Transport {
  readonly writes: Uint8Array[] = [];
  opened = false;
  openError: DeviceError | null = null;
  writeError: DeviceError | null = null;
  restorable = false;
  /** Set to give the transport a clock of its own (like the simulated board). */
  writePaced?: Transport['writePaced'];

  constructor(readonly kind: TransportKind = 'webhid') {
    super();
  }

  async open(): Promise<void> {
    if (this.openError) throw this.openError;
    this.opened = true;
  }

  async close(): Promise<void> {
    this.opened = false;
  }

  async write(payload: Uint8Array): Promise<void> {
    if (!this.opened) throw new DeviceError('disconnected');
    if (this.writeError) throw this.writeError;
    this.writes.push(payload);
  }

  async restore(opening?: () => void): Promise<boolean> {
    // Looking for granted boards takes a moment (navigator.hid.getDevices).
    await Promise.resolve();
    if (!this.restorable) return false;
    opening?.();
    await this.open();
    return true;
  }

  /** Delivers canned input reports, as the board would. */
  push(...reports: Uint8Array[]): void {
    for (const r of reports) this.events.emit('report', r);
  }

  /** The link drops (cable pulled, socket closed). */
  drop(reason = new DeviceError('disconnected')): void {
    this.opened = false;
    this.events.emit('close', reason);
  }

  boardAbsent(): void {
    this.events.emit('board-absent', undefined);
  }
}

/** A 64-byte report from `offset → bytes` pairs (the fixture notation). */
export function report(fields: Record<number, number[] | string>, length = 64): Uint8Array {
  const r = new Uint8Array(length);
  for (const [at, value] of Object.entries(fields)) {
    r.set(typeof value === 'string' ? new TextEncoder().encode(value) : value, Number(at));
  }
  return r;
}

/** A status report of board `type` with firmware `fw` and optional extra fields. */
export function statusReport(
  type: number,
  fw: number,
  extra: Record<number, number[] | string> = {},
): Uint8Array {
  return report({ 17: [type], 20: [fw], ...extra });
}
