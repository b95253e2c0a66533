// The Logo text editor on screen, if any, so the Logo panel can jump to an error's line.
export interface TextEditorHandle {
  goToLine(line: number): void;
}

let current: TextEditorHandle | null = null;

export function setTextEditorHandle(handle: TextEditorHandle | null): void {
  current = handle;
}

export function textEditorHandle(): TextEditorHandle | null {
  return current;
}
