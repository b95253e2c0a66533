// The teacher's comments on the submission being graded, as in the live view's full view of a
// student: the program is the read-only editor on screen, so a click on one of its blocks (or
// on a line of its Logo text) picks what the comment is on, and the list does for the keyboard.
// The comments belong to the student and the lesson: the student sees them in their editor.
import { useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { Grade } from '../../contract/grades.ts';
import { program } from '../../program/index.ts';
import TeacherComments, { type BlockChoice } from '../live/ui/TeacherComments.tsx';
import { useEditors } from '../live/ui/use-comment-places.ts';

export default function SubmissionComments({ grade }: { grade: Grade }) {
  const { programMode, logoCode, revision } = useSnapshot(program);
  const editors = useEditors();
  const [picked, setPicked] = useState<string | number | null>(null);
  const [blocks, setBlocks] = useState<BlockChoice[]>([]);
  const mode = programMode === 'logo' ? 'logo' : 'blocks';

  useEffect(() => {
    const editor = editors.blocks;
    if (!editor) return;
    const list = () => setBlocks(editor.blockList());
    const listener = (event: { type: string; newElementId?: string | null }) => {
      if (event.type === 'selected') setPicked(event.newElementId ?? null);
      else if (['create', 'delete', 'finished_loading'].includes(event.type)) list();
    };
    list();
    editor.workspace.addChangeListener(listener);
    // The submission's editor is read-only: Blockly selects nothing there on a click.
    const stopClicks = editor.onBlockClick(setPicked);
    return () => {
      stopClicks();
      editor.workspace.removeChangeListener(listener);
    };
    // A program opened again loads with the workspace's events off: the revision says so.
  }, [editors.blocks, revision]);

  useEffect(() => editors.text?.onCursorLine(setPicked), [editors.text]);

  return (
    <TeacherComments
      classUuid={grade.uuid}
      luuid={grade.luuid}
      email={grade.user_email}
      suuid={grade.suuid}
      mode={mode}
      blocks={blocks}
      logo={mode === 'logo' ? logoCode : ''}
      picked={picked}
      onPick={(what) => {
        setPicked(what);
        // A block picked from the list is shown in the editor (a line shows in the list).
        if (typeof what === 'string') editors.blocks?.showBlock(what);
      }}
    />
  );
}
