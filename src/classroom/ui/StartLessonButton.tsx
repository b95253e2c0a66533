// "Start lesson": reads the lesson, opens its starter program in the editor with the lesson
// in the widget area. Unsaved changes to the open program are confirmed first.
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { confirm } from '../../shell/confirm.ts';
import type { Lesson } from '../../contract/lessons.ts';
import { program } from '../../program/index.ts';
import { classroom, lessonSessionService } from '../runtime.ts';
import './widget-panes.ts';
import IconButton from '../../ui/icon-button/IconButton.tsx';

async function startLesson(
  lesson: Lesson,
  classUuid: string | null,
  unsavedText: string,
): Promise<boolean> {
  if (program.hasChanged && !(await confirm(unsavedText))) return false;
  lessonSessionService.start(lesson, classUuid);
  return true;
}

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
  const { t } = useTranslation(['classroom', 'shell']);
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const start = async () => {
    setBusy(true);
    try {
      const full = lesson ?? (await classroom.getLesson(luuid));
      if (await startLesson(full, classUuid, t('shell:confirm.unsavedData')))
        void navigate('/program');
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
