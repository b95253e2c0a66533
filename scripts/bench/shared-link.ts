// One network link shared by several browsers, for the class-on-a-school-link benchmark:
// a TCP proxy in front of a server whose downstream bytes (server → browsers) all pass one
// token bucket of `mbit` Mbit/s, handed out round robin between the open connections (so
// each gets an equal share while it has something to send), with `latencyMs` of round
// trip added (half each way). Everything crosses it: pages, their scripts, the service
// worker's precache, API calls. Upstream bytes (requests) are only delayed, not shaped.
import { createServer, connect, type Server, type Socket } from 'node:net';

/** Bytes per connection handed out per turn (one Ethernet frame's payload). */
export const QUANTUM = 1460;

/**
 * Splits `budget` bytes between connections with `waiting[i]` bytes queued, round robin in
 * turns of at most `quantum` bytes, starting at connection `start`: what each may send now.
 */
export function share(
  waiting: readonly number[],
  budget: number,
  start = 0,
  quantum = QUANTUM,
): number[] {
  const granted = waiting.map(() => 0);
  let left = Math.floor(budget);
  const n = waiting.length;
  let active = waiting.some((w) => w > 0);
  while (left > 0 && active) {
    active = false;
    for (let k = 0; k < n && left > 0; k++) {
      const i = (start + k) % n;
      const room = (waiting[i] ?? 0) - (granted[i] ?? 0);
      if (room <= 0) continue;
      const take = Math.min(room, quantum, left);
      granted[i] = (granted[i] ?? 0) + take;
      left -= take;
      active ||= room > take;
    }
  }
  return granted;
}

interface Conn {
  client: Socket;
  upstream: Socket;
  queue: Buffer[];
  queued: number;
  /** The server ended its side: end the browser's once the queue is sent. */
  ended: boolean;
}

/** Pauses a server's socket when this much waits for the link; resumes below a quarter. */
const HIGH_WATER = 256 * 1024;
const TICK_MS = 2;
const BURST_MS = 20;

export class SharedLink {
  /** Bytes delivered downstream so far (server → browsers). */
  bytesDown = 0;
  private readonly conns = new Set<Conn>();
  private server: Server | null = null;
  private timer: NodeJS.Timeout | null = null;
  private last = 0;
  private budget = 0;
  private turn = 0;

  constructor(
    private readonly upstreamPort: number,
    readonly mbit: number,
    readonly latencyMs: number,
  ) {}

  private get bytesPerMs(): number {
    return (this.mbit * 1e6) / 8 / 1000;
  }

  async listen(port: number): Promise<void> {
    this.server = createServer((client) => this.accept(client));
    await new Promise<void>((ok, fail) => {
      this.server?.once('error', fail);
      this.server?.listen(port, '127.0.0.1', () => ok());
    });
    this.last = performance.now();
    this.timer = setInterval(() => this.tick(), TICK_MS);
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    for (const c of this.conns) {
      c.client.destroy();
      c.upstream.destroy();
    }
    this.conns.clear();
    await new Promise((r) => (this.server ? this.server.close(r) : r(undefined)));
  }

  private later(f: () => void): void {
    setTimeout(f, this.latencyMs / 2);
  }

  private accept(client: Socket): void {
    const upstream = connect(this.upstreamPort, '127.0.0.1');
    const conn: Conn = { client, upstream, queue: [], queued: 0, ended: false };
    this.conns.add(conn);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    client.on('data', (d) => this.later(() => upstream.write(d)));
    client.on('end', () => this.later(() => upstream.end()));
    upstream.on('data', (d) => {
      conn.queue.push(d);
      conn.queued += d.length;
      if (conn.queued > HIGH_WATER) upstream.pause();
    });
    upstream.on('end', () => {
      conn.ended = true;
      this.drained(conn);
    });
    const drop = () => {
      this.conns.delete(conn);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop);
    upstream.on('error', drop);
    client.on('close', drop);
  }

  /** Ends the browser's side of a connection whose server ended and whose queue is sent. */
  private drained(conn: Conn): void {
    if (conn.ended && conn.queued === 0) {
      this.conns.delete(conn);
      this.later(() => conn.client.end());
    }
  }

  private tick(): void {
    const now = performance.now();
    // At most BURST_MS saved up: an idle link does not bank a burst, and a late tick (this
    // process was busy) still sends what the link would have carried meanwhile.
    this.budget = Math.min(
      this.budget + (now - this.last) * this.bytesPerMs,
      BURST_MS * this.bytesPerMs + QUANTUM,
    );
    this.last = now;
    const conns = [...this.conns];
    if (conns.length === 0) return;
    const grants = share(
      conns.map((c) => c.queued),
      this.budget,
      this.turn++ % conns.length,
    );
    conns.forEach((conn, i) => {
      let n = grants[i] ?? 0;
      if (n === 0) return;
      this.budget -= n;
      this.bytesDown += n;
      const parts: Buffer[] = [];
      while (n > 0) {
        const head = conn.queue[0];
        if (!head) break;
        if (head.length <= n) {
          parts.push(head);
          conn.queue.shift();
          n -= head.length;
        } else {
          parts.push(head.subarray(0, n));
          conn.queue[0] = head.subarray(n);
          n = 0;
        }
      }
      const bytes = Buffer.concat(parts);
      conn.queued -= bytes.length;
      this.later(() => conn.client.write(bytes));
      if (conn.queued < HIGH_WATER / 4) conn.upstream.resume();
      this.drained(conn);
    });
  }
}
