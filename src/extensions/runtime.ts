// The extension feature's singleton: the typed API over the app's client, its warnings shown
// as toasts. Loaded on first use with the service and the pages.
import i18next from 'i18next';
import { api } from '../api/client.ts';
import { showToast } from '../state/ui.ts';
import { ExtensionApi } from './extension-api.ts';

export const extensionApi = new ExtensionApi({
  client: api,
  notify: (message) => showToast('warning', message),
  translate: (key) => i18next.t(key),
});
