// "Start lesson": reads the lesson, opens the student's own latest program for it (or its
// starter program) in the editor with the lesson in the widget area. The program it replaces
// is kept as a version the student can restore, so nothing is asked first — unless it is too
// large to keep, when the unsaved-changes question comes back.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { confirm } from '../../shell/confirm.ts';
import type { Lesson } from '../../contract/lessons.ts';
import { canKeepOpenProgram, program } from '../../program/index.ts';
import { showToast } from '../../state/ui.ts';
import { lessonPath } from '../open-lesson.ts';
import { classroom, startLesson } from '../runtime.ts';
import './widget-panes.ts';
import IconButton from '../../ui/icon-button/IconButton.tsx';

export default function StartLessonButton({
  luuid,
  classUuid,
  lesson,
  small = false,
}: {
  luuid: string;
  classUuid: string | null;
  /** The lesson when the caller already has it. */
  lesson?: Lesson;
  small?: boolean;
}) {
  const { t } = useTranslation(['classroom', 'shell', 'editor']);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const full = lesson ?? (await classroom.getLesson(luuid));
      if (
        program.hasChanged &&
        !canKeepOpenProgram() &&
        !(await confirm(t('shell:confirm.unsavedData')))
      )
        return;
      const started = await startLesson(full, classUuid);
      void navigate(lessonPath(full.uuid, classUuid));
      if (started.resumed) showToast('success', t('lessonPane.resumed'));
      if (started.kept) showToast('success', t('editor:versions.kept'));
    } catch {
      // shown by the API client ('Unable to Load' reasons)
    } finally {
      setBusy(false);
    }
  };
  return (
    <IconButton
      icon="play-fill"
      className={`btn btn-success${small ? ' btn-sm' : ''}`}
      disabled={busy}
      onClick={() => void start()}
    >
      {t('lesson.start')}
    </IconButton>
  );
}
