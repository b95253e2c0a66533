// The plugin transport: the local GoGo plugin's websocket (board-protocol §7.1). The board's
// input reports arrive as JSON `{"stream": [b0…b63]}`; commands go out as
// `{"type": "rawHID", "data": [0, category, command, …]}` (64 numbers, data[0] = endpoint 0).
// A message without a stream means no board is behind the plugin. The connection layer
// reconnects every 5 s (spec core §7, §9).
import { DeviceError, type TransportKind } from '../device.ts';
import { TransportEvents, type Transport } from '../transport.ts';

/** §7.1: the plugin listens on localhost:8317. */
export const PLUGIN_URL = 'ws://localhost:8317';
/** How long a socket may take to open before the plugin counts as not running. */
const OPEN_TIMEOUT_MS = 3000;

/** The part of WebSocket the transport uses (tests pass their own). */
export interface SocketLike {
  readonly readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: Event) => unknown) | null;
  onclose: ((ev: CloseEvent) => unknown) | null;
  onerror: ((ev: Event) => unknown) | null;
  onmessage: ((ev: MessageEvent) => unknown) | null;
}

interface PluginOptions {
  url?: string;
  /** A remote-lab / remote-access socket: ping messages are ignored (spec core §4). */
  remote?: boolean;
  createSocket?: (url: string) => SocketLike;
  openTimeoutMs?: number;
}

const OPEN = 1;

function isPing(msg: Record<string, unknown>): boolean {
  return 'ping' in msg || msg.type === 'ping';
}

/** The stream array as report bytes; an invalid array becomes an empty (ignored) report. */
function streamBytes(stream: unknown[]): Uint8Array {
  const ok = stream.every((b) => Number.isInteger(b) && (b as number) >= 0 && (b as number) <= 255);
  return ok ? Uint8Array.from(stream as number[]) : new Uint8Array(0);
}

export class PluginTransport extends TransportEvents implements Transport {
  readonly kind: TransportKind = 'plugin';
  private socket: SocketLike | null = null;
  private closing = false;

  constructor(private readonly options: PluginOptions = {}) {
    super();
  }

  open(): Promise<void> {
    const url = this.options.url ?? PLUGIN_URL;
    const create =
      this.options.createSocket ??
      ((u: string) => {
        if (typeof WebSocket === 'undefined') {
          throw new DeviceError('unsupported-browser', 'this browser has no WebSocket');
        }
        return new WebSocket(u);
      });
    return new Promise<void>((resolve, reject) => {
      let socket: SocketLike;
      try {
        socket = create(url);
      } catch (e) {
        reject(
          e instanceof DeviceError
            ? e
            : new DeviceError('plugin-not-connected', String(e), {}, { cause: e }),
        );
        return;
      }
      let settled = false;
      const fail = (why: string) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
        try {
          socket.close();
        } catch {
          // Never opened.
        }
        reject(new DeviceError('plugin-not-connected', `${url}: ${why}`));
      };
      const timer = setTimeout(
        () => fail('timed out'),
        this.options.openTimeoutMs ?? OPEN_TIMEOUT_MS,
      );
      socket.onerror = () => fail('socket error');
      socket.onclose = () => fail('closed before opening');
      socket.onopen = () => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.socket = socket;
        socket.onmessage = (ev) => this.onMessage(ev);
        socket.onerror = null;
        socket.onclose = () => this.onClosed();
        resolve();
      };
    });
  }

  write(payload: Uint8Array): Promise<void> {
    const socket = this.socket;
    if (!socket || socket.readyState !== OPEN) {
      return Promise.reject(new DeviceError('plugin-not-connected', 'the plugin socket is closed'));
    }
    try {
      socket.send(JSON.stringify({ type: 'rawHID', data: [0, ...payload] }));
    } catch (e) {
      return Promise.reject(new DeviceError('write-failed', String(e), {}, { cause: e }));
    }
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.closing = true;
    const socket = this.socket;
    this.socket = null;
    if (socket) {
      socket.onmessage = socket.onclose = socket.onerror = null;
      socket.close();
    }
    return Promise.resolve();
  }

  private onMessage(ev: MessageEvent): void {
    if (typeof ev.data !== 'string') return;
    let msg: unknown;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      this.events.emit('report', new Uint8Array(0));
      return;
    }
    if (typeof msg !== 'object' || msg === null) {
      this.events.emit('report', new Uint8Array(0));
      return;
    }
    const record = msg as Record<string, unknown>;
    if (Array.isArray(record.stream)) {
      this.events.emit('report', streamBytes(record.stream));
    } else if (this.options.remote && isPing(record)) {
      // Spec core §4: remote mode ignores ping messages.
    } else {
      // Spec core §4 / board-protocol §7.1: a message without a stream = no board.
      this.events.emit('board-absent', undefined);
    }
  }

  private onClosed(): void {
    this.socket = null;
    if (this.closing) return;
    this.events.emit('close', new DeviceError('disconnected', 'the plugin socket closed'));
  }
}
