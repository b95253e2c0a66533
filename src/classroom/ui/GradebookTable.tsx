// Students × lessons. Each cell is the student's current submission: its state, and the
// grade once there is one; a cell with a submission opens it (/program/submission/{suuid});
// a not-started cell of a student in the class opens the grading dialog (`onGrade`).
// A graded cell tags where the grade came from (teacher, check, lab board, cable). A student
// no longer in the class keeps the row, tagged removed.
// A class of 40 × 30 is 1,200 cells: each cell is plain markup with its texts handed down
// (no hooks, no router component per cell), so the table renders in one cheap pass.
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import type { CellState, GradeSource } from '../../contract/grades.ts';
import type { CellView, GradebookView } from '../gradebook.ts';
import { formatPoints } from './format.ts';
import { gradebookCellKey } from './gradebook-cells.ts';

const ICON = {
  not_started: 'circle',
  submitted: 'send',
  graded: 'check2',
  complete: 'check2-all',
} as const;

interface CellTexts {
  state: Record<CellState, string>;
  late: string;
  hasNote: string;
  source: Record<GradeSource, string>;
  sourceTitle: string;
}

const Cell = memo(function Cell({
  cell,
  cellKey,
  maxPoints,
  label,
  texts,
  onGrade,
}: {
  cell: CellView;
  /** The student's e-mail and the lesson (`gradebookCellKey`): where focus can come back. */
  cellKey: string;
  maxPoints: number;
  label: string;
  texts: CellTexts;
  /** Grades the not-started cell (absent: it opens nothing). */
  onGrade: (() => void) | undefined;
}) {
  const text =
    cell.grade !== null ? `${formatPoints(cell.grade)} / ${maxPoints}` : texts.state[cell.state];
  const source = cell.grade !== null && cell.gradeSource ? texts.source[cell.gradeSource] : null;
  const body = (
    <>
      <i className={`bi bi-${ICON[cell.state]} me-1`} aria-hidden="true" />
      {text}
      {source && cell.gradeSource && (
        <span
          className="badge text-bg-light border fw-normal ms-1"
          data-testid="grade-source"
          data-source={cell.gradeSource}
          title={texts.sourceTitle}
        >
          {source}
        </span>
      )}
      {cell.late && <span className="badge text-bg-warning ms-1">{texts.late}</span>}
      {cell.hasNote && (
        <i className="bi bi-chat-left-text ms-1" role="img" aria-label={texts.hasNote} />
      )}
    </>
  );
  return (
    <td
      className="gradebook-cell"
      data-state={cell.state}
      data-testid="gradebook-cell"
      data-cell={cellKey}
    >
      {cell.suuid ? (
        <a
          href={`#/program/submission/${cell.suuid}`}
          className={`btn btn-sm ${cell.state === 'submitted' ? 'btn-outline-info' : 'btn-outline-secondary'}`}
          aria-label={`${label}: ${source ? `${text}, ${source}` : text}`}
        >
          {body}
        </a>
      ) : onGrade ? (
        <button
          type="button"
          className="btn btn-sm btn-link text-body-secondary text-decoration-none"
          aria-label={`${label}: ${text}`}
          aria-haspopup="dialog"
          onClick={onGrade}
        >
          {body}
        </button>
      ) : (
        <span className="text-body-secondary small px-2">{body}</span>
      )}
    </td>
  );
});

export default function GradebookTable({
  view,
  caption,
  onGrade,
}: {
  view: GradebookView;
  caption: string;
  /** Opens the grading dialog for a student in the class who has not started a lesson. */
  onGrade?: (email: string, luuid: string) => void;
}) {
  const { t } = useTranslation('classroom');
  const texts: CellTexts = {
    state: {
      not_started: t('state.not_started'),
      submitted: t('state.submitted'),
      graded: t('state.graded'),
      complete: t('state.complete'),
    },
    late: t('gradebook.late'),
    hasNote: t('gradebook.hasNote'),
    source: {
      teacher: t('gradebook.source.teacher'),
      check: t('gradebook.source.check'),
      lab: t('gradebook.source.lab'),
      cable: t('gradebook.source.cable'),
    },
    sourceTitle: t('gradebook.sourceTitle'),
  };
  return (
    // A wide class scrolls sideways: the region takes focus so the keyboard can scroll it.
    <div
      className="table-responsive gradebook"
      tabIndex={0}
      role="region"
      aria-label={t('gradebook.tableRegion')}
    >
      <table className="table table-sm table-bordered align-middle mb-0" data-testid="gradebook">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('gradebook.student')}</th>
            {view.lessons.map((l) => (
              <th scope="col" key={l.luuid} className="text-break">
                {l.name}
                <div className="small fw-normal text-body-secondary">
                  {t('overview.points', { points: l.maxPoints })}
                </div>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {view.rows.map((row) => (
            <tr
              key={row.email}
              data-testid="gradebook-row"
              data-removed={row.removed ? 'true' : undefined}
            >
              <th scope="row" className="fw-normal">
                <div className="text-break">
                  {row.name || row.email}
                  {row.removed && (
                    <span
                      className="badge text-bg-secondary fw-normal ms-1"
                      data-testid="student-removed"
                      title={t('gradebook.removedTitle')}
                    >
                      {t('gradebook.removed')}
                    </span>
                  )}
                </div>
                {row.name && (
                  <div className="small text-body-secondary text-break">{row.email}</div>
                )}
              </th>
              {row.cells.map((cell, i) => {
                const lesson = view.lessons[i];
                return (
                  <Cell
                    key={lesson?.luuid ?? i}
                    cell={cell}
                    cellKey={gradebookCellKey(row.email, lesson?.luuid ?? '')}
                    maxPoints={lesson?.maxPoints ?? 0}
                    label={`${row.name || row.email}, ${lesson?.name ?? ''}`}
                    texts={texts}
                    onGrade={
                      onGrade && lesson && !row.removed && cell.suuid === null
                        ? () => onGrade(row.email, lesson.luuid)
                        : undefined
                    }
                  />
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
