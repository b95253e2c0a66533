// The remote transport (docs/remote-lab.md): a board at a lab station, reached through the
// remote-lab broker with the session's grant. Reports arrive in `up` frames, commands leave
// in `down` frames, and a download goes as one paced sequence that the station runs on its
// own clock (so the network's jitter never stretches the board's 10 ms chunk gaps) and
// acknowledges with progress and an end frame.
//
// Connection rules (spec core §4): the socket's open makes the connection remote (the
// connection layer sets type 3); ping frames are ignored; a station that is offline, or a
// broker that is gone, looks like "no board" (board data cleared) while the session lasts,
// and the MQTT client reconnects every 5 s; the session's end closes the link.
import { parsePresence } from '../../contract/lab-topics.ts';
import { MQTT_RECONNECT_MS, MqttLink, type MqttConnect } from '../../net/mqtt-link.ts';
import { DeviceError, type RemoteLink, type TransportKind } from '../device.ts';
import { TransportEvents, type Transport } from '../transport.ts';
import { decodeUp, encodeCommand, encodeSequence, SequenceStatus } from './wire.ts';

/** How long the first connection may take before the broker counts as unreachable. */
const REMOTE_OPEN_TIMEOUT_MS = 10_000;
/** A sequence's answer may take this much longer than its pauses (network, station). */
const SEQUENCE_MARGIN_MS = 15_000;

interface RemoteTransportOptions {
  /** Opens the MQTT client (tests pass their own). */
  connect?: MqttConnect;
  reconnectMs?: number;
  openTimeoutMs?: number;
}

interface PendingSequence {
  id: number;
  total: number;
  onProgress: ((done: number, total: number) => void) | undefined;
  resolve(): void;
  reject(e: DeviceError): void;
  timer: ReturnType<typeof setTimeout>;
}

export class RemoteTransport extends TransportEvents implements Transport {
  readonly kind: TransportKind = 'remote';
  private client: MqttLink | null = null;
  private closing = false;
  private nextId = 1;
  private sequence: PendingSequence | null = null;
  /** The station's board is there (presence online with a board). */
  private boardHere = false;

  constructor(
    private readonly link: RemoteLink,
    private readonly options: RemoteTransportOptions = {},
  ) {
    super();
  }

  /** True while the broker connection is up. */
  get connected(): boolean {
    return this.client?.connected ?? false;
  }

  async open(): Promise<void> {
    const signal = this.link.signal;
    if (signal?.aborted) {
      throw new DeviceError('session-ended', 'the session has ended', {
        reason: String(signal.reason),
      });
    }
    signal?.addEventListener('abort', () => this.endSession(String(signal.reason)), { once: true });
    const openTimeoutMs = this.options.openTimeoutMs ?? REMOTE_OPEN_TIMEOUT_MS;
    let link: MqttLink;
    try {
      link = await MqttLink.open({
        url: this.link.url,
        username: this.link.username,
        password: this.link.password,
        subscribe: [this.link.up, this.link.presence],
        reconnectMs: this.options.reconnectMs ?? MQTT_RECONNECT_MS,
        connectTimeoutMs: openTimeoutMs,
        ...(this.options.connect ? { connect: this.options.connect } : {}),
        // A refused login before the first connection fails the open; later (a broker that
        // restarted and has not heard of the session yet) it is tried again.
        onRefused: 'retry',
        onMessage: (topic, payload) => this.onMessage(topic, payload),
        // The broker is gone for now; the client keeps reconnecting.
        onStatus: (status) => {
          if (status === 'offline') this.lost('the broker connection was lost');
        },
      });
    } catch (e) {
      throw new DeviceError('open-failed', String(e), {}, { cause: e });
    }
    this.client = link;
    try {
      // A refused login (the session ended meanwhile) is final; so is any failure before the first connection.
      await link.online(openTimeoutMs);
    } catch (e) {
      this.client = null;
      void link.close();
      const why = e instanceof Error ? e.message : String(e);
      throw new DeviceError('board-offline', `remote lab broker: ${why}`);
    }
  }

