// The hamburger (project) menu. Which items show is decided by hamburgerItems(); each item
// runs a registered shell action, except My Projects, which is a link.
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connection } from '../../device/connection-store.ts';
import { program } from '../../program/index.ts';
import { session } from '../../state/session.ts';
import { runAction } from '../../shell/actions.ts';
import { hamburgerItems, menuContext, type MenuItem } from '../menu-visibility.ts';

const ICONS: Record<MenuItem, string> = {
  newProject: 'file-earmark-plus',
  save: 'floppy',
  saveAsCopy: 'files',
  myProjects: 'folder2-open',
  openFromFile: 'box-arrow-in-down',
  importFromFile: 'upload',
  saveAsFile: 'download',
  extractCode: 'code-slash',
  updateFirmware: 'lightning-charge',
  publishExtension: 'boxes',
  saveExtension: 'save',
  cancelExtension: 'x-circle',
};

export default function HamburgerMenu() {
  const { t } = useTranslation('shell');
  const items = hamburgerItems(
    menuContext(useSnapshot(session), useSnapshot(program), useSnapshot(connection)),
  );
  return (
    <Dropdown>
      <Dropdown.Toggle
        variant="link"
        className="text-body px-2 no-caret"
        aria-label={t('menu.label')}
        data-testid="hamburger-menu"
      >
        <i className="bi bi-list fs-5" aria-hidden="true" />
      </Dropdown.Toggle>
      <Dropdown.Menu data-testid="hamburger-items">
        {items.map((item) => {
          const content = (
            <>
              <i className={`bi bi-${ICONS[item]} me-2`} aria-hidden="true" />
              {t(`menu.items.${item}`)}
            </>
          );
          return item === 'myProjects' ? (
            <Dropdown.Item key={item} as={Link} to="/remix/my-projects">
              {content}
            </Dropdown.Item>
          ) : (
            <Dropdown.Item key={item} as="button" onClick={() => void runAction(item)}>
              {content}
            </Dropdown.Item>
          );
        })}
      </Dropdown.Menu>
    </Dropdown>
  );
}
