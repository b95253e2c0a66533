// A dashboard's live connection to the public broker (docs/labs.md "Web UI topics"): it
// subscribes to the widgets' topics inside the grant's namespace, keeps each topic's last
// value and a short numeric history for charts, and sends what buttons, switches and
// sliders produce. Framework-free: it writes into the state object it is given (a Valtio
// store in the app, a plain object in tests). Topics are relative to the namespace.
import type { WebuiBrokerGrant } from '../contract/webui.ts';
import { MqttLink, payloadText, type MqttConnect, type MqttLinkError } from '../net/mqtt-link.ts';

type LinkStatus = 'connecting' | 'online' | 'offline' | 'reconnecting' | 'refused';

/** Values a chart keeps per topic. */
const HISTORY_MAX = 120;

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

interface DashboardLinkDeps {
  grant: WebuiBrokerGrant;
  /** The grant's URL made absolute (a path is on the API's origin). */
  url: string;
  state: DashboardLinkState;
  /** A shared link's viewer: never sends. */
  readOnly: boolean;
  connect?: MqttConnect;
  /** The broker refused the grant's login (the link keeps trying meanwhile). */
  onRefused?: (error: MqttLinkError) => void;
}

export class DashboardLink {
  private link: MqttLink | null = null;
  private readonly root: string;

  constructor(private readonly deps: DashboardLinkDeps) {
    this.root = `${deps.grant.root}/`;
  }

  /** Connects and follows `topics` (relative); resolves once subscribed. */
  async start(topics: readonly string[]): Promise<void> {
    const { grant, state } = this.deps;
    const link = await MqttLink.open({
      url: this.deps.url,
      username: grant.username,
      password: grant.password,
      subscribe: [...new Set(topics)].map((t) => this.root + t),
      // A refused grant is renewed by the owner; the client keeps trying meanwhile.
      onRefused: 'retry',
      ...(this.deps.connect ? { connect: this.deps.connect } : {}),
      onStatus: (status, error) => {
        if (status === 'closed') return;
        state.status = status;
        if (status === 'refused' && error) this.deps.onRefused?.(error);
      },
      onMessage: (topic, payload) => this.receive(topic, payload),
    });
    this.link = link;
    await link.online();
  }

  private receive(topic: string, payload: Uint8Array): void {
    if (!topic.startsWith(this.root)) return;
    const key = topic.slice(this.root.length);
    const text = payloadText(payload);
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
    if (!this.link) throw new Error('not connected');
    await this.link.publish(this.root + topic, payload);
  }

  async stop(): Promise<void> {
    const link = this.link;
    this.link = null;
    if (link) await link.close();
    this.deps.state.status = 'offline';
  }
}
