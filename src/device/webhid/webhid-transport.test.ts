import { beforeEach, describe, expect, it } from 'vitest';
import { DeviceError } from '../device.ts';
import { FakeHid, type FakeHidBackend } from './fake-hid.ts';
import { MemoryLocks } from '../testing/memory-locks.ts';
import { pickGoGoInterface, WebHidTransport, WRITE_RETRIES } from './webhid-transport.ts';

/** A board backend that records writes, can fail some, and pushes reports on demand. */
class Backend implements FakeHidBackend {
  writes: Uint8Array[] = [];
  failNext = 0;
  attempts = 0;
  private listeners = new Set<(r: Uint8Array[]) => void>();
  start(): Promise<void> {
    return Promise.resolve();
  }
  write(payload: Uint8Array): Promise<void> {
    this.attempts++;
    if (this.failNext > 0) {
      this.failNext--;
      return Promise.reject(new DOMException('Failed to write the report.', 'NotAllowedError'));
    }
    this.writes.push(payload);
    return Promise.resolve();
  }
  onReports(listener: (r: Uint8Array[]) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  push(...reports: Uint8Array[]): void {
    this.listeners.forEach((l) => l(reports));
  }
}

let backend: Backend;
let hid: FakeHid;
let locks: MemoryLocks;

const transport = () => new WebHidTransport({ hid, locks: locks.asLockManager(), retryDelayMs: 0 });

beforeEach(() => {
  backend = new Backend();
  hid = new FakeHid(backend);
  locks = new MemoryLocks();
});

describe('WebHidTransport', () => {
  it('opens the vendor-usage-page interface of a composite board', async () => {
    const t = transport();
    await t.open();
    expect(t.hidDevice?.collections[0]?.usagePage).toBe(0xffc0);
    expect(hid.devices.map((d) => d.opened)).toEqual([false, true]);
  });

  it('prefers a vendor collection, then any collection, then the first device', () => {
    const dev = (usagePage?: number) =>
      ({ collections: usagePage === undefined ? [] : [{ usagePage }] }) as never;
    const [none, keyboard, vendor] = [dev(), dev(1), dev(0xff00)];
    expect(pickGoGoInterface([none, keyboard, vendor])).toBe(vendor);
    expect(pickGoGoInterface([none, keyboard])).toBe(keyboard);
    expect(pickGoGoInterface([none])).toBe(none);
  });

  it('sends a 63-byte payload with report ID 0', async () => {
    const t = transport();
    await t.open();
    const payload = new Uint8Array(63);
    payload.set([0, 11]);
    await t.write(payload);
    expect(backend.writes).toEqual([payload]);
  });

  it('emits each input report as its own copy', async () => {
    const t = transport();
    const got: Uint8Array[] = [];
    t.on('report', (r) => got.push(r));
    await t.open();
    const report = new Uint8Array(64);
    report[17] = 6;
    backend.push(report);
    report[17] = 9;
    expect(got).toHaveLength(1);
    expect(got[0]?.[17]).toBe(6);
  });

  it('reports no-device-selected when the chooser is closed', async () => {
    hid.nextChoice = 'cancel';
    await expect(transport().open()).rejects.toMatchObject({ code: 'no-device-selected' });
  });

  it('reports unsupported-browser without navigator.hid', async () => {
    const t = new WebHidTransport({ locks: null });
    await expect(t.open()).rejects.toMatchObject({ code: 'unsupported-browser' });
    expect(await t.restore()).toBe(false);
  });

  it('re-opens an already granted board without the chooser', async () => {
    const opening: boolean[] = [];
    const note = (t: WebHidTransport) => () => opening.push(t.hidDevice?.opened ?? false);
    const none = transport();
    expect(await none.restore(note(none))).toBe(false);
    // Nothing granted: the caller is not told a board is opening.
    expect(opening).toEqual([]);
    const first = transport();
    await first.open();
    await first.close();
    hid.nextChoice = 'cancel'; // a chooser would now fail
    const second = transport();
    expect(await second.restore(note(second))).toBe(true);
    expect(second.hidDevice?.opened).toBe(true);
    // Told once, before the board was opened.
    expect(opening).toEqual([false]);
  });

  it('retries a failed write up to 5 times', async () => {
    const t = transport();
    await t.open();
    backend.failNext = WRITE_RETRIES;
    await t.write(new Uint8Array(63));
    expect(backend.attempts).toBe(WRITE_RETRIES + 1);
    expect(backend.writes).toHaveLength(1);
  });

  it('gives up with write-failed after the retries', async () => {
    const t = transport();
    await t.open();
    backend.failNext = WRITE_RETRIES + 1;
    const err = await t.write(new Uint8Array(63)).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(DeviceError);
    expect((err as DeviceError).code).toBe('write-failed');
    expect(backend.attempts).toBe(WRITE_RETRIES + 1);
    // The queue keeps working after a failure.
    await t.write(new Uint8Array(63));
    expect(backend.writes).toHaveLength(1);
  });

  it('closes with disconnected when the board is unplugged', async () => {
    const t = transport();
    const closed: DeviceError[] = [];
    t.on('close', (e) => closed.push(e));
    await t.open();
    hid.unplug();
    expect(closed.map((e) => e.code)).toEqual(['disconnected']);
    await expect(t.write(new Uint8Array(63))).rejects.toMatchObject({ code: 'disconnected' });
  });

  it('tells a second tab that the board is in use, until the first lets go', async () => {
    const first = transport();
    await first.open();
    const second = new WebHidTransport({ hid: new FakeHid(backend), locks: locks.asLockManager() });
    await expect(second.open()).rejects.toMatchObject({ code: 'device-in-use' });
    await first.close();
    await new Promise((r) => setTimeout(r, 0));
    await second.open();
    expect(second.hidDevice?.opened).toBe(true);
  });

  it('maps open failures to DeviceError codes and releases the lock', async () => {
    hid.failOpen = 'NotAllowedError';
    await expect(transport().open()).rejects.toMatchObject({ code: 'permission-denied' });
    hid.failOpen = 'NetworkError';
    await expect(transport().open()).rejects.toMatchObject({ code: 'open-failed' });
    hid.failOpen = null;
    await transport().open();
  });
});
