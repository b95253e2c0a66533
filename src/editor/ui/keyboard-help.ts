// Whether the list of keyboard shortcuts is open (the toolbar button or / in the workspace).
import { proxy } from 'valtio';

export const keyboardHelp = proxy({ open: false });

export function openKeyboardHelp(): void {
  keyboardHelp.open = true;
}

export function closeKeyboardHelp(): void {
  keyboardHelp.open = false;
}
