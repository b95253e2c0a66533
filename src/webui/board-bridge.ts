// The board bridge (docs/labs.md "Board bridge"): while the user has it on, is signed in and
// a board is connected (any transport), it publishes the board's sensors, built-in sensors
// and key-value messages under the user's web UI namespace, and applies the motor and
// key-value commands that arrive there through the board link's own commands. Framework-
// free: it announces immutable snapshots to `subscribe` listeners (one Valtio adapter in the
// app). It never throws from a message: a bad payload is counted and dropped.
import type { WebuiBrokerGrant } from '../contract/webui.ts';
import { StateHolder } from '../core/state-holder.ts';
import type { BoardStatus, DeviceConnection, HidCommandRequest } from '../device/device.ts';
import * as cmd from '../device/protocol/commands.ts';
import { MQTT_RECONNECT_MS, MqttLink, payloadText, type MqttConnect } from '../net/mqtt-link.ts';
import { realTimers, throttleLatest, type Throttle, type Timers } from './throttle-latest.ts';
import {
  builtinPayloads,
  COMMAND_FILTERS,
  keyValueTopicOf,
  parseCommand,
  sensorTopic,
  type BridgeCommand,
} from './bridge-messages.ts';

type BridgePhase = 'off' | 'connecting' | 'publishing' | 'error';

/**
 * Why the bridge is in `error`: `signed-out` (nobody to publish for), `refused` (the broker
 * refused a fresh grant's login), `server` (the grant call failed: `message` is the
 * translated reason the API client gave).
 */
interface BridgeError {
  code: 'signed-out' | 'refused' | 'server';
  message: string;
}

export interface BridgeSnapshot {
  /** The user's choice (the switch); publishing also needs a board and a signed-in user. */
  enabled: boolean;
  boardConnected: boolean;
  phase: BridgePhase;
  /** The namespace published to, while publishing. */
  root: string | null;
  error: BridgeError | null;
  /** The broker was lost and the bridge is connecting again. */
  reconnecting: boolean;
  /** Messages published since the bridge was switched on. */
  published: number;
  /** Commands the board took. */
  applied: number;
  /** Messages on a command topic that were not a valid command (or came too fast). */
  ignored: number;
  /** Valid commands the board link refused (board mismatch, unplugged, ...). */
  failed: number;
}

export const emptyBridge = (): BridgeSnapshot => ({
  enabled: false,
  boardConnected: false,
  phase: 'off',
  root: null,
  error: null,
  reconnecting: false,
  published: 0,
  applied: 0,
  ignored: 0,
  failed: 0,
});

/** At most one message per topic in this many ms (about 10 per second). */
const MIN_GAP_MS = 100;
/** A failed grant call is retried after this long. */
const GRANT_RETRY_MS = 15_000;
/** Commands waiting for the board at most; more are ignored. */
const COMMAND_QUEUE_MAX = 32;

interface BoardBridgeDeps {
  device: Pick<DeviceConnection, 'snapshot' | 'on' | 'send'>;
  /** `POST /webui/broker` (rejects with the API client's translated error). */
  grant(): Promise<WebuiBrokerGrant>;
  /** The grant's URL made a ws(s):// URL (a path is on the API's origin). */
  brokerUrl(url: string): string;
  /** The translated text of each error code but `server`. */
  translate(code: 'signed-out' | 'refused'): string;
  connect?: MqttConnect;
  clock?: Timers;
}

const queueKey = (c: BridgeCommand) => (c.kind === 'key-value' ? null : `${c.kind}/${c.motor}`);

function boardCommands(c: BridgeCommand): HidCommandRequest[] {
  switch (c.kind) {
    case 'power':
      return [cmd.talkToMotor(cmd.portMask([c.motor])), cmd.setPower(c.percent)];
    case 'on':
      return [cmd.talkToMotor(cmd.portMask([c.motor])), c.on ? cmd.motorOn() : cmd.motorOff()];
    case 'key-value':
      return [cmd.broadcast(c.key, c.value)];
  }
}

