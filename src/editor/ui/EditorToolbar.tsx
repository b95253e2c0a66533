// The editor's toolbar: Blocks/Logo switch, Download, Run, Stop, and the Logo panel's
// show/hide and width buttons.
import type { ButtonHTMLAttributes } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { runAction } from '../../shell/actions.ts';
import { downloadStatus } from '../../download/index.ts';
import { DownloadProgressBar, DownloadSettingsMenu } from '../../download/ui.ts';
import { flushWorkspace, type ProgramMode } from '../../program/index.ts';
import {
  contractWidget,
  expandWidget,
  setWidgetVisible,
  widgetArea,
} from '../../shell/widget-panes.ts';
import { openKeyboardHelp } from './keyboard-help.ts';
import Tooltip from '../../ui/tooltip/Tooltip.tsx';

interface EditorToolbarProps {
  mode: ProgramMode;
  /** Offer the Extensions screen (where blocks can be edited). */
  extensions?: boolean;
  /** The Blocks/Logo switch and Logo panel are offered. */
  logo: boolean;
  /** Offer the list of keys for building blocks by keyboard. */
  keyboardHelp?: boolean;
  onMode: (mode: ProgramMode) => void;
}

function ModeButton({
  active,
  icon,
  label,
  onClick,
}: {
  active: boolean;
  icon: string;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn ${active ? 'btn-primary' : 'btn-outline-primary'}`}
      aria-pressed={active}
      onClick={onClick}
    >
      <i className={`bi bi-${icon} me-1`} aria-hidden="true" />
      <span className="label-from-sm">{label}</span>
    </button>
  );
}

export default function EditorToolbar({
  mode,
  logo,
  onMode,
  extensions = false,
  keyboardHelp = false,
}: EditorToolbarProps) {
  const { t } = useTranslation('editor');
  const { visible: widgetVisible, expand: expandState } = useSnapshot(widgetArea);
  // After a download that did not start the program, Run stands out until pressed.
  const { awaitingRun } = useSnapshot(downloadStatus);

  const download = () => {
    flushWorkspace();
    void runAction('download');
  };

  return (
    <div
      className="editor-toolbar d-flex flex-wrap align-items-center gap-2 px-2 py-1 border-bottom"
      role="toolbar"
      aria-label={t('toolbar.label')}
    >
      {logo && (
        <div className="btn-group btn-group-sm" role="group" aria-label={t('toolbar.mode')}>
          <ModeButton
            active={mode === 'blocks'}
            icon="puzzle"
            label={t('toolbar.blocks')}
            onClick={() => onMode('blocks')}
          />
          <ModeButton
            active={mode === 'logo'}
            icon="code-slash"
            label={t('toolbar.logo')}
            onClick={() => onMode('logo')}
          />
        </div>
      )}
      {extensions && (
        <Link
          className="btn btn-sm btn-outline-primary"
          to="/extensions"
          data-testid="extensions-link"
        >
          <i className="bi bi-boxes me-1" aria-hidden="true" />
          {t('toolbar.extensions')}
        </Link>
      )}
      {keyboardHelp && (
        <Tooltip text={t('keyboard.title')}>
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            aria-label={t('keyboard.title')}
            data-testid="keyboard-help-button"
            onClick={openKeyboardHelp}
          >
            <i className="bi bi-keyboard" aria-hidden="true" />
          </button>
        </Tooltip>
      )}
      <div className="d-flex align-items-center gap-2 ms-auto">
        <DownloadProgressBar />
        <div className="btn-group">
          <Tooltip text={t('toolbar.downloadTip')}>
            <button type="button" className="btn btn-sm btn-success" onClick={download}>
              <i className="bi bi-download me-1" aria-hidden="true" />
              {t('toolbar.download')}
            </button>
          </Tooltip>
          <DownloadSettingsMenu />
        </div>
        <Tooltip text={t('toolbar.runTip')}>
          <button
            type="button"
            className={`btn btn-sm ${awaitingRun ? 'btn-success run-prompt' : 'btn-outline-success'}`}
            data-awaiting-run={awaitingRun}
            onClick={() => void runAction('runProgram')}
          >
            <i className="bi bi-play-fill me-1" aria-hidden="true" />
            <span className="label-from-sm">{t('toolbar.run')}</span>
          </button>
        </Tooltip>
        <Tooltip text={t('toolbar.stopTip')}>
          <button
            type="button"
            className="btn btn-sm btn-outline-danger"
            onClick={() => void runAction('stopProgram')}
          >
            <i className="bi bi-stop-fill me-1" aria-hidden="true" />
            <span className="label-from-sm">{t('toolbar.stop')}</span>
          </button>
        </Tooltip>
      </div>
      {logo && (
        <div className="btn-group btn-group-sm" role="group">
          <PanelButton
            icon="layout-sidebar-reverse"
            label={t(widgetVisible ? 'toolbar.hidePanel' : 'toolbar.showPanel')}
            aria-pressed={widgetVisible}
            onClick={() => setWidgetVisible(!widgetVisible)}
          />
          <PanelButton
            icon="chevron-bar-right"
            label={t('toolbar.narrow')}
            disabled={!widgetVisible || expandState === 0}
            onClick={contractWidget}
          />
          <PanelButton
            icon="chevron-bar-left"
            label={t('toolbar.widen')}
            disabled={!widgetVisible || expandState === 2}
            onClick={expandWidget}
          />
        </div>
      )}
    </div>
  );
}

/** An icon-only button of the widget panel's group, named by its label (also its tooltip). */
function PanelButton({
  icon,
  label,
  ...rest
}: { icon: string; label: string } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <Tooltip text={label}>
      <button type="button" className="btn btn-outline-secondary" aria-label={label} {...rest}>
        <i className={`bi bi-${icon}`} aria-hidden="true" />
      </button>
    </Tooltip>
  );
}
