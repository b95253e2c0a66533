// A member's connection to the class's broker topics (docs/classroom.md "Live classroom"):
// MQTT over WebSocket with the login the server gave, reconnecting every few seconds. The
// owner hears its status and messages; a login the broker refuses (the session ended, the
// student was removed) is reported once as 'refused' and not retried with the same login.
import type { LiveLogin } from '../../contract/live-class.ts';
import { MqttLink, payloadText, type MqttConnect } from '../../net/mqtt-link.ts';

export type { MqttConnect };

export type LinkStatus = 'connecting' | 'online' | 'reconnecting' | 'refused' | 'closed';

export interface LiveLink {
  publish(topic: string, payload: string): void;
  close(): void;
  readonly status: LinkStatus;
}

interface LinkHandlers {
  /** Topics to subscribe after every (re)connect. */
  subscribe: string[];
  onStatus(status: LinkStatus): void;
  onMessage(topic: string, payload: string): void;
  will?: { topic: string; payload: string };
}

/** A broker URL from a login: a path is on the page's own origin. */
function linkUrl(url: string, origin: string): string {
  return /^wss?:\/\//.test(url) ? url : `${origin.replace(/^http/, 'ws')}${url}`;
}

const RECONNECT_MS = 3000;

export async function openLiveLink(
  login: LiveLogin,
  origin: string,
  handlers: LinkHandlers,
  connect?: MqttConnect,
): Promise<LiveLink> {
  let status: LinkStatus = 'connecting';
  const set = (next: LinkStatus) => {
    if (status === next || status === 'closed' || status === 'refused') return;
    status = next;
    handlers.onStatus(next);
  };
  const link = await MqttLink.open({
    url: linkUrl(login.url, origin),
    username: login.username,
    password: login.password,
    reconnectMs: RECONNECT_MS,
    subscribe: handlers.subscribe,
    ...(handlers.will ? { will: { ...handlers.will, qos: 0, retain: false } } : {}),
    ...(connect ? { connect } : {}),
    // A refused login (the session ended, the student was removed) ends the link.
    onStatus: (next) => {
      if (next === 'online' || next === 'refused') set(next);
      else if (next === 'offline' || next === 'reconnecting') set('reconnecting');
    },
    onMessage: (topic, payload) => handlers.onMessage(topic, payloadText(payload)),
  });
  return {
    publish(topic, payload) {
      if (link.connected) link.post(topic, payload);
    },
    close() {
      status = 'closed';
      void link.close({ force: false }); // after what is queued (a last "gone")
    },
    get status() {
      return status;
    },
  };
}
