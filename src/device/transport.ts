// The transport layer (style anchor 2): open/close a link and move reports. Nothing here
// knows GoGo commands; the protocol layer (protocol/gogo-protocol.ts) sits on top.
import type { DeviceError, TransportKind } from './device.ts';
import { Emitter } from './emitter.ts';

export interface TransportEventMap {
  /** One input report; byte 0 is the packet type (board-protocol §3.1). */
  report: Uint8Array;
  /** The link closed without `close()` (unplugged, socket dropped): the reason. */
  close: DeviceError;
  /** Plugin: a message without a stream, i.e. no board behind the plugin (§7.1). */
  'board-absent': undefined;
}

export interface Transport {
  readonly kind: TransportKind;
  /** Opens the link (WebHID may show the browser's chooser); rejects with a DeviceError. */
  open(): Promise<void>;
  /** Closes the link; never rejects. No `close` event follows. */
  close(): Promise<void>;
  /** Sends one 63-byte command payload (report ID 0); rejects with a DeviceError. */
  write(payload: Uint8Array): Promise<void>;
  on<K extends keyof TransportEventMap>(
    type: K,
    listener: (event: TransportEventMap[K]) => void,
  ): () => void;
  /**
   * Writes payloads paced by the link's own clock (payload i `gapsMs[i]` after the one
   * before); only transports with such a clock have it (the simulated board). Others are
   * paced by the connection's Pacer.
   */
  writePaced?(
    payloads: Uint8Array[],
    gapsMs: number[],
    onProgress?: (done: number, total: number) => void,
  ): Promise<void>;
  /**
   * WebHID: re-opens an already granted board without a prompt; true when open. `opening`
   * runs once a granted board is found, before it is opened.
   */
  restore?(opening?: () => void): Promise<boolean>;
}

/** The event side every transport shares: subclasses emit on `events`, callers use `on`. */
export abstract class TransportEvents {
  protected readonly events = new Emitter<TransportEventMap>();

  on<K extends keyof TransportEventMap>(
    type: K,
    listener: (event: TransportEventMap[K]) => void,
  ): () => void {
    return this.events.on(type, listener);
  }
}
