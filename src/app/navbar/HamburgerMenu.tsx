// The hamburger (project) menu. Which items show is decided by hamburgerItems(); each item
// runs a registered shell action, except My Projects, which is a link. A board item that
// does not apply to the connected board is shown disabled with the reason under its name:
// still focusable (aria-disabled), so keyboard and screen reader users hear the reason too.
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { connection } from '../../device/connection-store.ts';
import { program } from '../../program/index.ts';
import { session } from '../../state/session.ts';
import { runAction } from '../../shell/actions.ts';
import {
  hamburgerItems,
  menuContext,
  unavailableReason,
  type MenuItem,
} from '../menu-visibility.ts';

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
  const context = menuContext(useSnapshot(session), useSnapshot(program), useSnapshot(connection));
  const items = hamburgerItems(context);
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
          const reason =
            item === 'extractCode' || item === 'updateFirmware'
              ? unavailableReason(item, context)
              : null;
          if (reason) {
            // Not a Dropdown.Item, which would drop aria-disabled; the data attribute keeps it
            // in the menu's arrow-key order. Choosing it does nothing.
            return (
              <button
                key={item}
                type="button"
                className="dropdown-item menu-item-unavailable"
                aria-disabled="true"
                data-rr-ui-dropdown-item=""
                data-testid={`menu-${item}`}
              >
                <span className="text-body-secondary">{content}</span>
                <span className="d-block small text-body-secondary menu-item-reason">
                  {t(`menu.unavailable.${reason}`)}
                </span>
              </button>
            );
          }
          return item === 'myProjects' ? (
            <Dropdown.Item key={item} as={Link} to="/remix/my-projects">
              {content}
            </Dropdown.Item>
          ) : (
            <Dropdown.Item
              key={item}
              as="button"
              onClick={() => void runAction(item)}
              data-testid={`menu-${item}`}
            >
              {content}
            </Dropdown.Item>
          );
        })}
      </Dropdown.Menu>
    </Dropdown>
  );
}
