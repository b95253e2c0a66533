// One MQTT connection to a broker, as every broker client of the app uses it (the remote
// lab's transport and station, the live classroom, web UI dashboards, the board bridge):
// mqtt.js loaded with the first link, a login, a time-out for each attempt, reconnecting
// every few seconds, the topics subscribed again after each reconnect, a refused login told
// apart from a lost broker, and payloads as bytes or text. The owner decides what its
// statuses mean to its user; the link only reports them.
import type { IClientOptions, MqttClient } from 'mqtt';

/** Why a link could not be used: a refused login, no answer in time, a broker that failed, a closed link. */
type MqttLinkErrorCode = 'refused' | 'timed-out' | 'unreachable' | 'closed';

export class MqttLinkError extends Error {
  constructor(
    readonly code: MqttLinkErrorCode,
    message: string,
    options?: ErrorOptions,
  ) {
    super(message, options);
    this.name = 'MqttLinkError';
  }
}

/**
 * `offline`: the broker was lost and the client will try again; `reconnecting`: an attempt
 * is under way; `refused` and `closed` are final (but see `onRefused: 'retry'`).
 */
export type MqttLinkStatus =
  'connecting' | 'online' | 'offline' | 'reconnecting' | 'refused' | 'closed';

/** Opens an mqtt.js client (tests pass their own). */
export type MqttConnect = (url: string, options: IClientOptions) => MqttClient;

/** Reconnect period after a lost broker (spec core §9 "Websocket reconnect 5 s"). */
export const MQTT_RECONNECT_MS = 5000;
/** How long one connection attempt may take. */
const MQTT_CONNECT_TIMEOUT_MS = 10_000;

/**
 * The broker refused the login (CONNACK 4 or 5): an old password after a server restart, an
 * ended session, a removed member. Trying again with the same login cannot help.
 */
function isRefusedLogin(e: Error): boolean {
  const code = (e as { code?: unknown }).code;
  return code === 4 || code === 5 || /not authori[sz]ed|bad user ?name/i.test(e.message);
}

interface PublishOptions {
  qos?: 0 | 1;
  retain?: boolean;
}

interface MqttLinkOptions {
  /** ws(s):// address of the broker. */
  url: string;
  username: string;
  password: string;
  /** Subscribed after every (re)connect, before the link says `online`. */
  subscribe?: readonly string[];
  subscribeQos?: 0 | 1;
  /** What the broker publishes when this link vanishes without closing. */
  will?: { topic: string; payload: string | Uint8Array; qos: 0 | 1; retain: boolean };
  reconnectMs?: number;
  connectTimeoutMs?: number;
  /**
   * A refused login ends the link (`end`, the default), or the client keeps trying while its
   * owner fetches a fresh login (`retry`).
   */
  onRefused?: 'end' | 'retry';
  connect?: MqttConnect;
  onStatus?(status: MqttLinkStatus, error?: MqttLinkError): void;
  onMessage?(topic: string, payload: Uint8Array): void;
}

/** mqtt.js takes any Uint8Array as a payload (its Buffer type is Node's, or its polyfill). */
const asPayload = (p: string | Uint8Array) => (typeof p === 'string' ? p : (p as Buffer));

/** A payload read as UTF-8 text. */
export const payloadText = (payload: Uint8Array): string => new TextDecoder().decode(payload);

export class MqttLink {
  private state: MqttLinkStatus = 'connecting';
  private everOnline = false;
  private readonly waiting = new Set<(error: MqttLinkError | null) => void>();

  private constructor(
    private readonly client: MqttClient,
    private readonly options: MqttLinkOptions,
  ) {
    client.on('connect', () => this.onConnect());
    client.on('message', (topic, payload) => this.options.onMessage?.(topic, payload));
    client.on('offline', () => this.set('offline'));
    client.on('reconnect', () => this.set('reconnecting'));
    client.on('close', () => {
      if (this.state === 'online' || this.state === 'connecting') this.set('offline');
    });
    client.on('error', (e) => this.onError(e));
  }

