import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { downloadStatus } from '../../download/download-store.ts';
import { initI18n } from '../../i18n/index.ts';
import { pwa, reloadWhenIdle, setReloader } from '../pwa-state.ts';
import UpdateNotice from './UpdateNotice.tsx';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  setReloader(null);
  downloadStatus.phase = null;
  Object.assign(pwa, { updateReady: false, reloadPending: false, offlineReady: false });
});

describe('UpdateNotice', () => {
  it('shows nothing until a new version waits', () => {
    render(<UpdateNotice />);
    expect(screen.queryByTestId('update-notice')).toBeNull();
  });

  it('Later hides it; the running version stays', async () => {
    pwa.updateReady = true;
    render(<UpdateNotice />);
    expect(screen.getByTestId('update-notice').textContent).toContain(
      'A new version of GoGo Code is ready.',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Later' })));
    expect(screen.queryByTestId('update-notice')).toBeNull();
  });

  it('Reload during a download says it waits, and takes over only when the download ends', async () => {
    const tookOver: string[] = [];
    setReloader(
      reloadWhenIdle(async () => {
        tookOver.push('reload');
      }),
    );
    downloadStatus.phase = 'writing';
    pwa.updateReady = true;
    render(<UpdateNotice />);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reload' })));
    expect(screen.getByTestId('update-notice').textContent).toContain(
      'The new version starts when the board work in progress ends.',
    );
    expect(screen.queryByRole('button', { name: 'Reload' })).toBeNull();
    expect(tookOver).toEqual([]);
    await act(async () => {
      downloadStatus.phase = null;
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(tookOver).toEqual(['reload']);
  });
});
