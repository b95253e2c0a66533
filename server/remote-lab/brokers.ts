// The two brokers of classroom-and-labs §7 as the server uses them: the remote-lab broker
// (stations, sessions) and the public broker (broadcast, web UI). Embedded by default
// (aedes in this process, reached over WebSocket on the server's port), or an external
// broker named by MQTT_URL (Mosquitto with its dynamic-security plugin). Either way the
// server sees a LabBus to publish and subscribe on and a LabAccess to grant and end access.
import type http from 'node:http';
import { createHmac, randomBytes } from 'node:crypto';
import type { Aedes } from 'aedes';
import mqtt, { type MqttClient } from 'mqtt';
import { BROKER_RECONNECT_MS } from '../../src/contract/remote-lab.ts';
import type { MqttConfig } from '../config.ts';
import {
  AedesLabAccess,
  DynsecLabAccess,
  type DynsecChannel,
  type DynsecResponse,
  type IdentityLookup,
  type LabAccess,
} from './lab-access.ts';
import {
  attachWebSockets,
  closeBroker,
  createBroker,
  LAB_PATH,
  listenDedicated,
  PUBLIC_PATH,
  publicBrokerOptions,
  type WsBroker,
} from './embedded-broker.ts';
import { DynsecBatcher } from './dynsec-batch.ts';
import { AedesWebuiAccess, DynsecWebuiAccess, type WebuiAccess } from '../webui/webui-access.ts';
import { PublicBrokerGuard } from './public-broker-guard.ts';

/** Idle web UI clients are looked for at least this often. */
const SWEEP_MAX_MS = 3600_000;

/** Publish and subscribe as the server. */
interface LabBus {
  publish(topic: string, payload: string, retain: boolean): Promise<void>;
  /** Calls `onMessage` for every message matching `filter` (re-subscribed after a reconnect). */
  subscribe(filter: string, onMessage: (topic: string, payload: Buffer) => void): Promise<void>;
  /** True while the server reaches the broker (readiness). */
  connected(): boolean;
  close(): Promise<void>;
}

export interface LabBrokers {
  /** What browsers and stations connect to (a path on the API's origin, or a ws(s) URL). */
  labUrl: string;
  publicUrl: string;
  bus: LabBus;
  access: LabAccess;
  /** Web UI namespaces on the public broker; null when an external one has no admin. */
  webui: WebuiAccess | null;
  /** Serves the embedded brokers on the API server's port (no-op for external ones). */
  attach(server: http.Server): void;
  /** Stops serving them there and closes their WebSockets. */
  detach(): void;
  close(): Promise<void>;
}

/** The server's side of an embedded broker: publishes and subscriptions in process. */
class AedesBus implements LabBus {
  private readonly subs: {
    filter: string;
    deliver: (packet: { topic: string; payload: Buffer | string }, cb: () => void) => void;
  }[] = [];

  constructor(private readonly broker: Aedes) {}

  connected(): boolean {
    return !this.broker.closed;
  }

  publish(topic: string, payload: string, retain: boolean): Promise<void> {
    return new Promise((resolve, reject) => {
      this.broker.publish(
        { cmd: 'publish', topic, payload: Buffer.from(payload), qos: 0, retain, dup: false },
        (e) => (e ? reject(e) : resolve()),
      );
    });
  }

  subscribe(filter: string, onMessage: (topic: string, payload: Buffer) => void): Promise<void> {
    const deliver = (packet: { topic: string; payload: Buffer | string }, cb: () => void) => {
      onMessage(packet.topic, Buffer.from(packet.payload));
      cb();
    };
    this.subs.push({ filter, deliver });
    return new Promise((resolve) => this.broker.subscribe(filter, deliver, () => resolve()));
  }

  async close(): Promise<void> {
    for (const s of this.subs) {
      await new Promise<void>((r) => this.broker.unsubscribe(s.filter, s.deliver, () => r()));
    }
  }
}

/** The server's side of an external broker: one MQTT client, reconnecting every 5 s. */
class MqttBus implements LabBus {
  private readonly handlers: { filter: string; onMessage: (t: string, p: Buffer) => void }[] = [];