  /** Starts connecting at once; `online()` waits for the first connection. */
  static async open(options: MqttLinkOptions): Promise<MqttLink> {
    // The MQTT client loads with the first link, not with the app.
    const connect = options.connect ?? (await import('mqtt')).default.connect;
    let client: MqttClient;
    try {
      client = connect(options.url, {
        username: options.username,
        password: options.password,
        reconnectPeriod: options.reconnectMs ?? MQTT_RECONNECT_MS,
        connectTimeout: options.connectTimeoutMs ?? MQTT_CONNECT_TIMEOUT_MS,
        clean: true,
        // mqtt.js stops reconnecting after a refused login unless told otherwise.
        reconnectOnConnackError: options.onRefused === 'retry',
        ...(options.will
          ? { will: { ...options.will, payload: asPayload(options.will.payload) } }
          : {}),
      });
    } catch (e) {
      throw new MqttLinkError('unreachable', String(e), { cause: e });
    }
    return new MqttLink(client, options);
  }

  get status(): MqttLinkStatus {
    return this.state;
  }

  /** True while the broker connection is up. */
  get connected(): boolean {
    return this.state !== 'closed' && this.client.connected;
  }

  /**
   * Resolves at the first connection (topics subscribed); rejects with the first error
   * before it, or `timed-out` after `timeoutMs`. The link stays as it is either way.
   */
  online(timeoutMs?: number): Promise<void> {
    if (this.everOnline) return Promise.resolve();
    if (this.state === 'closed') return Promise.reject(new MqttLinkError('closed', 'closed'));
    return new Promise<void>((resolve, reject) => {
      const timer =
        timeoutMs === undefined
          ? undefined
          : setTimeout(() => done(new MqttLinkError('timed-out', 'timed out')), timeoutMs);
      const done = (error: MqttLinkError | null) => {
        clearTimeout(timer);
        this.waiting.delete(done);
        if (error) reject(error);
        else resolve();
      };
      this.waiting.add(done);
    });
  }

  /** Publishes; rejects with `unreachable` when the client reports a failure, `closed` after close. */
  publish(
    topic: string,
    payload: string | Uint8Array,
    options: PublishOptions = {},
  ): Promise<void> {
    if (this.state === 'closed') return Promise.reject(new MqttLinkError('closed', 'closed'));
    const { qos = 0, retain = false } = options;
    return new Promise((resolve, reject) => {
      this.client.publish(topic, asPayload(payload), { qos, retain }, (e) =>
        e ? reject(new MqttLinkError('unreachable', e.message, { cause: e })) : resolve(),
      );
    });
  }

  /** Publishes without waiting (mqtt.js queues it while the broker is away); failures are dropped. */
  post(topic: string, payload: string | Uint8Array, options: PublishOptions = {}): void {
    this.publish(topic, payload, options).catch(() => {});
  }

  /**
   * Ends the link: `force` (the default) drops what is queued; without it, what is queued
   * (a last message) goes first. The owner closed it, so no status is reported.
   */
  async close(options: { force?: boolean } = {}): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    this.settle(new MqttLinkError('closed', 'closed'));
    await this.client.endAsync(options.force ?? true).catch(() => {});
  }

  private onConnect(): void {
    if (this.final()) return;
    const topics = this.options.subscribe ?? [];
    if (topics.length === 0) return this.becomeOnline();
    // Clean sessions: the subscriptions are renewed after every reconnect.
    this.client.subscribe([...topics], { qos: this.options.subscribeQos ?? 0 }, (err) => {
      if (this.final()) return;
      if (err) this.settle(new MqttLinkError('unreachable', err.message, { cause: err }));
      else this.becomeOnline();
    });
  }

  private becomeOnline(): void {
    this.everOnline = true;
    this.set('online');
    this.settle(null);
  }

  private onError(e: Error): void {
    if (this.final()) return;
    const refused = isRefusedLogin(e);
    const error = new MqttLinkError(refused ? 'refused' : 'unreachable', e.message, { cause: e });
    this.settle(error);
    if (!refused) return;
    this.set('refused', error);
    if (this.options.onRefused !== 'retry') this.client.end(true);
  }

  private final(): boolean {
    return (
      this.state === 'closed' || (this.state === 'refused' && this.options.onRefused !== 'retry')
    );
  }

  private set(next: MqttLinkStatus, error?: MqttLinkError): void {
    if (this.final() || this.state === next) return;
    this.state = next;
    this.options.onStatus?.(next, error);
  }

  private settle(error: MqttLinkError | null): void {
    for (const done of [...this.waiting]) done(error);
  }
}
