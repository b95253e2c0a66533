// The student's open comments as the editor on screen has them: beside which block, on
// which line, or with their block or line gone. Follows the block editor and the Logo text
// editor as they come and go and as blocks are added or removed.
import { useEffect, useMemo, useState } from 'react';
import type { Comment } from '../../../contract/live-class.ts';
import {
  followBlocksEditor,
  followTextEditor,
  type BlocksEditor,
  type TextEditorHandle,
} from '../../../editor/handles.ts';
import { placeComments, type CommentPlaces } from '../comment-place.ts';

export function useEditors(): { blocks: BlocksEditor | null; text: TextEditorHandle | null } {
  const [blocks, setBlocks] = useState<BlocksEditor | null>(null);
  const [text, setText] = useState<TextEditorHandle | null>(null);
  useEffect(() => followBlocksEditor(setBlocks), []);
  useEffect(() => followTextEditor(setText), []);
  return { blocks, text };
}

/** Counts the block editor's changes (blocks created or deleted, a program loaded). */
function useBlockChanges(blocks: BlocksEditor | null): number {
  const [changes, setChanges] = useState(0);
  useEffect(() => {
    if (!blocks) return;
    const listener = (event: { type: string }) => {
      if (event.type === 'create' || event.type === 'delete' || event.type === 'finished_loading')
        setChanges((n) => n + 1);
    };
    blocks.workspace.addChangeListener(listener);
    // A program loads with events off: look again now and then.
    const timer = setInterval(() => setChanges((n) => n + 1), 1000);
    return () => {
      clearInterval(timer);
      blocks.workspace.removeChangeListener(listener);
    };
  }, [blocks]);
  return changes;
}

export function useCommentPlaces(comments: readonly Comment[]): CommentPlaces & {
  editors: { blocks: BlocksEditor | null; text: TextEditorHandle | null };
  blockText: (id: string) => string;
} {
  const editors = useEditors();
  const changes = useBlockChanges(editors.blocks);
  const [lines, setLines] = useState<number | null>(null);
  useEffect(() => {
    const text = editors.text;
    // The text's length, now and then (its edits do not pass through here).
    const look = () => setLines(text?.lineCount() ?? null);
    const first = setTimeout(look, 0);
    const timer = setInterval(look, 1000);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [editors.text]);
  const places = useMemo(() => {
    void changes;
    const ws = editors.blocks?.workspace;
    return placeComments(comments, {
      hasBlock: (id) => ws?.getBlockById(id) != null,
      lineCount: lines,
    });
  }, [comments, editors.blocks, lines, changes]);
  const blockText = (id: string) => {
    const text = editors.blocks?.workspace.getBlockById(id)?.toString() ?? '';
    return text.length > 40 ? `${text.slice(0, 39)}…` : text;
  };
  return { ...places, editors, blockText };
}
