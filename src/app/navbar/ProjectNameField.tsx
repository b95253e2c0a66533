// The project name in the top bar: editable (marks the program changed) with a save icon
// when saving is possible; in extension-edit mode a read-only name with a save-extension
// icon (spec core §2, §5). Enter in the name saves like the icon; while a save is on its
// way the icon turns into a spinner (the first cloud save can take seconds). Once saved, and
// until the next change, a link says where the project went (My Projects), also to screen
// readers (a live region).
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connection } from '../../device/connection-store.ts';
import { program, PROJECT_NAME_MAX, setProjectName } from '../../program/index.ts';
import { session } from '../../state/session.ts';
import { ui } from '../../state/ui.ts';
import { runAction } from '../../shell/actions.ts';
import { menuContext, showNameSaveIcon } from '../menu-visibility.ts';
import Spinner from '../../ui/busy/Spinner.tsx';
import Tooltip from '../../ui/tooltip/Tooltip.tsx';

export default function ProjectNameField() {
  const { t } = useTranslation('shell');
  // sync: the input is controlled, and an async snapshot would move the caret.
  const p = useSnapshot(program, { sync: true });
  const ctx = menuContext(useSnapshot(session), p, useSnapshot(connection));

  const canSave = showNameSaveIcon(ctx);
  const { savedProject } = useSnapshot(ui);
  const saved =
    savedProject !== null &&
    savedProject === p.currentProjectId &&
    !p.hasChanged &&
    !p.saving &&
    !canSave;

  if (p.extensionEditMode) {
    return (
      <div className="d-flex align-items-center project-name min-w-0">
        <span className="text-truncate fw-semibold" data-testid="extension-name">
          {p.currentProject?.name || p.toSaveProject.name}
        </span>
        <Tooltip text={t('projectName.saveExtension')}>
          <button
            type="button"
            className="btn btn-sm btn-link"
            aria-label={t('projectName.saveExtension')}
            onClick={() => void runAction('saveExtension')}
          >
            <i className="bi bi-save" aria-hidden="true" />
          </button>
        </Tooltip>
      </div>
    );
  }

  return (
    <div className="input-group input-group-sm project-name min-w-0">
      <input
        className="form-control"
        type="text"
        aria-label={t('projectName.label')}
        placeholder={t('projectName.placeholder')}
        value={p.toSaveProject.name}
        maxLength={PROJECT_NAME_MAX}
        disabled={!ctx.editable}
        onChange={(e) => setProjectName(e.target.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter' || e.nativeEvent.isComposing || !canSave) return;
          e.preventDefault();
          void runAction('save');
        }}
      />
      {canSave && (
        <Tooltip text={t(p.saving ? 'projectName.saving' : 'projectName.save')}>
          <button
            type="button"
            className="btn btn-outline-primary"
            aria-label={t(p.saving ? 'projectName.saving' : 'projectName.save')}
            aria-busy={p.saving}
            disabled={p.saving}
            onClick={() => void runAction('save')}
          >
            {p.saving ? <Spinner /> : <i className="bi bi-floppy" aria-hidden="true" />}
          </button>
        </Tooltip>
      )}
      <span role="status" className="d-flex">
        {saved && (
          <Link
            to="/remix/my-projects"
            className="btn btn-outline-success btn-sm rounded-start-0 text-nowrap"
            aria-label={t('projectName.savedInOpen')}
            title={t('projectName.savedInOpen')}
            data-testid="project-saved"
          >
            <i className="bi bi-cloud-check" aria-hidden="true" />
            <span className="ms-1">{t('projectName.savedIn')}</span>
          </Link>
        )}
      </span>
    </div>
  );
}
