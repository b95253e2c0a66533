// A program's blocks, read-only and live: the teacher's broadcast beside a student's
// program, a student's program in the teacher's full view. The blocks load again when the
// XML changes; a click on a block names it (the teacher comments on it), and the blocks are
// listed for the keyboard's way to pick one.
import i18next from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { connection } from '../../../device/connection-store.ts';
import { inBackground } from '../../../api/report-failure.ts';
import { BlocksEditor, ensureBlockLocale } from '../../../editor/index.ts';

export default function ReadOnlyBlocks({
  xml,
  label,
  onBlock,
  onBlocks,
  picked,
  testId,
}: {
  xml: string;
  label: string;
  onBlock?: (id: string | null) => void;
  /** The blocks drawn, in reading order (after each load). */
  onBlocks?: (blocks: { id: string; text: string }[]) => void;
  /** The block to show selected (picked from the list). */
  picked?: string | null;
  testId?: string;
}) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<BlocksEditor | null>(null);
  const pick = useRef(onBlock);
  const list = useRef(onBlocks);
  const clicked = useRef<string | null>(null);
  useEffect(() => {
    pick.current = onBlock;
    list.current = onBlocks;
  }, [onBlock, onBlocks]);

  useEffect(() => {
    let disposed = false;
    let made: BlocksEditor | null = null;
    let stopClicks = () => {};
    const resize = new ResizeObserver(() => made?.resize());
    inBackground(
      (async () => {
        await ensureBlockLocale(i18next.language || 'en');
        if (disposed || !host.current) return;
        made = await BlocksEditor.create(
          host.current,
          {
            readOnly: true,
            board: connection.displayBoard,
            locale: i18next.language || 'en',
            onChange: () => undefined,
          },
          () => disposed,
        );
        if (!made) return;
        resize.observe(host.current);
        stopClicks = made.onBlockClick((id) => {
          clicked.current = id;
          pick.current?.(id);
        });
        setEditor(made);
      })(),
    );
    return () => {
      disposed = true;
      stopClicks();
      resize.disconnect();
      made?.dispose();
    };
  }, []);

  useEffect(() => {
    if (!editor) return;
    try {
      editor.load(xml);
    } catch {
      // A program this app cannot draw: the Logo text beside it still shows it.
    }
    list.current?.(editor.blockList());
  }, [editor, xml]);

  useEffect(() => {
    if (!editor || !picked) return;
    // A block clicked on is selected already; one picked from the list is shown.
    if (clicked.current !== picked) editor.showBlock(picked);
  }, [editor, picked, xml]);

  return (
    <div
      ref={host}
      className="live-blocks"
      role="img"
      aria-label={label}
      data-testid={testId}
      data-ready={editor ? 'true' : 'false'}
    />
  );
}
