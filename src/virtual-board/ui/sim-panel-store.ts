// What the virtual board's panel remembers: whether it is shown (persisted, so Hide holds
// across navigation and reloads) and which of its folded sections are open (for the tab).
import { proxy } from 'valtio';
import { readStorage, STORAGE_KEYS, writeStorage } from '../../state/storage.ts';

export type SimSection = 'builtin' | 'more' | 'settings';

interface SimPanelState {
  open: boolean;
  sections: Record<SimSection, boolean>;
}

export const simPanel = proxy<SimPanelState>({
  open: readStorage(STORAGE_KEYS.virtualBoardOpen) !== 'false',
  sections: { builtin: false, more: false, settings: false },
});

export function setSimPanelOpen(open: boolean): void {
  simPanel.open = open;
  writeStorage(STORAGE_KEYS.virtualBoardOpen, String(open));
}

export function setSimSection(section: SimSection, open: boolean): void {
  simPanel.sections[section] = open;
}
