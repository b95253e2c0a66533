// A member's connection to the class's broker topics (docs/classroom.md "Live classroom"):
// MQTT over WebSocket with the login the server gave, reconnecting every few seconds. The
// owner hears its status and messages; a login the broker refuses (the session ended, the
// student was removed) is reported once as 'refused' and not retried with the same login.
import type { IClientOptions, MqttClient } from 'mqtt';
import type { LiveLogin } from '../../contract/live-class.ts';

export type LinkStatus = 'connecting' | 'online' | 'reconnecting' | 'refused' | 'closed';

export interface LiveLink {
  publish(topic: string, payload: string): void;
  close(): void;
  readonly status: LinkStatus;
}

export interface LinkHandlers {
  /** Topics to subscribe after every (re)connect. */
  subscribe: string[];
  onStatus(status: LinkStatus): void;
  onMessage(topic: string, payload: string): void;
  will?: { topic: string; payload: string };
}

export type MqttConnect = (url: string, options: IClientOptions) => MqttClient;

/** A broker URL from a login: a path is on the page's own origin. */
export function linkUrl(url: string, origin: string): string {
  return /^wss?:\/\//.test(url) ? url : `${origin.replace(/^http/, 'ws')}${url}`;
}

const RECONNECT_MS = 3000;

export async function openLiveLink(
  login: LiveLogin,
  origin: string,
  handlers: LinkHandlers,
  connect?: MqttConnect,
): Promise<LiveLink> {
  const make = connect ?? (await import('mqtt')).default.connect;
  let status: LinkStatus = 'connecting';
  const set = (next: LinkStatus) => {
    if (status === next || status === 'closed' || status === 'refused') return;
    status = next;
    handlers.onStatus(next);
  };
  const client = make(linkUrl(login.url, origin), {
    username: login.username,
    password: login.password,
    reconnectPeriod: RECONNECT_MS,
    connectTimeout: 10_000,
    clean: true,
    ...(handlers.will
      ? {
          will: {
            topic: handlers.will.topic,
            payload: handlers.will.payload,
            qos: 0,
            retain: false,
          },
        }
      : {}),
  });
  client.on('connect', () => {
    if (handlers.subscribe.length === 0) {
      set('online');
      return;
    }
    client.subscribe(handlers.subscribe, { qos: 0 }, (err) => {
      if (!err) set('online');
    });
  });
  client.on('message', (topic, payload) => handlers.onMessage(topic, payload.toString('utf8')));
  client.on('offline', () => set('reconnecting'));
  client.on('close', () => {
    if (status === 'online' || status === 'connecting') set('reconnecting');
  });
  client.on('error', (e) => {
    // 4: bad user name or password, 5: not authorised — this login is over.
    const code = (e as { code?: number }).code;
    if (code === 4 || code === 5 || /Not authorized|Bad User Name/i.test(e.message)) {
      set('refused');
      client.end(true);
    }
  });
  return {
    publish(topic, payload) {
      if (client.connected) client.publish(topic, payload, { qos: 0 });
    },
    close() {
      status = 'closed';
      client.end(); // after what is queued (a last "gone")
    },
    get status() {
      return status;
    },
  };
}
