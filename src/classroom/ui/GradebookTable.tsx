// Students × lessons. Each cell is the student's current submission: its state, and the
// grade once there is one; a cell with a submission opens it (/program/submission/{suuid}).
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { CellView, GradebookView } from '../gradebook.ts';
import { formatPoints } from './format.ts';

const ICON = {
  not_started: 'circle',
  submitted: 'send',
  graded: 'check2',
  complete: 'check2-all',
} as const;

const Cell = memo(function Cell({
  cell,
  maxPoints,
  label,
}: {
  cell: CellView;
  maxPoints: number;
  label: string;
}) {
  const { t } = useTranslation('classroom');
  const text =
    cell.grade !== null ? `${formatPoints(cell.grade)} / ${maxPoints}` : t(`state.${cell.state}`);
  const body = (
    <>
      <i className={`bi bi-${ICON[cell.state]} me-1`} aria-hidden="true" />
      {text}
      {cell.late && <span className="badge text-bg-warning ms-1">{t('gradebook.late')}</span>}
      {cell.hasNote && (
        <i className="bi bi-chat-left-text ms-1" aria-label={t('gradebook.hasNote')} />
      )}
    </>
  );
  return (
    <td className="gradebook-cell" data-state={cell.state} data-testid="gradebook-cell">
      {cell.suuid ? (
        <Link
          to={`/program/submission/${cell.suuid}`}
          className={`btn btn-sm ${cell.state === 'submitted' ? 'btn-outline-info' : 'btn-outline-secondary'}`}
          aria-label={`${label}: ${text}`}
        >
          {body}
        </Link>
      ) : (
        <span className="text-body-secondary small px-2">{body}</span>
      )}
    </td>
  );
});

export default function GradebookTable({
  view,
  caption,
}: {
  view: GradebookView;
  caption: string;
}) {
  const { t } = useTranslation('classroom');
  return (
    <div className="table-responsive gradebook">
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
            <tr key={row.email} data-testid="gradebook-row">
              <th scope="row" className="fw-normal">
                <div className="text-break">{row.name || row.email}</div>
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
                    maxPoints={lesson?.maxPoints ?? 0}
                    label={`${row.name || row.email}, ${lesson?.name ?? ''}`}
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
