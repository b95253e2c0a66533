// The "virtual board" transport: the simulated board through the same Transport interface
// as a USB board (reports in, 63-byte payloads out, unplug as a close).
import { DeviceError } from '../../device/device.ts';
import { TransportEvents, type Transport } from '../../device/transport.ts';
import type { SimHost } from './sim-host.ts';

export class SimulatedTransport extends TransportEvents implements Transport {
  readonly kind = 'simulated' as const;
  private unsubscribers: (() => void)[] = [];

  constructor(private readonly host: SimHost) {
    super();
  }

  async open(): Promise<void> {
    await this.host.start();
    this.host.setPlugged(true);
    this.unsubscribers = [
      this.host.onReports((reports) => reports.forEach((r) => this.events.emit('report', r))),
      this.host.onPlugChange((plugged) => {
        if (plugged) return;
        this.detach();
        this.events.emit(
          'close',
          new DeviceError('disconnected', 'the virtual board was unplugged'),
        );
      }),
    ];
  }

  write(payload: Uint8Array): Promise<void> {
    // A copy of its own: the host transfers the buffer to the worker (a Buffer's slice() is a
    // view that shares it, as a lab station's MQTT payloads are).
    return this.host.write(new Uint8Array(payload));
  }

  /** Paced on the virtual board's USB-frame clock, not by page or worker timers. */
  writePaced(
    payloads: Uint8Array[],
    gapsMs: number[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    return this.host.writeSequence(
      payloads.map((p) => new Uint8Array(p)),
      gapsMs,
      onProgress,
    );
  }

  async close(): Promise<void> {
    this.detach();
  }

  private detach(): void {
    this.unsubscribers.forEach((u) => u());
    this.unsubscribers = [];
  }
}
