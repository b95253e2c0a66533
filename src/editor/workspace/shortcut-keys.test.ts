import { describe, expect, it } from 'vitest';
import { isApplePlatform, shortcutKeys } from './shortcut-keys.ts';

describe('shortcutKeys', () => {
  it('names ⌘ and ⌥ on a Mac, from navigator.platform', () => {
    expect(shortcutKeys({ platform: 'MacIntel' })).toEqual({ command: '⌘', moveFreely: '⌥' });
  });

  it('prefers userAgentData, as Chromium reports macOS there', () => {
    expect(
      isApplePlatform({ platform: 'Linux x86_64', userAgentData: { platform: 'macOS' } }),
    ).toBe(true);
    expect(isApplePlatform({ platform: 'MacIntel', userAgentData: { platform: 'Windows' } })).toBe(
      false,
    );
  });

  it('counts iPad and iPhone keyboards as Apple ones', () => {
    expect(isApplePlatform({ platform: 'iPad' })).toBe(true);
    expect(isApplePlatform({ platform: 'iPhone' })).toBe(true);
  });

  it('names Ctrl on Windows, Linux, ChromeOS and an unknown platform', () => {
    for (const platform of ['Win32', 'Linux x86_64', 'CrOS x86_64', '']) {
      expect(shortcutKeys({ platform })).toEqual({ command: 'Ctrl', moveFreely: 'Ctrl' });
    }
    expect(shortcutKeys({ userAgentData: { platform: 'Chrome OS' } }).command).toBe('Ctrl');
    expect(shortcutKeys({})).toEqual({ command: 'Ctrl', moveFreely: 'Ctrl' });
  });
});
