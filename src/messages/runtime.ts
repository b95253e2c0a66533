// The messages feature's singletons: the typed API over the app's client (warnings as
// toasts) and the store the navbar's menu reads with useSnapshot.
import i18next from 'i18next';
import { proxy } from 'valtio';
import { api } from '../api/client.ts';
import { showToast } from '../state/ui.ts';
import { MessagesApi } from './messages-api.ts';
import type { MessagesState } from './messages-state.ts';

export const messagesStore = proxy<MessagesState>({
  unread: 0,
  items: [],
  more: false,
  loading: false,
  failed: false,
});

export const messagesApi = new MessagesApi({
  client: api,
  notify: (message) => showToast('warning', message),
  translate: (key) => i18next.t(key),
});
