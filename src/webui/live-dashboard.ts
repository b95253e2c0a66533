// A dashboard in run mode, framework-free: asks the server for a broker grant, connects a
// DashboardLink with it, and asks for a fresh grant when the broker refuses the old login
// (a server restart changes the passwords). A shared link that was turned off meanwhile
// answers the fresh grant with shared_dashboard_not_found: the viewer is told the link is
// gone. Sliders send through a throttle so dragging does not flood the broker.
import type { WebuiBrokerGrant } from '../contract/webui.ts';
import type { MqttConnect } from '../net/mqtt-link.ts';
import { DashboardLink, type DashboardLinkState } from './dashboard-link.ts';

export interface LiveState extends DashboardLinkState {
  /** Why the dashboard cannot run (a translated message), or null. */
  failure: string | null;
  /** A shared link that was turned off or never existed. */
  gone: boolean;
}

export const emptyLive = (): LiveState => ({
  status: 'connecting',
  values: {},
  history: {},
  failure: null,
  gone: false,
});

/** The least time between two fresh grants after refused logins. */
const RENEW_MS = 5000;

interface LiveDashboardDeps {
  /** A new grant from the server (throws an error with `code` and a translated message). */
  grant: () => Promise<WebuiBrokerGrant>;
  /** The grant's URL made absolute (a path is on the API's origin). */
  brokerUrl: (url: string) => string;
  state: LiveState;
  readOnly: boolean;
  connect?: MqttConnect;
  now?: () => number;
}

const GONE = 'shared_dashboard_not_found';

export class LiveDashboard {
  private link: DashboardLink | null = null;
  private topics: readonly string[] = [];
  private stopped = false;
  private renewing = false;
  private lastRenew = -Infinity;

  constructor(private readonly deps: LiveDashboardDeps) {}

  /** Connects and follows `topics` (relative to the grant's namespace). */
  async start(topics: readonly string[]): Promise<void> {
    this.topics = topics;
    this.stopped = false;
    await this.open();
  }

  private async open(): Promise<void> {
    const { state } = this.deps;
    state.status = 'connecting';
    let grant: WebuiBrokerGrant;
    try {
      grant = await this.deps.grant();
    } catch (error) {
      if (this.stopped) return;
      state.status = 'offline';
      state.gone = codeOf(error) === GONE;
      state.failure = error instanceof Error ? error.message : String(error);
      return;
    }
    if (this.stopped) return;
    state.failure = null;
    const link = new DashboardLink({
      grant,
      url: this.deps.brokerUrl(grant.url),
      state,
      readOnly: this.deps.readOnly,
      ...(this.deps.connect ? { connect: this.deps.connect } : {}),
      onRefused: () => void this.renew(link),
    });
    this.link = link;
    try {
      await link.start(this.topics);
    } catch {
      // The client keeps trying on its own; a refused login asks for a fresh grant.
    }
  }

  private async renew(link: DashboardLink): Promise<void> {
    const now = (this.deps.now ?? Date.now)();
    if (this.renewing || this.stopped || this.link !== link) return;
    if (now - this.lastRenew < RENEW_MS) return;
    this.renewing = true;
    this.lastRenew = now;
    try {
      this.link = null;
      await link.stop();
      if (!this.stopped) await this.open();
    } finally {
      this.renewing = false;
    }
  }

  /** Sends `payload` to a relative topic; false when it could not be sent. */
  async send(topic: string, payload: string): Promise<boolean> {
    if (this.deps.readOnly || !this.link || this.deps.state.status !== 'online') return false;
    try {
      await this.link.send(topic, payload);
      return true;
    } catch {
      return false;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    const link = this.link;
    this.link = null;
    if (link) await link.stop();
  }
}

function codeOf(error: unknown): unknown {
  return error && typeof error === 'object' && 'code' in error ? error.code : null;
}