  private constructor(private readonly client: MqttClient) {
    client.on('message', (topic, payload) => {
      for (const h of this.handlers) if (topicMatches(h.filter, topic)) h.onMessage(topic, payload);
    });
  }

  static async connect(url: string, username: string, password: string): Promise<MqttBus> {
    const client = await mqtt.connectAsync(url, {
      username,
      password,
      reconnectPeriod: BROKER_RECONNECT_MS,
      connectTimeout: 10_000,
      clientId: `${username}-${randomBytes(4).toString('hex')}`,
    });
    return new MqttBus(client);
  }

  async publish(topic: string, payload: string, retain: boolean): Promise<void> {
    await this.client.publishAsync(topic, payload, { qos: 1, retain });
  }

  connected(): boolean {
    return this.client.connected;
  }

  async subscribe(filter: string, onMessage: (t: string, p: Buffer) => void): Promise<void> {
    this.handlers.push({ filter, onMessage });
    // QoS 0: presence is repeated every 2 s and retained, so a lost one is replaced by the
    // next. At QoS 1 the broker would hold at most `max_inflight_messages` (20) unacknowledged
    // at a time for the server: with a thousand stations (500 a second) and a busy replica,
    // the rest queue up to `max_queued_messages` and are then dropped, and boards look away.
    await this.client.subscribeAsync(filter, { qos: 0 });
  }

  async close(): Promise<void> {
    await this.client.endAsync(true);
  }
}

/** MQTT topic filter matching (`+` one level, `#` the rest). */
function topicMatches(filter: string, topic: string): boolean {
  const f = filter.split('/');
  const t = topic.split('/');
  for (let i = 0; i < f.length; i++) {
    if (f[i] === '#') return true;
    if (i >= t.length) return false;
    if (f[i] !== '+' && f[i] !== t[i]) return false;
  }
  return f.length === t.length;
}

const CONTROL = '$CONTROL/dynamic-security/v1';

/**
 * Dynamic-security commands over the admin's MQTT connection, coalesced into few control
 * messages and matched to their callers by correlation data (DynsecBatcher).
 */
export class MqttDynsecChannel implements DynsecChannel {
  private constructor(
    private readonly client: MqttClient,
    private readonly batcher: DynsecBatcher,
  ) {}

  static async connect(url: string, username: string, password: string) {
    const client = await mqtt.connectAsync(url, {
      username,
      password,
      reconnectPeriod: BROKER_RECONNECT_MS,
      connectTimeout: 10_000,
      clientId: `${username}-admin-${randomBytes(4).toString('hex')}`,
    });
    const batcher = new DynsecBatcher(async (payload) => {
      await client.publishAsync(CONTROL, payload, { qos: 1 });
    });
    client.on('message', (topic, payload) => {
      if (topic === `${CONTROL}/response`) batcher.receive(payload);
    });
    await client.subscribeAsync(`${CONTROL}/response`, { qos: 1 });
    return new MqttDynsecChannel(client, batcher);
  }

  command(commands: Record<string, unknown>[]): Promise<DynsecResponse[]> {
    return this.batcher.command(commands);
  }

  /** Control messages sent so far and the commands in them. */
  get stats(): { messages: number; commands: number } {
    return { ...this.batcher.stats };
  }

  close(): Promise<void> {
    this.batcher.close();
    return this.client.endAsync(true);
  }
}

interface BrokerOptions {
  mqtt: MqttConfig;
  /** Where dedicated ports listen. */
  host: string;
  lookup: IdentityLookup;
  /**
   * This replica's name among those sharing an external broker (host and port): each has
   * a broker login of its own, which a restart of another replica leaves alone.
   */
  replica?: string;
  /** A WebSocket upgrade's client address (TRUST_PROXY), for the public broker's limits. */
  addressOf?: (request: http.IncomingMessage) => string;
}

