import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import i18next from 'i18next';
import { initI18n } from '../../i18n/index.ts';
import HeaderImage from './HeaderImage.tsx';

beforeAll(async () => {
  await initI18n();
});
afterEach(cleanup);

const REMOTE = 'https://images.example.net/robot.png';
const UPLOADED = '/api/v1/classroom/image/6f1c1e5e-0b7a-4d8e-9a53-8d2b8a0c1f00';

const show = (src: string | null, icon?: string) =>
  render(<HeaderImage src={src} className="header-banner" icon={icon} />).container;

describe('HeaderImage', () => {
  it('shows an uploaded image (this app’s origin) at once, without a referrer', () => {
    const root = show(UPLOADED, 'boxes');
    const img = root.querySelector('img');
    expect(img?.getAttribute('src')).toBe(new URL(UPLOADED, window.location.href).href);
    expect(img?.getAttribute('referrerpolicy')).toBe('no-referrer');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('keeps another host’s image out of the page until the reader asks for it', () => {
    const root = show(REMOTE, 'boxes');
    expect(root.querySelector('img')).toBeNull();
    expect(root.querySelector(`[src="${REMOTE}"]`)).toBeNull();
    expect(screen.getByTestId('header-image-placeholder').textContent).toContain(
      'images.example.net',
    );
    // A real button: it takes the keyboard focus (Enter and Space click it).
    const button = screen.getByRole('button', { name: 'Load image from images.example.net' });
    expect(button.getAttribute('type')).toBe('button');
    button.focus();
    expect(document.activeElement).toBe(button);
    fireEvent.click(button);
    expect(root.querySelector('img')?.getAttribute('src')).toBe(REMOTE);
    expect(screen.queryByRole('button')).toBeNull();
  });

  it('loads another host’s image over https only', () => {
    const root = show('http://images.example.net/robot.png');
    fireEvent.click(screen.getByRole('button', { name: 'Load image from images.example.net' }));
    expect(root.querySelector('img')?.getAttribute('src')).toBe(REMOTE);
  });

  it('asks again when the address changes to another remote image', () => {
    const { container, rerender } = render(
      <HeaderImage src={REMOTE} className="header-banner" icon="boxes" />,
    );
    fireEvent.click(screen.getByRole('button'));
    expect(container.querySelector('img')).not.toBeNull();
    rerender(<HeaderImage src="https://other.example.org/a.png" className="header-banner" />);
    expect(container.querySelector('img')).toBeNull();
    expect(screen.getByRole('button', { name: 'Load image from other.example.org' })).toBeTruthy();
  });

  it('shows the icon strip for no image or an address that is not http(s), nothing without an icon', () => {
    expect(show(null, 'boxes').querySelector('.header-noimage .bi-boxes')).not.toBeNull();
    cleanup();
    expect(show('javascript:alert(1)', 'boxes').querySelector('img, button')).toBeNull();
    cleanup();
    expect(show(null).innerHTML).toBe('');
  });

  it('says it in every language', async () => {
    for (const [lng, text] of [
      ['pt-BR', 'Carregar imagem de images.example.net'],
      ['th', 'โหลดรูปภาพจาก images.example.net'],
      ['es', 'Cargar imagen de images.example.net'],
    ] as const) {
      await i18next.changeLanguage(lng);
      show(REMOTE);
      expect(screen.getByRole('button').textContent).toBe(text);
      cleanup();
    }
    await i18next.changeLanguage('en');
  });
});
