// The widget area beside the program: compile errors and, in blocks mode, the Logo the
// blocks generate, with line numbers; panes of other features (a lesson, a submission's
// grade) as tabs beside it (widget-panes.ts). Its width follows the expand state
// (0 / 360 px / full).
import { Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { diagnostics, program, type ProgramMode } from '../../program/index.ts';
import { incompleteNotice, showFirstIncompleteBlock } from './incomplete-notice.ts';
import { textEditorHandle } from './text-editor-handle.ts';
import {
  LOGO_PANE,
  selectWidgetPane,
  WIDGET_WIDTHS,
  widgetArea,
  widgetPane,
} from '../../shell/widget-panes.ts';

function PaneTabs({ shown, active }: { shown: readonly string[]; active: string }) {
  const { t } = useTranslation('editor');
  const tabs = [LOGO_PANE, ...shown];
  return (
    <div className="nav nav-tabs px-2 pt-1 widget-tabs" role="tablist" aria-label={t('panel.tabs')}>
      {tabs.map((id) => (
        <button
          key={id}
          type="button"
          role="tab"
          id={`widget-tab-${id}`}
          aria-selected={id === active}
          aria-controls="widget-pane"
          className={`nav-link py-1 px-2 small${id === active ? ' active' : ''}`}
          onClick={() => selectWidgetPane(id)}
        >
          {id === LOGO_PANE ? t('panel.title') : (widgetPane(id)?.label() ?? id)}
        </button>
      ))}
    </div>
  );
}

export default function LogoPanel({ mode }: { mode: ProgramMode }) {
  const { t } = useTranslation('editor');
  const { shown, active, expand: expandState } = useSnapshot(widgetArea);
  const pane = active === LOGO_PANE ? undefined : widgetPane(active);
  const tabbed = shown.length > 0;

  return (
    <aside
      className="logo-panel border-start bg-body-tertiary"
      style={{ width: WIDGET_WIDTHS[expandState] }}
      hidden={expandState === 0}
      aria-labelledby={tabbed ? `widget-tab-${pane ? active : LOGO_PANE}` : 'logo-panel-title'}
      data-testid="logo-panel"
      data-expand={expandState}
      data-toast-floor
    >
      {tabbed && <PaneTabs shown={shown} active={pane ? active : LOGO_PANE} />}
      <div id="widget-pane" role={tabbed ? 'tabpanel' : undefined}>
        {pane ? (
          <Suspense fallback={<p className="px-3 pt-2 small">{t('common:loading')}</p>}>
            <pane.Component />
          </Suspense>
        ) : (
          <LogoPane mode={mode} tabbed={tabbed} />
        )}
      </div>
    </aside>
  );
}

/** The Logo pane: compile errors and the generated Logo. */
function LogoPane({ mode, tabbed }: { mode: ProgramMode; tabbed: boolean }) {
  const { t } = useTranslation('editor');
  const { logoCode } = useSnapshot(program);
  const { errors } = useSnapshot(diagnostics);
  const { count: incomplete } = useSnapshot(incompleteNotice);
  const errorLines = new Set(errors.map((e) => e.line));
  const lines = logoCode.replace(/\n$/, '').split('\n');

  return (
    <>
      <h2 id="logo-panel-title" className={tabbed ? 'visually-hidden' : 'h6 px-3 pt-2 mb-1'}>
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
                  onClick={() => textEditorHandle()?.goToLine(e.line, e.range)}
                >
                  {t('panel.line', { line: e.line })}
                </button>
                {': '}
                {e.message}
                {e.note && <span className="d-block text-body-secondary">{e.note}</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {mode === 'logo' && errors.length === 0 && (
        <p className="px-3 small text-body-secondary">{t('panel.textHint')}</p>
      )}
      {mode === 'blocks' && incomplete > 0 && (
        <p className="px-3 small text-warning-emphasis" role="status" data-testid="logo-incomplete">
          {t('incomplete.notice', { count: incomplete })}{' '}
          <button
            type="button"
            className="btn btn-link btn-sm p-0 align-baseline"
            onClick={showFirstIncompleteBlock}
          >
            {t('incomplete.show')}
          </button>
        </p>
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
    </>
  );
}