/** Starts (embedded) or connects to (external) the two brokers. */
export async function startBrokers(options: BrokerOptions): Promise<LabBrokers> {
  const { mqtt: cfg, host } = options;
  const closers: (() => Promise<void> | void)[] = [];
  const ws: WsBroker[] = [];
  const done = async () => {
    for (const c of closers.reverse()) await c();
  };
  try {
    let publicUrl: string;
    let webui: WebuiAccess | null = null;
    if (cfg.public.kind === 'embedded') {
      const webuiAccess = new AedesWebuiAccess(cfg.prefix, cfg.prefix);
      const guard = new PublicBrokerGuard(
        options.addressOf ?? ((request) => request.socket.remoteAddress ?? ''),
      );
      const broker = await createBroker(guard.wrap(webuiAccess.options(publicBrokerOptions())));
      webuiAccess.track(broker);
      webui = webuiAccess;
      closers.push(() => closeBroker(broker));
      const admit = (request: http.IncomingMessage) => guard.admitSocket(request);
      ws.push({ path: PUBLIC_PATH, broker, admit });
      publicUrl = PUBLIC_PATH;
      if (cfg.public.port !== null) {
        const server = await listenDedicated(broker, host, cfg.public.port, admit);
        closers.push(() => new Promise<void>((r) => server.close(() => r())));
      }
    } else {
      publicUrl = cfg.public.clientUrl;
      if (cfg.public.admin) {
        const channel = await MqttDynsecChannel.connect(
          cfg.public.clientUrl,
          cfg.public.admin.username,
          cfg.public.admin.password,
        );
        closers.push(() => channel.close());
        const access = new DynsecWebuiAccess(cfg.prefix, cfg.prefix, channel, {
          idleMs: cfg.public.idleMs,
          // Every replica derives the same passwords from the admin's (docs/deploy.md).
          secret: createHmac('sha256', cfg.public.admin.password)
            .update(`${cfg.prefix}:webui`)
            .digest(),
        });
        webui = access;
        // Idle web UI clients and roles go (docs/labs.md); a failed sweep waits for the next.
        const sweeper = setInterval(
          () => void access.sweep().catch(() => {}),
          Math.min(cfg.public.idleMs / 4, SWEEP_MAX_MS),
        );
        sweeper.unref();
        closers.push(() => clearInterval(sweeper));
      }
    }

    let labUrl: string;
    let bus: LabBus;
    let access: LabAccess;
    if (cfg.lab.kind === 'embedded') {
      const aedesAccess = new AedesLabAccess(cfg.prefix, cfg.prefix, options.lookup);
      const broker = await createBroker(aedesAccess.options());
      aedesAccess.track(broker);
      closers.push(() => closeBroker(broker));
      ws.push({ path: LAB_PATH, broker });
      labUrl = LAB_PATH;
      if (cfg.lab.port !== null) {
        const server = await listenDedicated(broker, host, cfg.lab.port);
        closers.push(() => new Promise<void>((r) => server.close(() => r())));
      }
      bus = new AedesBus(broker);
      access = aedesAccess;
    } else {
      const channel = await MqttDynsecChannel.connect(
        cfg.lab.url,
        cfg.lab.adminUsername,
        cfg.lab.adminPassword,
      );
      closers.push(() => channel.close());
      // Every replica derives the same station passwords from the admin's (docs/deploy.md).
      const dynsec = new DynsecLabAccess(
        cfg.prefix,
        cfg.prefix,
        channel,
        createHmac('sha256', cfg.lab.adminPassword).update(`${cfg.prefix}:station`).digest(),
      );
      const password = randomBytes(24).toString('base64url');
      const username = await dynsec.ensureServer(password, options.replica ?? '');
      const mqttBus = await MqttBus.connect(cfg.lab.url, username, password);
      closers.push(() => mqttBus.close());
      labUrl = cfg.lab.clientUrl;
      bus = mqttBus;
      access = dynsec;
    }
    let detach: (() => void) | null = null;
    return {
      labUrl,
      publicUrl,
      bus,
      access,
      webui,
      attach(server) {
        if (ws.length > 0 && !detach) detach = attachWebSockets(server, ws);
      },
      detach() {
        detach?.();
        detach = null;
      },
      async close() {
        detach?.();
        detach = null;
        await bus.close();
        await done();
      },
    };
  } catch (error) {
    await done();
    throw error;
  }
}