  write(payload: Uint8Array): Promise<void> {
    const client = this.client;
    if (!client?.connected || !this.boardHere) {
      return Promise.reject(new DeviceError('board-offline', 'the lab station is not reachable'));
    }
    return client
      .publish(this.link.down, encodeCommand(payload))
      .catch((e: Error) =>
        Promise.reject(new DeviceError('write-failed', e.message, {}, { cause: e })),
      );
  }

  /** The station runs the sequence with its own clock and reports back. */
  writePaced(
    payloads: Uint8Array[],
    gapsMs: number[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<void> {
    const client = this.client;
    if (!client?.connected || !this.boardHere) {
      return Promise.reject(new DeviceError('board-offline', 'the lab station is not reachable'));
    }
    if (this.sequence) {
      return Promise.reject(new DeviceError('write-failed', 'a download is already running'));
    }
    const id = this.nextId++ & 0xffff;
    const items = payloads.map((payload, i) => ({ payload, gapMs: gapsMs[i] ?? 0 }));
    const floor = items.reduce((ms, it) => ms + it.gapMs, 0);
    return new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () =>
          this.finishSequence(new DeviceError('remote-interrupted', 'no answer from the station')),
        floor + SEQUENCE_MARGIN_MS,
      );
      this.sequence = { id, total: items.length, onProgress, resolve, reject, timer };
      client
        .publish(this.link.down, encodeSequence(id, items), { qos: 1 })
        .catch((e: Error) => this.finishSequence(new DeviceError('remote-interrupted', e.message)));
    });
  }

  async close(): Promise<void> {
    this.closing = true;
    this.finishSequence(new DeviceError('disconnected', 'the remote link was closed'));
    const client = this.client;
    this.client = null;
    if (client) await client.close();
  }

  /** The session ended (the server said so): the link closes with the reason. */
  endSession(reason: string): void {
    if (this.closing) return;
    const err = new DeviceError('session-ended', `session ended: ${reason}`, { reason });
    void this.close().then(() => this.events.emit('close', err));
  }

  private onMessage(topic: string, payload: Uint8Array): void {
    if (topic === this.link.presence) {
      const p = parsePresence(payload);
      const here = !!p?.online && p.board !== null;
      if (!here) this.stationGone('the lab station is offline');
      this.boardHere = here;
      return;
    }
    if (topic !== this.link.up) return;
    const frame = decodeUp(payload);
    if (!frame) {
      // A malformed frame counts as an ignored (empty) report.
      this.events.emit('report', new Uint8Array(0));
      return;
    }
    switch (frame.type) {
      case 'ping':
        // Spec core §4: remote mode ignores ping messages.
        return;
      case 'reports':
        this.boardHere = true;
        for (const r of frame.reports) this.events.emit('report', r);
        return;
      case 'progress':
        if (this.sequence?.id === frame.id) this.sequence.onProgress?.(frame.done, frame.total);
        return;
      case 'sequence-end': {
        if (this.sequence?.id !== frame.id) return;
        if (frame.status === SequenceStatus.done) {
          const s = this.sequence;
          s.onProgress?.(s.total, s.total);
          this.finishSequence(null);
        } else if (frame.status === SequenceStatus.refused) {
          this.finishSequence(new DeviceError('invalid-command', 'the lab station refused it'));
        } else {
          this.finishSequence(
            new DeviceError('remote-interrupted', `station status ${frame.status}`),
          );
        }
        return;
      }
    }
  }

  /** The broker is gone for now: board data is cleared; the client keeps reconnecting. */
  private lost(why: string): void {
    if (this.closing) return;
    this.stationGone(why);
  }

  private stationGone(why: string): void {
    this.finishSequence(new DeviceError('remote-interrupted', why));
    if (this.boardHere) {
      this.boardHere = false;
      // Like the plugin's message without a stream: no board behind the link right now.
      this.events.emit('board-absent', undefined);
    }
  }

  private finishSequence(error: DeviceError | null): void {
    const s = this.sequence;
    if (!s) return;
    this.sequence = null;
    clearTimeout(s.timer);
    if (error) s.reject(error);
    else s.resolve();
  }
}
