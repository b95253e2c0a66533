// The Logo text editor on screen, if any, so the Logo panel can jump to an error's line.
import type { LogoRange } from '../../program/index.ts';

export interface TextEditorHandle {
  /** Moves the cursor to a line (selecting `range` when given) and shows it. */
  goToLine(line: number, range?: LogoRange): void;
}

let current: TextEditorHandle | null = null;

export function setTextEditorHandle(handle: TextEditorHandle | null): void {
  current = handle;
}

export function textEditorHandle(): TextEditorHandle | null {
  return current;
}