export class BoardBridge {
  private readonly holder: StateHolder<BridgeSnapshot>;
  private readonly clock: Timers;
  private readonly offs: (() => void)[];
  private userId: string | null = null;
  /** Bumped whenever a run ends: callbacks of an older run do nothing. */
  private run = 0;
  private link: MqttLink | null = null;
  private runningFor: string | null = null;
  private retryTimer: unknown = null;
  private lastStatus: BoardStatus | null = null;
  // Publishing: the last payload per topic, and each topic's throttle.
  private readonly sent = new Map<string, string>();
  private readonly throttles = new Map<string, Throttle<string>>();
  // Commands from the broker, in order; a motor's newer value replaces a waiting one.
  private readonly queue: BridgeCommand[] = [];
  private draining = false;

  constructor(private readonly deps: BoardBridgeDeps) {
    this.clock = deps.clock ?? realTimers;
    const { device } = deps;
    this.holder = new StateHolder<BridgeSnapshot>({
      ...emptyBridge(),
      boardConnected: device.snapshot.status === 'connected',
    });
    this.offs = [
      device.on('state', (s) => {
        const connected = s.status === 'connected';
        if (connected !== this.snap.boardConnected) {
          if (!connected) this.lastStatus = null;
          this.set({ boardConnected: connected });
          this.update();
        }
      }),
      device.on('status', (s) => {
        this.lastStatus = s;
        if (this.snap.phase === 'publishing') this.offerStatus(s);
      }),
      device.on('key-value', (kv) => {
        if (this.snap.phase !== 'publishing') return;
        const topic = keyValueTopicOf(kv.key);
        if (topic) this.offer(topic, kv.value, false);
      }),
    ];
  }

  private get snap(): BridgeSnapshot {
    return this.holder.get();
  }

  get snapshot(): BridgeSnapshot {
    return this.holder.get();
  }

  subscribe(listener: (s: BridgeSnapshot) => void): () => void {
    return this.holder.subscribe(listener);
  }

  /** The user's switch. */
  setEnabled(enabled: boolean): void {
    if (enabled === this.snap.enabled) return;
    this.set(enabled ? { enabled } : { enabled, published: 0, applied: 0, ignored: 0, failed: 0 });
    this.update();
  }

  /** The signed-in user's id, or null when signed out. */
  setUser(userId: string | null): void {
    if (userId === this.userId) return;
    this.userId = userId;
    this.update();
  }

  dispose(): void {
    this.offs.forEach((off) => off());
    this.stop('off');
  }

  private set(patch: Partial<BridgeSnapshot>): void {
    this.holder.patch(patch);
  }

  private update(): void {
    const { enabled, boardConnected } = this.snap;
    if (!enabled || !boardConnected) return this.stop('off');
    if (!this.userId) {
      this.stop('error');
      return this.set({
        error: { code: 'signed-out', message: this.deps.translate('signed-out') },
      });
    }
    if (this.runningFor !== this.userId) void this.start(this.userId);
  }

  /** Ends the current run (broker, timers, waiting values and commands). */
  private stop(phase: 'off' | 'error'): void {
    this.run++;
    this.runningFor = null;
    this.clock.clearTimeout(this.retryTimer);
    this.retryTimer = null;
    this.stopThrottles();
    this.queue.length = 0;
    const link = this.link;
    this.link = null;
    if (link) void link.close();
    if (this.snap.phase !== phase || this.snap.root !== null || this.snap.error !== null) {
      this.set({ phase, root: null, error: null, reconnecting: false });
    }
  }

  private retryLater(ms: number): void {
    const run = this.run;
    const user = this.runningFor;
    this.runningFor = null;
    this.retryTimer = this.clock.setTimeout(() => {
      if (run === this.run && user === this.userId) this.update();
    }, ms);
  }

