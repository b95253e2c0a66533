// The gradebook tab: the table, a refresh, the CSV export, and the grading dialog of a
// student who has not started a lesson.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Class } from '../../contract/classroom.ts';
import { apiErrorText } from '../../ui/error-text.ts';
import { buildGradebook, gradebookCsv } from '../gradebook.ts';
import { classroom } from '../runtime.ts';
import { Problem } from './ClassroomShell.tsx';
import Loading from '../../ui/busy/Loading.tsx';
import GradebookTable from './GradebookTable.tsx';
import { gradebookCellControl } from './gradebook-cells.ts';
import GradeStudentDialog, { type UnstartedCell } from './GradeStudentDialog.tsx';
import { saveFile } from '../../ui/save-file.ts';
import { useLoad } from './use-load.ts';
import IconButton from '../../ui/icon-button/IconButton.tsx';

export default function GradebookTab({ klass }: { klass: Class }) {
  const { t } = useTranslation('classroom');
  const book = useLoad(
    (signal) => classroom.gradebook(klass.uuid, { signal, quiet: true }),
    klass.uuid,
  );
  const view = useMemo(() => (book.data ? buildGradebook(book.data) : null), [book.data]);
  const [grading, setGrading] = useState<UnstartedCell | null>(null);
  // A saved grade turns the cell's button into a link to the new submission: once the
  // gradebook has loaded again, focus goes to that cell, not to the page.
  const refocus = useRef<UnstartedCell | null>(null);
  const section = useRef<HTMLElement>(null);
  useEffect(() => {
    const cell = refocus.current;
    if (!cell || book.loading || !section.current) return;
    refocus.current = null;
    gradebookCellControl(section.current, cell.email, cell.luuid)?.focus();
  }, [book.loading, view]);
  const onGrade = useCallback(
    (email: string, luuid: string) => {
      const student = view?.rows.find((r) => r.email === email);
      const lesson = view?.lessons.find((l) => l.luuid === luuid);
      if (!student || !lesson) return;
      setGrading({
        classUuid: klass.uuid,
        email,
        student: student.name || student.email,
        luuid,
        lesson: lesson.name,
        maxPoints: lesson.maxPoints,
      });
    },
    [view, klass.uuid],
  );

  const exportCsv = () => {
    if (!view) return;
    const csv = gradebookCsv(view, {
      student: t('gradebook.student'),
      email: t('fields.email'),
      status: t('gradebook.status'),
      inClass: t('gradebook.inClass'),
      removed: t('gradebook.removed'),
      lessonColumn: (lesson, column) => t(`gradebook.csv.${column}`, { lesson }),
      state: (s) => t(`state.${s}`),
      source: (s) => t(`gradebook.source.${s}`),
      yes: t('gradebook.csv.yes'),
      no: t('gradebook.csv.no'),
    });
    const safeName =
      klass.name.replace(/[^\p{L}\p{N}_-]+/gu, '-').replace(/^-+|-+$/g, '') || 'class';
    saveFile(`${safeName}-gradebook.csv`, `\uFEFF${csv}`, 'text/csv');
  };

  if (book.error) {
    return (
      <Problem title={t('cannotLoad')} detail={apiErrorText(book.error)} onRetry={book.reload} />
    );
  }
  if (!view) return <Loading />;
  return (
    <section aria-labelledby="gradebook-title" ref={section}>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h2 id="gradebook-title" className="h5 mb-0 me-auto">
          {t('tabs.gradebook')}
        </h2>
        <IconButton
          icon="arrow-clockwise"
          className="btn btn-sm btn-outline-secondary"
          disabled={book.loading}
          onClick={book.reload}
        >
          {t('gradebook.refresh')}
        </IconButton>
        <IconButton
          icon="filetype-csv"
          className="btn btn-sm btn-outline-primary"
          disabled={view.rows.length === 0}
          onClick={exportCsv}
        >
          {t('gradebook.export')}
        </IconButton>
      </div>
      {view.rows.length === 0 || view.lessons.length === 0 ? (
        <p className="text-body-secondary">
          {view.rows.length === 0 ? t('gradebook.noStudents') : t('gradebook.noLessons')}
        </p>
      ) : (
        <GradebookTable view={view} caption={t('tabs.gradebook')} onGrade={onGrade} />
      )}
      {grading && (
        <GradeStudentDialog
          cell={grading}
          onClose={() => setGrading(null)}
          onSaved={() => {
            refocus.current = grading;
            book.reload();
          }}
        />
      )}
    </section>
  );
}
