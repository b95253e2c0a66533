// The modifier keys shortcut hints name: Apple keyboards use ⌘ where others use Ctrl, and
// ⌥ to move a block freely (Ctrl + arrows switch desktops on a Mac; the navigation plugin
// takes both Ctrl and ⌥ there).

/** The parts of `navigator` that tell the platform (userAgentData is Chromium only). */
interface PlatformHints {
  platform?: string;
  userAgentData?: { platform?: string };
}

/** True on macOS, iOS and iPadOS. */
export function isApplePlatform(nav: PlatformHints): boolean {
  const platform = nav.userAgentData?.platform || nav.platform || '';
  return /^(mac|iphone|ipad|ipod)/i.test(platform);
}

export interface ShortcutKeys {
  /** The key held for copy, paste, undo and the block menu. */
  command: string;
  /** The key held with the arrows to move a block freely. */
  moveFreely: string;
}

export function shortcutKeys(nav: PlatformHints): ShortcutKeys {
  return isApplePlatform(nav)
    ? { command: '⌘', moveFreely: '⌥' }
    : { command: 'Ctrl', moveFreely: 'Ctrl' };
}

/** The keys of the browser this runs in. */
export function localShortcutKeys(): ShortcutKeys {
  return shortcutKeys(typeof navigator === 'undefined' ? {} : (navigator as PlatformHints));
}