  private async start(userId: string): Promise<void> {
    this.stop('off');
    const run = this.run;
    this.runningFor = userId;
    this.set({ phase: 'connecting', error: null });
    let grant: WebuiBrokerGrant;
    try {
      grant = await this.deps.grant();
    } catch (e) {
      return this.startFailed(run, e);
    }
    if (run !== this.run) return;
    const root = `${grant.root}/`;
    let everConnected = false;
    // The MQTT client's chunk, should it not load, fails the start like a refused grant.
    const link = await MqttLink.open({
      url: this.deps.brokerUrl(grant.url),
      username: grant.username,
      password: grant.password,
      subscribe: COMMAND_FILTERS.map((f) => root + f),
      ...(this.deps.connect ? { connect: this.deps.connect } : {}),
      onStatus: (status) => {
        if (run !== this.run) return;
        if (status === 'online') {
          everConnected = true;
          // After a reconnect every value goes out again (a dashboard may have missed them).
          this.sent.clear();
          this.stopThrottles();
          this.set({ phase: 'publishing', root: grant.root, error: null, reconnecting: false });
          if (this.lastStatus) this.offerStatus(this.lastStatus);
        } else if (status === 'offline') {
          if (this.snap.phase === 'publishing')
            this.set({ phase: 'connecting', reconnecting: true });
        } else if (status === 'refused') {
          // The server restarted (its passwords changed). A new grant helps once; a fresh
          // grant refused again is an error, tried again later.
          this.stop('off');
          if (everConnected) return void this.update();
          this.runningFor = userId;
          this.set({
            phase: 'error',
            error: { code: 'refused', message: this.deps.translate('refused') },
          });
          this.retryLater(MQTT_RECONNECT_MS);
        }
      },
      onMessage: (topic, payload) => {
        if (run !== this.run || !topic.startsWith(root)) return;
        this.receive(topic.slice(root.length), payloadText(payload));
      },
    }).catch((e: unknown) => this.startFailed(run, e));
    if (!link) return;
    if (run !== this.run) return void link.close();
    this.link = link;
  }

  private startFailed(run: number, e: unknown): void {
    if (run !== this.run) return;
    const message = e instanceof Error ? e.message : String(e);
    this.set({ phase: 'error', error: { code: 'server', message } });
    this.retryLater(GRANT_RETRY_MS);
  }

  // Publishing

  private offerStatus(s: BoardStatus): void {
    s.sensors.forEach((v, i) => this.offer(sensorTopic(i + 1), String(v), true));
    if (s.builtin) for (const [t, p] of builtinPayloads(s.builtin)) this.offer(t, p, true);
  }

  /**
   * Publishes `payload` now, or when the topic's turn comes (the latest value waiting
   * wins). `onChange`: a value equal to the last one published is not sent again.
   */
  private offer(topic: string, payload: string, onChange: boolean): void {
    let throttle = this.throttles.get(topic);
    if (onChange && this.sent.get(topic) === payload) return throttle?.drop();
    if (!throttle) {
      throttle = throttleLatest((p) => this.publish(topic, p, onChange), MIN_GAP_MS, this.clock);
      this.throttles.set(topic, throttle);
    }
    throttle.push(payload);
  }

  private stopThrottles(): void {
    for (const throttle of this.throttles.values()) throttle.cancel();
    this.throttles.clear();
  }

  /** Board values are retained (a dashboard opened later shows them); messages are not. */
  private publish(topic: string, payload: string, retain: boolean): void {
    const link = this.link;
    const root = this.snap.root;
    if (!link || root === null || this.snap.phase !== 'publishing') return;
    this.sent.set(topic, payload);
    link.post(`${root}/${topic}`, payload, { retain });
    this.set({ published: this.snap.published + 1 });
  }

  // Commands

  private receive(topic: string, payload: string): void {
    const command = parseCommand(topic, payload);
    if (!command) return this.set({ ignored: this.snap.ignored + 1 });
    const key = queueKey(command);
    const waiting = key === null ? -1 : this.queue.findIndex((c) => queueKey(c) === key);
    if (waiting >= 0) this.queue[waiting] = command;
    else if (this.queue.length >= COMMAND_QUEUE_MAX)
      return this.set({ ignored: this.snap.ignored + 1 });
    else this.queue.push(command);
    void this.drain();
  }

  private async drain(): Promise<void> {
    if (this.draining) return;
    this.draining = true;
    try {
      for (let c = this.queue.shift(); c; c = this.queue.shift()) {
        try {
          for (const request of boardCommands(c)) await this.deps.device.send(request);
          this.set({ applied: this.snap.applied + 1 });
        } catch {
          this.set({ failed: this.snap.failed + 1 });
        }
      }
    } finally {
      this.draining = false;
    }
  }
}
