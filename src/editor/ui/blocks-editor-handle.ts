// The program's block editor on screen, if any, for what is drawn beside its blocks (a
// teacher's comments) and what reads its selection (the block a teacher comments on).
import type { BlocksEditor } from '../workspace/blocks-editor.ts';

let current: BlocksEditor | null = null;
const listeners = new Set<(editor: BlocksEditor | null) => void>();

export function setBlocksEditorHandle(editor: BlocksEditor | null): void {
  current = editor;
  for (const listener of listeners) listener(editor);
}

/** Calls `listener` with the editor now and whenever another one comes or it goes. */
export function followBlocksEditor(listener: (editor: BlocksEditor | null) => void): () => void {
  listeners.add(listener);
  listener(current);
  return () => {
    listeners.delete(listener);
  };
}
