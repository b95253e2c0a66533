import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { showToast, ui } from '../../state/ui.ts';
import Toasts from './Toasts.tsx';

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  ui.toasts.splice(0);
});

describe('Toasts', () => {
  it('shows warning and success toasts in their styles', async () => {
    render(<Toasts />);
    await act(async () => {
      showToast('warning', 'Unable to save');
      showToast('success', 'Download success');
    });
    expect(screen.getByTestId('toast-warning').className).toContain('bg-warning');
    expect(screen.getByTestId('toast-warning').textContent).toContain('Unable to save');
    expect(screen.getByTestId('toast-success').className).toContain('bg-success');
  });

  it('removes a toast after 2500 ms', async () => {
    vi.useFakeTimers();
    render(<Toasts />);
    await act(async () => void showToast('warning', 'Plugin is not connected!'));
    expect(screen.getByText('Plugin is not connected!')).toBeTruthy();
    await act(() => vi.advanceTimersByTimeAsync(2400));
    expect(ui.toasts).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(ui.toasts).toHaveLength(0);
    expect(screen.queryByText('Plugin is not connected!')).toBeNull();
  });
});
