// The Logo text editor on screen, if any, so the Logo panel can jump to an error's line, a
// teacher's comments show beside their lines and a teacher grading picks a line to comment on.
import type { LineComment } from '../logo/line-comments.ts';
import type { LogoRange } from '../../program/index.ts';

export interface TextEditorHandle {
  /** Moves the cursor to a line (selecting `range` when given) and shows it. */
  goToLine(line: number, range?: LogoRange): void;
  /** Shows these comments beside their lines (an empty list clears them). */
  showComments(comments: readonly LineComment[]): void;
  /** The number of lines of the text. */
  lineCount(): number;
  /** Calls `listener` with the cursor's 1-based line whenever the user moves the cursor (a
   * click on a line of read-only text too); returns the way to stop. */
  onCursorLine(listener: (line: number) => void): () => void;
}

let current: TextEditorHandle | null = null;
const listeners = new Set<(handle: TextEditorHandle | null) => void>();

export function setTextEditorHandle(handle: TextEditorHandle | null): void {
  current = handle;
  for (const listener of listeners) listener(handle);
}

export function textEditorHandle(): TextEditorHandle | null {
  return current;
}

/** Calls `listener` with the editor now and whenever another one comes or it goes. */
export function followTextEditor(listener: (handle: TextEditorHandle | null) => void): () => void {
  listeners.add(listener);
  listener(current);
  return () => {
    listeners.delete(listener);
  };
}
