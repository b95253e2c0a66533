import i18next from 'i18next';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { showStartFailure } from './start-failure.ts';

describe('the page when the app cannot start', () => {
  afterEach(() => vi.restoreAllMocks());

  it('replaces a blank page with a message and a Reload button, in English before i18next runs', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const host = document.createElement('div');
    host.append(document.createElement('span'));
    showStartFailure(host, new Error('chunk failed'));
    expect(host.querySelector('[role="alert"] h1')?.textContent).toBe('GoGo Code could not start');
    expect(host.querySelector('span')).toBeNull();
    const reload = host.querySelector('button');
    expect(reload?.textContent).toBe('Reload');
    expect(error).toHaveBeenCalledWith(new Error('chunk failed'));
  });

  it("speaks the user's language once i18next has started", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { initI18n } = await import('../i18n/index.ts');
    await initI18n();
    await i18next.changeLanguage('es');
    const host = document.createElement('div');
    showStartFailure(host, new Error('x'));
    expect(host.querySelector('h1')?.textContent).toBe('GoGo Code no pudo iniciarse');
    expect(host.querySelector('button')?.textContent).toBe('Volver a cargar');
  });
});
