// A student's place in a lesson: state, grade and the teacher's note, and a link to the
// submission. Nothing for someone who does not study the lesson.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { Snapshot } from 'valtio';
import type { LessonProgress } from '../../contract/grades.ts';
import { classroom } from '../runtime.ts';
import CheckReportView from './CheckReportView.tsx';
import { formatPoints } from './format.ts';
import StateBadge from './StateBadge.tsx';
import { useLoad } from './use-load.ts';

export function ProgressDetails({ progress }: { progress: Snapshot<LessonProgress> }) {
  const { t } = useTranslation('classroom');
  const grade = progress.grade;
  return (
    <div data-testid="lesson-progress">
      <p className="mb-1">
        <StateBadge state={progress.state} />
        {grade?.late && <span className="badge text-bg-warning ms-1">{t('gradebook.late')}</span>}
      </p>
      {grade && grade.grade !== null && (
        <p className="mb-1" data-testid="lesson-grade">
          {t('progress.grade', { grade: formatPoints(grade.grade), max: grade.lesson.maxPoints })}
        </p>
      )}
      {grade && grade.note.trim() !== '' && (
        <figure className="mb-1">
          <figcaption className="small text-body-secondary">{t('progress.note')}</figcaption>
          <blockquote
            className="mb-0 small"
            style={{ whiteSpace: 'pre-wrap' }}
            data-testid="lesson-note"
          >
            {grade.note}
          </blockquote>
        </figure>
      )}
      {grade?.check && <CheckReportView report={grade.check} />}
      {grade && (
        <Link to={`/program/submission/${grade.suuid}`} className="small">
          {t('progress.openSubmission')}
        </Link>
      )}
    </div>
  );
}

export default function ProgressCard({
  luuid,
  classUuid,
}: {
  luuid: string;
  classUuid: string | null;
}) {
  const { t } = useTranslation('classroom');
  const progress = useLoad(
    (signal) => classroom.lessonProgress(luuid, classUuid, { signal, quiet: true }),
    `${luuid}:${classUuid ?? ''}`,
  );
  const p = progress.data;
  if (!p || (!p.canSubmit && !p.grade)) return null;
  return (
    <section className="card card-body mb-4" aria-labelledby="lesson-progress-title">
      <h2 id="lesson-progress-title" className="h6">
        {t('progress.title')}
      </h2>
      <ProgressDetails progress={p} />
    </section>
  );
}
