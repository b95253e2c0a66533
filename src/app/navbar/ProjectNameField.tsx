// The project name in the top bar: editable (marks the program changed) with a save icon
// when saving is possible; in extension-edit mode a read-only name with a save-extension
// icon (spec core §2, §5).
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { connection } from '../../state/connection.ts';
import { program, PROJECT_NAME_MAX, setProjectName } from '../../state/program.ts';
import { session } from '../../state/session.ts';
import { runAction } from '../actions.ts';
import { menuContext, showNameSaveIcon } from '../menu-visibility.ts';

export default function ProjectNameField() {
  const { t } = useTranslation('shell');
  // sync: the input is controlled, and an async snapshot would move the caret.
  const p = useSnapshot(program, { sync: true });
  const ctx = menuContext(useSnapshot(session), p, useSnapshot(connection));

  if (p.extensionEditMode) {
    return (
      <div className="d-flex align-items-center project-name min-w-0">
        <span className="text-truncate fw-semibold" data-testid="extension-name">
          {p.currentProject?.name || p.toSaveProject.name}
        </span>
        <button
          type="button"
          className="btn btn-sm btn-link"
          aria-label={t('projectName.saveExtension')}
          title={t('projectName.saveExtension')}
          onClick={() => void runAction('saveExtension')}
        >
          <i className="bi bi-save" aria-hidden="true" />
        </button>
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
      />
      {showNameSaveIcon(ctx) && (
        <button
          type="button"
          className="btn btn-outline-primary"
          aria-label={t('projectName.save')}
          title={t('projectName.save')}
          onClick={() => void runAction('save')}
        >
          <i className="bi bi-floppy" aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
