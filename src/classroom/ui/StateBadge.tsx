// A lesson's state for a student: not started, submitted, graded, complete.
import { useTranslation } from 'react-i18next';
import type { CellState } from '../../contract/grades.ts';

const LOOK: Record<CellState, { cls: string; icon: string }> = {
  not_started: { cls: 'text-bg-light border', icon: 'circle' },
  submitted: { cls: 'text-bg-info', icon: 'send' },
  graded: { cls: 'text-bg-primary', icon: 'check2' },
  complete: { cls: 'text-bg-success', icon: 'check2-all' },
};

export default function StateBadge({ state }: { state: CellState }) {
  const { t } = useTranslation('classroom');
  const look = LOOK[state];
  return (
    <span className={`badge ${look.cls}`} data-testid="state-badge" data-state={state}>
      <i className={`bi bi-${look.icon} me-1`} aria-hidden="true" />
      {t(`state.${state}`)}
    </span>
  );
}
