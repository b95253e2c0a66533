import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { initialSession, session } from '../../state/session.ts';
import { messagesStore } from '../runtime.ts';
import MessagesMenu from './MessagesMenu.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(() => {
  cleanup();
  Object.assign(session, initialSession());
  messagesStore.items = [];
});

describe('MessagesMenu', () => {
  it("renders an announcement's Markdown body once the menu opens", async () => {
    // Signed in without a token: the menu shows the stored list without asking the server.
    session.user = {
      id: 'u1',
      name: 'Ana',
      email: 'ana@example.com',
      photoUrl: '',
      providerId: 'password',
    };
    messagesStore.items = [
      {
        id: '00000000-0000-4000-8000-000000000001',
        kind: 'announcement',
        title: 'Lab closed',
        body: 'The lab is **closed** on Friday.',
        params: {},
        link: '',
        read: false,
        from: null,
        createdAt: '2026-11-20T10:00:00Z',
      },
    ];
    render(
      <MemoryRouter>
        <MessagesMenu />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('messages-menu'));
    expect(screen.getByText('Lab closed')).toBeTruthy();
    // The renderer is a lazy chunk: on a busy machine its import takes more than a second.
    const bold = await screen.findByText('closed', {}, { timeout: 10_000 });
    expect(bold.tagName).toBe('STRONG');
  });

  it("says 'Your feed is empty.' when there is no message", () => {
    session.user = {
      id: 'u1',
      name: 'Ana',
      email: 'ana@example.com',
      photoUrl: '',
      providerId: 'password',
    };
    render(
      <MemoryRouter>
        <MessagesMenu />
      </MemoryRouter>,
    );
    fireEvent.click(screen.getByTestId('messages-menu'));
    expect(screen.getByText('Your feed is empty.')).toBeTruthy();
  });
});
