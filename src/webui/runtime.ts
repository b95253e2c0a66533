// The web UI's singletons: the typed API over the app's client (failures shown as toasts
// unless a call is quiet) and the broker address a grant points to. Loaded with its pages.
import i18next from 'i18next';
import { api } from '../api/client.ts';
import { showToast } from '../state/ui.ts';
import type { WebuiBrokerGrant } from '../contract/webui.ts';
import { LiveDashboard, type LiveState } from './live-dashboard.ts';
import { WebuiApi } from './webui-api.ts';

export const webuiApi = new WebuiApi({
  client: api,
  notify: (message) => showToast('warning', message),
  translate: (key) => i18next.t(key),
});

/** A grant's broker URL made absolute: a path is on the API's origin, over ws: or wss:. */
export function webuiBrokerUrl(url: string): string {
  if (/^wss?:\/\//.test(url)) return url;
  const origin = new URL(import.meta.env.VITE_API_BASE_URL || '/', window.location.href);
  return new URL(url, origin).toString().replace(/^http/, 'ws');
}

/** A run-mode connection: the owner's (read and write) or a shared link's (read only). */
export function liveDashboard(state: LiveState, share: string | null): LiveDashboard {
  const grant = (): Promise<WebuiBrokerGrant> =>
    share === null
      ? webuiApi.broker({ quiet: true })
      : webuiApi.sharedBroker(share, { quiet: true });
  return new LiveDashboard({ grant, brokerUrl: webuiBrokerUrl, state, readOnly: share !== null });
}
