// The web UI's singletons: the checked API over the app's client, run-mode connections of
// the dashboard screens, and the board bridge on the app's board link, following the
// signed-in user and the switch remembered in this browser (docs/labs.md "Board bridge").
import i18next from 'i18next';
import { subscribe } from 'valtio/vanilla';
import { api } from '../api/client.ts';
import { getDevice } from '../device/runtime.ts';
import { session } from '../state/session.ts';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';
import { showToast } from '../state/ui.ts';
import type { WebuiBrokerGrant } from '../contract/webui.ts';
import { BoardBridge } from './board-bridge.ts';
import { bindBridgeToStore } from './bridge-store.ts';
import { LiveDashboard, type LiveState } from './live-dashboard.ts';
import { WebuiApi } from './webui-api.ts';

export const webuiApi = new WebuiApi({
  client: api,
  notify: (message) => showToast('warning', message),
  translate: (key) => i18next.t(key),
});

/** A broker URL from a grant: a path is on the API's origin (ws: or wss: like the page). */
function webuiBrokerUrl(url: string): string {
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

/** The switch as remembered in this browser. */
const bridgeWanted = () => readStorage(STORAGE_KEYS.webuiBridge) === 'on';

let bridge: BoardBridge | undefined;

export function getBoardBridge(): BoardBridge {
  if (!bridge) {
    const made = new BoardBridge({
      device: getDevice(),
      grant: () => webuiApi.broker({ quiet: true }),
      brokerUrl: webuiBrokerUrl,
      translate: (code) => i18next.t(`board:webuiBridge.errors.${code}`),
    });
    bridge = made;
    bindBridgeToStore(made);
    // The user is known once sign-in has been restored; until then the switch waits.
    const follow = () => {
      if (session.loading) return;
      made.setUser(session.user?.id ?? null);
      made.setEnabled(bridgeWanted());
    };
    subscribe(session, follow);
    follow();
  }
  return bridge;
}

/** The user's switch: remembered in this browser and applied. */
export function setBridgeWanted(on: boolean): void {
  writeStorage(STORAGE_KEYS.webuiBridge, on ? 'on' : null);
  const b = getBoardBridge();
  if (!session.loading) b.setEnabled(on);
}
