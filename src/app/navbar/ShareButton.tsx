// Share: saves in share mode (the project feature registers the action) and, when a project
// is open, an info icon that links to its project page.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { program } from '../../program/index.ts';
import { runAction } from '../../shell/actions.ts';
import IconButton from '../../ui/icon-button/IconButton.tsx';
import Tooltip from '../../ui/tooltip/Tooltip.tsx';

export default function ShareButton() {
  const { t } = useTranslation('shell');
  const { currentProjectId } = useSnapshot(program);
  return (
    <div className="d-flex align-items-center">
      <IconButton
        icon="share"
        className="btn btn-sm btn-outline-primary"
        onClick={() => void runAction('share')}
      >
        <span className="label-from-md">{t('share.button')}</span>
      </IconButton>
      {currentProjectId && (
        <Tooltip text={t('share.projectPage')}>
          <Link
            to={`/project/${encodeURIComponent(currentProjectId)}`}
            className="btn btn-sm btn-link text-body"
            aria-label={t('share.projectPage')}
          >
            <i className="bi bi-info-circle" aria-hidden="true" />
          </Link>
        </Tooltip>
      )}
    </div>
  );
}
