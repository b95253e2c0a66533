// /program/submission/{suuid}: a student's submitted program, read-only in the editor, with
// the submission's grade pane in the widget area (the teacher grades and writes a note
// there; the student reads them). Unsaved changes to the open program are confirmed first.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router-dom';
import { confirm } from '../../shell/confirm.ts';
import { useDocumentTitle } from '../../shell/ui/use-document-title.ts';
import { openProgram, program } from '../../program/index.ts';
import { EditorPage } from '../../editor/index.ts';
import { hideWidgetPane, showWidgetPane } from '../../shell/widget-panes.ts';
import { isLoggedIn, session } from '../../state/session.ts';
import { useSnapshot } from 'valtio';
import { apiErrorText } from '../../ui/error-text.ts';
import { submittedProgram } from '../lesson-session.ts';
import { SUBMISSION_PANE } from '../pane-ids.ts';
import { classroom } from '../runtime.ts';
import { submissionView } from '../submission-view.ts';
import { Problem } from './ClassroomShell.tsx';
import Loading from '../../ui/busy/Loading.tsx';
import { SignInPrompt } from './ClassroomGate.tsx';
import './widget-panes.ts';

type View =
  | { kind: 'loading' }
  | { kind: 'ready' }
  | { kind: 'failed'; error: unknown; unreadable?: boolean };

export default function SubmissionPage() {
  const { t } = useTranslation(['classroom', 'shell', 'screens']);
  const { suid } = useParams();
  const navigate = useNavigate();
  const [view, setView] = useState<View>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const signedIn = isLoggedIn(useSnapshot(session));
  useDocumentTitle(t('screens:submission.title'));

  useEffect(() => {
    if (!signedIn) return;
    let cancelled = false;
    const load = async () => {
      if (!suid) throw new Error('no submission');
      const grade = await classroom.submission(suid, { quiet: true });
      if (cancelled) return;
      let loaded;
      try {
        loaded = submittedProgram(grade.code);
      } catch (error) {
        setView({ kind: 'failed', error, unreadable: true });
        return;
      }
      if (program.hasChanged && !(await confirm(t('shell:confirm.unsavedData')))) {
        void navigate(-1);
        return;
      }
      if (cancelled) return;
      openProgram(loaded);
      submissionView.grade = grade;
      showWidgetPane(SUBMISSION_PANE);
      setView({ kind: 'ready' });
    };
    load().catch((error: unknown) => {
      if (!cancelled) setView({ kind: 'failed', error });
    });
    return () => {
      cancelled = true;
    };
  }, [suid, attempt, navigate, t, signedIn]);

  useEffect(
    () => () => {
      hideWidgetPane(SUBMISSION_PANE);
      submissionView.grade = null;
    },
    [],
  );

  if (!signedIn) {
    return (
      <section className="container py-4">
        <h1 className="h3">{t('screens:submission.title')}</h1>
        <SignInPrompt />
      </section>
    );
  }
  if (view.kind === 'failed') {
    return (
      <section className="container py-4">
        <h1 className="h3">{t('screens:submission.title')}</h1>
        <Problem
          title={t('unableToLoad')}
          detail={view.unreadable ? t('submission.unreadable') : apiErrorText(view.error)}
          onRetry={() => {
            setView({ kind: 'loading' });
            setAttempt((n) => n + 1);
          }}
        />
      </section>
    );
  }
  if (view.kind === 'loading') return <Loading />;
  return <EditorPage variant="submission" />;
}
