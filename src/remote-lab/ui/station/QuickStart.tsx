// A teacher's first lab station, step by step: what to run, which GoGo ID and pin to give
// the board, and how students reach it. Open by itself until the teacher has a lab; a
// native disclosure, so the keyboard opens and closes it.
import { useTranslation } from 'react-i18next';

const STEPS = ['board', 'lab', 'run', 'students', 'cli'] as const;

export function QuickStart({ open }: { open: boolean }) {
  const { t } = useTranslation('remotelab');
  return (
    <details className="card mb-3" open={open} data-testid="station-quick-start">
      <summary className="card-header fw-semibold">{t('quickStart.title')}</summary>
      <ol className="card-body mb-0">
        {STEPS.map((step) => (
          <li key={step} className="mb-2">
            <strong>{t(`quickStart.${step}Title`)}</strong> {t(`quickStart.${step}`)}
          </li>
        ))}
      </ol>
    </details>
  );
}
