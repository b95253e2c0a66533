// The extension feature in the shell (docs/extensions.md): Publish as an Extension, Save
// extension code and Cancel run here (their code loads on first use), and the added list
// follows the signed-in user: the server's list replaces the cached one at sign-in and
// whenever the app comes back online. The other features may ask for that sync
// (the messages do when an extension the user added changed).
import { subscribe } from 'valtio';
import { registerActions } from '../shell/actions.ts';
import { connectivity } from '../state/connectivity.ts';
import { session } from '../state/session.ts';
import { ui } from '../state/ui.ts';

const service = () => import('./extensions-service.ts');

export function registerExtensionActions(): () => void {
  return registerActions({
    publishExtension: async () => (await service()).publishExtension(),
    saveExtension: async () => (await service()).saveExtensionCode(),
    cancelExtension: async () => (await service()).cancelExtensionEdit(),
  });
}

/** Fetches the added extensions' current blocks from the server. */
export async function syncAddedExtensions(): Promise<void> {
  return (await service()).syncAddedExtensions();
}

/** Keeps the added list in step with the server for the signed-in user. */
export function startExtensions(): () => void {
  let synced: string | null = null;
  const sync = () => {
    const user = session.user?.id ?? null;
    const key = user && !ui.offline && session.idToken ? user : null;
    if (key === null || key === synced) return;
    synced = key;
    void service()
      .then((s) => s.syncAddedExtensions())
      .catch(() => {
        synced = null;
      });
  };
  const stops = [
    subscribe(session, sync),
    subscribe(connectivity, () => {
      if (ui.offline) synced = null;
      sync();
    }),
  ];
  sync();
  return () => {
    for (const stop of stops) stop();
  };
}
