// Whether a student's program compiles, or its first error.
import { useTranslation } from 'react-i18next';
import type { LiveProgram } from '../deltas.ts';

export default function CompileLine({ program }: { program: LiveProgram }) {
  const { t } = useTranslation('classroom');
  const c = program.compile;
  if (!c) return null;
  if (c.ok) {
    return (
      <p className="small text-success mb-1" data-testid="live-compiles">
        <i className="bi bi-check-circle me-1" aria-hidden="true" />
        {t('live.compiles')}
      </p>
    );
  }
  return (
    <p className="small text-danger mb-1 text-break" data-testid="live-compile-error">
      <i className="bi bi-x-circle me-1" aria-hidden="true" />
      {c.error && c.error.line > 0
        ? t('live.error', { line: c.error.line, message: c.error.message })
        : t('live.errorNoLine', { message: c.error?.message ?? '' })}
    </p>
  );
}
