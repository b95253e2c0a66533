// A dashboard's live connection to the public broker (docs/labs.md "Web UI topics"): it
// subscribes to the widgets' topics inside the grant's namespace, keeps each topic's last
// value and a short numeric history for charts, and sends what buttons, switches and
// sliders produce. Framework-free: it writes into the state object it is given (a Valtio
// store in the app, a plain object in tests). Topics are relative to the namespace.
import type { IClientOptions, MqttClient } from 'mqtt';
import type { WebuiBrokerGrant } from '../contract/webui.ts';

export type LinkStatus = 'connecting' | 'online' | 'offline' | 'reconnecting' | 'refused';

/** Values a chart keeps per topic. */
export const HISTORY_MAX = 120;
/** Reconnect period after the broker is lost (like the remote lab's). */
export const RECONNECT_MS = 5000;

/**
 * The broker refused the login (CONNACK 4 or 5): an old password after a server restart, or
 * a link turned off. Reconnecting with the same grant cannot help.
 */
export const isRefusedLogin = (e: Error): boolean => 'code' in e && (e.code === 4 || e.code === 5);

export interface DashboardLinkState {
  status: LinkStatus;
  /** Relative topic → the last payload seen there (text). */
  values: Record<string, string>;
  /** Relative topic → the last numeric payloads, oldest first (at most HISTORY_MAX). */
  history: Record<string, number[]>;
}

export const emptyLink = (): DashboardLinkState => ({
  status: 'connecting',
  values: {},
  history: {},
});

export interface DashboardLinkDeps {
  grant: WebuiBrokerGrant;
  /** The grant's URL made absolute (a path is on the API's origin). */
  url: string;
  state: DashboardLinkState;
  /** A shared link's viewer: never sends. */
  readOnly: boolean;
  connect?: (url: string, options: IClientOptions) => MqttClient;
}

export class DashboardLink {
  private client: MqttClient | null = null;
  private readonly root: string;

  constructor(private readonly deps: DashboardLinkDeps) {
    this.root = `${deps.grant.root}/`;
  }

  /** Connects and follows `topics` (relative); resolves once subscribed. */
  async start(topics: readonly string[]): Promise<void> {
    const { grant, state } = this.deps;
    const connect = this.deps.connect ?? (await import('mqtt')).default.connect;
    const client = connect(this.deps.url, {
      username: grant.username,
      password: grant.password,
      reconnectPeriod: RECONNECT_MS,
      connectTimeout: 10_000,
    });
    this.client = client;
    client.on('message', (topic, payload) => this.receive(topic, payload));
    client.on('offline', () => (state.status = 'offline'));
    client.on('reconnect', () => (state.status = 'reconnecting'));
    client.on('error', (e) => {
      if (isRefusedLogin(e)) state.status = 'refused';
    });
    client.on('connect', () => (state.status = 'online'));
    const full = [...new Set(topics)].map((t) => this.root + t);
    await new Promise<void>((resolve, reject) => {
      client.once('connect', () => resolve());
      client.once('error', reject);
    });
    if (full.length > 0) await client.subscribeAsync(full, { qos: 0 });
  }

  private receive(topic: string, payload: Uint8Array): void {
    if (!topic.startsWith(this.root)) return;
    const key = topic.slice(this.root.length);
    const text = new TextDecoder().decode(payload);
    const { state } = this.deps;
    state.values[key] = text;
    const n = Number(text);
    if (text.trim() !== '' && Number.isFinite(n)) {
      const list = (state.history[key] ??= []);
      list.push(n);
      if (list.length > HISTORY_MAX) list.splice(0, list.length - HISTORY_MAX);
    }
  }

  /** Sends `payload` to a relative topic (owners only). */
  async send(topic: string, payload: string): Promise<void> {
    if (this.deps.readOnly) throw new Error('a shared dashboard is read only');
    if (!this.client) throw new Error('not connected');
    await this.client.publishAsync(this.root + topic, payload, { qos: 0 });
  }

  async stop(): Promise<void> {
    const client = this.client;
    this.client = null;
    if (client) await client.endAsync(true);
    this.deps.state.status = 'offline';
  }
}
