// The app's remote-lab singletons: the checked API over the app's client, and the session
// clients (created on first use) with the board connection and store.
import i18next from 'i18next';
import { api } from '../api/client.ts';
import { getDevice } from '../device/runtime.ts';
import { showToast } from '../state/ui.ts';
import { cableSession, remoteLab } from './remote-lab-store.ts';
import { CableSession } from './cable-session.ts';
import { RemoteLabApi } from './remote-lab-api.ts';
import { RemoteSession } from './remote-session.ts';

export const remoteLabApi = new RemoteLabApi({
  client: api,
  notify: (message) => showToast('warning', message),
  translate: (key) => i18next.t(key),
});

let session: RemoteSession | undefined;

/** A broker URL from a grant: a path is on the API's origin (ws: or wss: like the page). */
export function brokerUrl(url: string, apiBase: string, page: string): string {
  if (/^wss?:\/\//.test(url)) return url;
  const origin = new URL(apiBase, page);
  return new URL(url, origin).toString().replace(/^http/, 'ws');
}

export function getRemoteSession(): RemoteSession {
  session ??= new RemoteSession({
    api: remoteLabApi,
    device: getDevice(),
    brokerUrl: (url) =>
      brokerUrl(url, import.meta.env.VITE_API_BASE_URL || '/', window.location.href),
    state: remoteLab,
  });
  return session;
}

let cable: CableSession | undefined;

/** The app's cable-board session client (a lesson's answer from a USB board). */
export function getCableSession(): CableSession {
  cable ??= new CableSession({ api: remoteLabApi, device: getDevice(), state: cableSession });
  return cable;
}
