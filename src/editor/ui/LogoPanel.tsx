// The widget area beside the program: compile errors and, in blocks mode, the Logo the
// blocks generate, with line numbers. Its width follows the expand state (0 / 360 px / full).
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { program, WIDGET_WIDTHS, type ProgramMode } from '../../state/program.ts';
import { diagnostics } from '../program/diagnostics.ts';
import { textEditorHandle } from './text-editor-handle.ts';

export default function LogoPanel({ mode }: { mode: ProgramMode }) {
  const { t } = useTranslation('editor');
  const { expandState, logoCode } = useSnapshot(program);
  const { errors } = useSnapshot(diagnostics);
  const errorLines = new Set(errors.map((e) => e.line));
  const lines = logoCode.replace(/\n$/, '').split('\n');

  return (
    <aside
      className="logo-panel border-start bg-body-tertiary"
      style={{ width: WIDGET_WIDTHS[expandState] }}
      hidden={expandState === 0}
      aria-labelledby="logo-panel-title"
      data-testid="logo-panel"
      data-expand={expandState}
    >
      <h2 id="logo-panel-title" className="h6 px-3 pt-2 mb-1">
        {t('panel.title')}
      </h2>
      {errors.length > 0 && (
        <section className="px-3" aria-label={t('panel.errors')}>
          <ul className="list-unstyled small mb-2" data-testid="logo-errors">
            {errors.map((e, i) => (
              <li key={i} className="text-danger">
                <button
                  type="button"
                  className="btn btn-link btn-sm p-0 align-baseline text-danger fw-semibold"
                  onClick={() => textEditorHandle()?.goToLine(e.line)}
                >
                  {t('panel.line', { line: e.line })}
                </button>
                {': '}
                {e.message}
              </li>
            ))}
          </ul>
        </section>
      )}
      {mode === 'logo' && errors.length === 0 && (
        <p className="px-3 small text-body-secondary">{t('panel.textHint')}</p>
      )}
      {mode === 'blocks' &&
        (logoCode.trim() === '' ? (
          <p className="px-3 small text-body-secondary">{t('panel.empty')}</p>
        ) : (
          <pre className="logo-preview" aria-label={t('panel.label')} data-testid="logo-preview">
            <code>
              {lines.map((line, i) => (
                <span key={i} className={errorLines.has(i + 1) ? 'logo-line error' : 'logo-line'}>
                  {line}
                  {'\n'}
                </span>
              ))}
            </code>
          </pre>
        ))}
    </aside>
  );
}
