// The plot lab (spec classroom §2 `/datalog/plotban`): records the connected board's live
// values — its sensors from the status stream and numeric key-value messages — into one
// ring buffer per series (typed arrays, the newest `capacity` samples), with pause, clear
// and CSV export. Framework-free; the page polls `revision` and draws.
import type { DeviceConnection } from '../device/device.ts';
import { csvField } from '../core/datalog-csv.ts';

/** Samples kept per series (about a minute of a 50 Hz status stream). */
const PLOT_CAPACITY = 3000;

/** `sensor:<n>` (1-based port) or `kv:<key>`. */
export type SeriesId = string;

export class Ring {
  readonly time: Float64Array;
  readonly value: Float32Array;
  private start = 0;
  length = 0;

  constructor(readonly capacity: number) {
    this.time = new Float64Array(capacity);
    this.value = new Float32Array(capacity);
  }

  push(t: number, v: number): void {
    const at = (this.start + this.length) % this.capacity;
    this.time[at] = t;
    this.value[at] = v;
    if (this.length < this.capacity) this.length++;
    else this.start = (this.start + 1) % this.capacity;
  }

  /** Calls `f` for each sample, oldest first. */
  forEach(f: (t: number, v: number) => void): void {
    for (let i = 0; i < this.length; i++) {
      const at = (this.start + i) % this.capacity;
      f(this.time[at] ?? 0, this.value[at] ?? 0);
    }
  }
}

export class PlotLabService {
  private readonly rings = new Map<SeriesId, Ring>();
  private offs: (() => void)[] = [];
  private paused = false;
  private rev = 0;

  constructor(
    private readonly device: Pick<DeviceConnection, 'on'>,
    private readonly capacity = PLOT_CAPACITY,
    private readonly now: () => number = () => Date.now(),
  ) {}

  /** Bumps on every new sample, clear and pause. */
  get revision(): number {
    return this.rev;
  }

  get isPaused(): boolean {
    return this.paused;
  }

  /** Series in the order they first appeared. */
  get series(): SeriesId[] {
    return [...this.rings.keys()];
  }

  ring(id: SeriesId): Ring | undefined {
    return this.rings.get(id);
  }

  start(): void {
    if (this.offs.length > 0) return;
    this.offs = [
      this.device.on('status', (s) => {
        const t = this.now();
        s.sensors.forEach((v, i) => this.add(`sensor:${i + 1}`, t, v));
      }),
      // Spec core §4: an empty plugin message clears the datalog data.
      this.device.on('cleared', ({ reason }) => {
        if (reason === 'board-absent') this.clear();
      }),
      this.device.on('key-value', (kv) => {
        // Only numbers plot; other messages are text.
        const v = Number(kv.value.trim());
        if (kv.value.trim() !== '' && Number.isFinite(v)) this.add(`kv:${kv.key}`, this.now(), v);
      }),
    ];
  }

  stop(): void {
    this.offs.forEach((off) => off());
    this.offs = [];
  }

  setPaused(paused: boolean): void {
    this.paused = paused;
    this.rev++;
  }

  clear(): void {
    this.rings.clear();
    this.rev++;
  }

  /** Every held sample as CSV (`time,series,value`, time in ISO 8601), oldest first. */
  toCsv(label: (id: SeriesId) => string): string {
    const rows: [number, string, number][] = [];
    for (const [id, ring] of this.rings) {
      const name = csvField(label(id));
      ring.forEach((t, v) => rows.push([t, name, v]));
    }
    rows.sort((a, b) => a[0] - b[0]);
    return `time,series,value\n${rows.map(([t, n, v]) => `${new Date(t).toISOString()},${n},${v}`).join('\n')}${rows.length ? '\n' : ''}`;
  }

  private add(id: SeriesId, t: number, v: number): void {
    if (this.paused) return;
    let ring = this.rings.get(id);
    if (!ring) {
      ring = new Ring(this.capacity);
      this.rings.set(id, ring);
    }
    ring.push(t, v);
    this.rev++;
  }
}
