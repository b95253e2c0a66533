import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { initI18n } from '../../i18n/index.ts';
import { closeKeyboardHelp, openKeyboardHelp } from './keyboard-help.ts';
import KeyboardHelp from './KeyboardHelp.tsx';

const realPlatform = Object.getOwnPropertyDescriptor(Navigator.prototype, 'platform');

function onPlatform(platform: string): void {
  Object.defineProperty(navigator, 'platform', { value: platform, configurable: true });
}

beforeAll(async () => {
  await initI18n();
});

afterEach(() => {
  act(() => closeKeyboardHelp());
  cleanup();
  delete (navigator as { platform?: string }).platform;
  if (realPlatform) Object.defineProperty(Navigator.prototype, 'platform', realPlatform);
});

function keysOf(row: string): string[] {
  const cell = screen.getByText(row).closest('tr');
  return [...(cell?.querySelectorAll('kbd') ?? [])].map((k) => k.textContent ?? '');
}

describe('KeyboardHelp', () => {
  it('names ⌘ and ⌥ on a Mac', async () => {
    onPlatform('MacIntel');
    render(<KeyboardHelp />);
    act(() => openKeyboardHelp());
    await screen.findByText('Copy the chosen block');
    expect(keysOf('Copy the chosen block')).toEqual(['⌘', 'C']);
    expect(keysOf("Open the chosen block's menu")).toEqual(['⌘', 'Enter']);
    expect(screen.getByText('Undo (⌘ + Shift + Z redoes)')).toBeTruthy();
    expect(keysOf('Undo (⌘ + Shift + Z redoes)')).toEqual(['⌘', 'Z']);
    expect(keysOf('While moving, move the block freely')).toEqual(['⌥', '↑ ↓ ← →']);
    expect(screen.queryByText(/Ctrl/)).toBeNull();
  });

  it('names Ctrl elsewhere', async () => {
    onPlatform('Win32');
    render(<KeyboardHelp />);
    act(() => openKeyboardHelp());
    await screen.findByText('Copy the chosen block');
    expect(keysOf('Copy the chosen block')).toEqual(['Ctrl', 'C']);
    expect(keysOf('Undo (Ctrl + Shift + Z redoes)')).toEqual(['Ctrl', 'Z']);
    expect(keysOf('While moving, move the block freely')).toEqual(['Ctrl', '↑ ↓ ← →']);
    expect(screen.queryByText(/⌘/)).toBeNull();
  });
});
