// A firmware update over the local GoGo plugin (board-protocol §7.1): the page opens its own
// socket to the plugin and relays it to the flash worker over a MessagePort in the same
// protocol the simulated board's worker speaks (sim-port-protocol.ts), so the worker drives
// it with the same WebHID-shaped FakeHid. The plugin relays the application's reports and
// raw HID commands only: the legacy and ESP32 paths work through it, the STM32 bootloader
// (another USB device) does not.
import { PLUGIN_URL, type SocketLike } from '../device/plugin/plugin-transport.ts';
import type { FromSim, ToSim } from '../device/webhid/sim-port-protocol.ts';

const OPEN = 1;

interface PluginFlashPortOptions {
  url?: string;
  createSocket?: (url: string) => SocketLike;
  /** How long the socket may take to open. */
  openTimeoutMs?: number;
}

/** The stream array as report bytes, or null when it is not one. */
function streamBytes(stream: unknown): Uint8Array | null {
  if (!Array.isArray(stream)) return null;
  const ok = stream.every((b) => Number.isInteger(b) && (b as number) >= 0 && (b as number) <= 255);
  return ok ? Uint8Array.from(stream as number[]) : null;
}

/**
 * Opens the plugin socket and returns the worker's end of the relay; rejects when the
 * plugin does not answer. The relay ends when the worker sends `close` or the socket closes.
 */
export function openPluginFlashPort(options: PluginFlashPortOptions = {}): Promise<MessagePort> {
  const url = options.url ?? PLUGIN_URL;
  const create = options.createSocket ?? ((u: string) => new WebSocket(u) as SocketLike);
  return new Promise((resolve, reject) => {
    let socket: SocketLike;
    try {
      socket = create(url);
    } catch (e) {
      reject(e instanceof Error ? e : new Error(String(e)));
      return;
    }
    const timer = setTimeout(() => {
      socket.onopen = socket.onerror = socket.onclose = null;
      socket.close();
      reject(new Error(`${url}: the plugin did not answer`));
    }, options.openTimeoutMs ?? 3000);
    socket.onerror = () => {
      clearTimeout(timer);
      reject(new Error(`${url}: socket error`));
    };
    socket.onopen = () => {
      clearTimeout(timer);
      resolve(relay(socket));
    };
  });
}

function relay(socket: SocketLike): MessagePort {
  const channel = new MessageChannel();
  const port = channel.port1;
  const post = (msg: FromSim) => port.postMessage(msg);
  // A board streams its status: until the first report the plugin may have none.
  let present = false;
  let closed = false;
  const end = () => {
    if (closed) return;
    closed = true;
    socket.onmessage = socket.onclose = socket.onerror = null;
    if (socket.readyState === OPEN) socket.close();
    port.close();
  };
  socket.onmessage = (ev: MessageEvent) => {
    if (typeof ev.data !== 'string') return;
    let msg: unknown;
    try {
      msg = JSON.parse(ev.data);
    } catch {
      return;
    }
    const record = typeof msg === 'object' && msg !== null ? (msg as Record<string, unknown>) : {};
    const bytes = streamBytes(record.stream);
    if (bytes) {
      if (!present) {
        present = true;
        post({ t: 'identity', identity: 'app' });
      }
      post({ t: 'reports', reports: [bytes] });
    } else if (!('stream' in record) && present) {
      // A message without a stream: no board behind the plugin (unplugged, rebooting).
      present = false;
      post({ t: 'identity', identity: null });
    }
  };
  socket.onclose = () => {
    if (present) post({ t: 'identity', identity: null });
    post({ t: 'power', on: false });
    end();
  };
  port.onmessage = (e: MessageEvent<ToSim>) => {
    const msg = e.data;
    if (msg.t === 'close') {
      end();
      return;
    }
    if (msg.t !== 'write') return;
    if (closed || socket.readyState !== OPEN) {
      post({ t: 'write-failed', id: msg.id });
      return;
    }
    socket.send(JSON.stringify({ type: 'rawHID', data: [0, ...msg.payload] }));
    post({ t: 'written', id: msg.id });
  };
  // The board is assumed present (the page was connected through this plugin a moment
  // ago); the first status report or a "no board" message settles it.
  present = true;
  post({ t: 'hello', identity: 'app', powered: true });
  return channel.port2;
}
