import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import Loading from './Loading.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

describe('Loading', () => {
  it('announces "Loading…" as status, with a spinner screen readers skip', () => {
    render(<Loading />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Loading…');
    expect(status.querySelector('.spinner-border')?.getAttribute('aria-hidden')).toBe('true');
  });

  it('says what is loading when told, in the layout asked for', () => {
    render(<Loading text="Reading program.hex…" className="small" />);
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('Reading program.hex…');
    expect(status.className).toBe('small');
  });
});
