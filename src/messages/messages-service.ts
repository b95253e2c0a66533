// The navbar's messages (docs/extensions.md, "Messages"): the unread count, checked at
// sign-in, every POLL_MS while signed in and online, and when the menu opens; the latest
// messages, more on request; mark one or all read; an admin's announcement.
// Works on the store and API built in runtime.ts; the menu reads the store.
import i18next from 'i18next';
import { subscribe } from 'valtio';
import { MESSAGE_PAGE_SIZE, type AnnouncementInput, type Message } from '../contract/messages.ts';
import { connectivity } from '../state/connectivity.ts';
import { session } from '../state/session.ts';
import { showToast, ui } from '../state/ui.ts';
import { syncAddedExtensions } from '../extensions/index.ts';
import { messagesApi, messagesStore } from './runtime.ts';

const POLL_MS = 60_000;

const active = () => Boolean(session.user && session.idToken) && !ui.offline;

async function refreshUnread(): Promise<void> {
  if (!active()) return;
  try {
    messagesStore.unread = (await messagesApi.unread({ quiet: true, background: true })).unread;
  } catch {
    // Polling is quiet; the menu shows a failure when it is opened.
  }
}

let page = 0;

/** Loads the first page (replacing the list) or the next one. */
export async function loadMessages(next = false): Promise<void> {
  if (!active()) return;
  messagesStore.loading = true;
  messagesStore.failed = false;
  try {
    const wanted = next ? page + 1 : 1;
    const answer = await messagesApi.list(
      { page: wanted, per_page: MESSAGE_PAGE_SIZE },
      { quiet: true },
    );
    page = wanted;
    messagesStore.items = next ? [...messagesStore.items, ...answer.data] : answer.data;
    messagesStore.unread = answer.unread;
    messagesStore.more = answer.links.pagination.current_page < answer.links.pagination.last_page;
    // An extension the user added changed: fetch its new blocks.
    if (answer.data.some((m) => m.kind === 'extension_updated' && !m.read)) {
      void syncAddedExtensions().catch(() => {});
    }
  } catch {
    messagesStore.failed = true;
  } finally {
    messagesStore.loading = false;
  }
}

function replace(message: Message): void {
  const i = messagesStore.items.findIndex((m) => m.id === message.id);
  if (i >= 0) messagesStore.items[i] = message;
}

export async function markRead(message: Message): Promise<void> {
  if (message.read) return;
  try {
    replace(await messagesApi.markRead(message.id));
    messagesStore.unread = Math.max(0, messagesStore.unread - 1);
  } catch {
    // The client showed why.
  }
}

export async function markAllRead(): Promise<void> {
  try {
    messagesStore.unread = (await messagesApi.markAllRead()).unread;
    messagesStore.items = messagesStore.items.map((m) => ({ ...m, read: true }));
  } catch {
    // The client showed why.
  }
}

export async function announce(input: AnnouncementInput): Promise<boolean> {
  try {
    await messagesApi.announce(input);
    showToast('success', i18next.t('messages:announce.sent'));
    await loadMessages();
    return true;
  } catch {
    return false;
  }
}

/** Follows the signed-in user: count at sign-in and every POLL_MS; nothing when signed out. */
export function startMessages(): () => void {
  let timer: ReturnType<typeof setInterval> | null = null;
  let user: string | null = null;
  const follow = () => {
    const now = active() ? (session.user?.id ?? null) : null;
    if (now === user) return;
    user = now;
    if (timer) clearInterval(timer);
    timer = null;
    messagesStore.items = [];
    messagesStore.unread = 0;
    page = 0;
    if (now) {
      void refreshUnread();
      timer = setInterval(() => void refreshUnread(), POLL_MS);
    }
  };
  const stops = [subscribe(session, follow), subscribe(connectivity, follow)];
  follow();
  return () => {
    for (const stop of stops) stop();
    if (timer) clearInterval(timer);
  };
}
