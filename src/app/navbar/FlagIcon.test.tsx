import { act, cleanup, render } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

beforeEach(() => {
  vi.resetModules();
});
afterEach(() => {
  cleanup();
});

describe('FlagIcon', () => {
  it('keeps its place empty until the first screen takes input, then shows the flag', async () => {
    const { default: FlagIcon } = await import('./FlagIcon.tsx');
    const { firstScreenShown } = await import('../../ui/first-screen.ts');
    const { container } = render(<FlagIcon code="th" />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('span.flag-icon')).not.toBeNull();
    await act(async () => {
      firstScreenShown();
      await Promise.resolve();
    });
    const img = container.querySelector('img.flag-icon');
    expect(img?.getAttribute('src')).toMatch(/th/);
    expect(container.querySelector('span.flag-icon')).toBeNull();
  });

  it('shows the flag at once on a screen opened after the first one', async () => {
    const { default: FlagIcon } = await import('./FlagIcon.tsx');
    const { firstScreenShown } = await import('../../ui/first-screen.ts');
    firstScreenShown();
    const { container } = render(<FlagIcon code="gb" />);
    expect(container.querySelector('img.flag-icon')).not.toBeNull();
  });
});
