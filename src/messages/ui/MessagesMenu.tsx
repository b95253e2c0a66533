// The navbar's messages item (spec core §2): a bell with the unread count; the menu lists
// the latest messages (newest first, unread marked), opens the thing one is about (and
// marks it read), marks all read, loads more, and lets an admin post an announcement.
import { lazy, Suspense, useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import type { Message } from '../../contract/messages.ts';
import { isLoggedIn, session } from '../../state/session.ts';
import { ui } from '../../state/ui.ts';
import { MESSAGE_ICONS, messageTitle } from '../message-text.ts';
import { loadMessages, markAllRead, markRead } from '../messages-service.ts';
import { messagesStore } from '../runtime.ts';
import Loading from '../../ui/busy/Loading.tsx';
import IconButton from '../../ui/icon-button/IconButton.tsx';
import Tooltip from '../../ui/tooltip/Tooltip.tsx';

// The Markdown renderer and the announcement editor load with the first announcement shown
// or written: the editor's first screen does without them.
const Markdown = lazy(() => import('../../ui/markdown/Markdown.tsx'));
const AnnouncementDialog = lazy(() => import('./AnnouncementDialog.tsx'));

export default function MessagesMenu() {
  const { t, i18n } = useTranslation('messages');
  const s = useSnapshot(session);
  const { offline } = useSnapshot(ui);
  const m = useSnapshot(messagesStore);
  const navigate = useNavigate();
  const [announcing, setAnnouncing] = useState(false);
  if (!isLoggedIn(s) || offline) return null;
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  const open = (message: Message) => {
    void markRead(message);
    if (message.link) void navigate(message.link);
  };

  const label =
    m.unread > 0 ? t('labelUnread', { n: m.unread > 99 ? '99+' : m.unread }) : t('label');

  return (
    <>
      <Dropdown
        align="end"
        autoClose="outside"
        onToggle={(show) => {
          if (show) void loadMessages();
        }}
      >
        <Tooltip text={label}>
          <Dropdown.Toggle
            variant="link"
            className="text-body position-relative no-caret px-2"
            aria-label={label}
            data-testid="messages-menu"
          >
            <i className="bi bi-bell fs-5" aria-hidden="true" />
            {m.unread > 0 && (
              <span
                className="position-absolute top-0 start-100 translate-middle badge rounded-pill text-bg-danger"
                data-testid="messages-unread"
                aria-hidden="true"
              >
                {m.unread > 99 ? '99+' : m.unread}
              </span>
            )}
          </Dropdown.Toggle>
        </Tooltip>
        <Dropdown.Menu className="messages-menu p-0" style={{ width: '24rem', maxWidth: '90vw' }}>
          <div className="d-flex align-items-center gap-2 px-3 py-2 border-bottom">
            <strong className="me-auto">{t('title')}</strong>
            {s.isAdmin && (
              <IconButton
                icon="megaphone"
                className="btn btn-sm btn-outline-primary"
                onClick={() => setAnnouncing(true)}
              >
                {t('announce.open')}
              </IconButton>
            )}
            <button
              type="button"
              className="btn btn-sm btn-link"
              disabled={m.unread === 0}
              onClick={() => void markAllRead()}
            >
              {t('markAllRead')}
            </button>
          </div>
          <ul
            className="list-unstyled mb-0 overflow-auto"
            style={{ maxHeight: '60vh' }}
            aria-label={t('title')}
            data-testid="messages-list"
          >
            {m.items.map((message) => (
              <li key={message.id} className="border-bottom">
                <button
                  type="button"
                  className={`dropdown-item d-flex gap-2 py-2 text-wrap${message.read ? '' : ' fw-semibold'}`}
                  data-read={message.read}
                  onClick={() => open(message as Message)}
                >
                  <i className={`bi bi-${MESSAGE_ICONS[message.kind]} mt-1`} aria-hidden="true" />
                  <span className="flex-grow-1 min-w-0">
                    <span className="d-block">{messageTitle(t, message as Message)}</span>
                    <span className="d-block small text-body-secondary fw-normal">
                      {when.format(new Date(message.createdAt))}
                      {!message.read && <span className="visually-hidden"> · {t('unread')}</span>}
                    </span>
                  </span>
                  {!message.read && (
                    <span
                      className="bg-primary rounded-circle flex-shrink-0 mt-2"
                      style={{ width: 8, height: 8 }}
                      aria-hidden="true"
                    />
                  )}
                </button>
                {message.kind === 'announcement' && message.body && (
                  <div className="px-4 pb-2 small fw-normal">
                    <Suspense
                      fallback={
                        <span
                          className="spinner-border spinner-border-sm"
                          role="status"
                          aria-label={t('common:loading')}
                        />
                      }
                    >
                      <Markdown text={message.body} />
                    </Suspense>
                  </div>
                )}
              </li>
            ))}
          </ul>
          {m.loading && <Loading className="text-center py-2 small" />}
          {!m.loading && m.failed && (
            <div className="px-3 py-2 small text-danger">{t('loadFailed')}</div>
          )}
          {!m.loading && !m.failed && m.items.length === 0 && (
            <div className="px-3 py-3 small text-body-secondary">{t('empty')}</div>
          )}
          {m.more && !m.loading && (
            <button
              type="button"
              className="btn btn-link w-100"
              onClick={() => void loadMessages(true)}
            >
              {t('more')}
            </button>
          )}
        </Dropdown.Menu>
      </Dropdown>
      {announcing && (
        <Suspense fallback={null}>
          <AnnouncementDialog onHide={() => setAnnouncing(false)} />
        </Suspense>
      )}
    </>
  );
}
