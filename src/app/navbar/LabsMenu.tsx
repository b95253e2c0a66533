// Labs: the cloud data log opens in a new tab (spec core §2); the labs that use the board
// (its data log, the live plot, Teachable Machine) open in this tab, where the board is connected (a board
// connection belongs to the tab that made it). The web UI is an external page; classroom
// and remix open here.
import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isLoggedIn, session } from '../../state/session.ts';
import { appRouteHref, WEB_UI_URL } from '../links.ts';

export default function LabsMenu() {
  const { t } = useTranslation(['shell', 'screens']);
  const newTab = { target: '_blank', rel: 'noopener' } as const;
  const signedIn = isLoggedIn(useSnapshot(session));
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="text-body text-decoration-none">
        <i className="bi bi-flask me-1" aria-hidden="true" />
        <span className="label-from-lg">{t('labs.menu')}</span>
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item href={appRouteHref('/datalog')} {...newTab}>
          <i className="bi bi-graph-up me-2" aria-hidden="true" />
          {t('labs.datalog')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/datalog/offline">
          <i className="bi bi-device-ssd me-2" aria-hidden="true" />
          {t('screens:datalogOffline.title')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/datalog/plotban">
          <i className="bi bi-activity me-2" aria-hidden="true" />
          {t('screens:plotban.title')}
        </Dropdown.Item>
        <Dropdown.Item href={WEB_UI_URL} target="_blank" rel="noopener noreferrer">
          <i className="bi bi-grid me-2" aria-hidden="true" />
          {t('labs.webUi')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/teachable-machine">
          <i className="bi bi-camera-video me-2" aria-hidden="true" />
          {t('labs.teachableMachine')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/classroom">
          <i className="bi bi-mortarboard me-2" aria-hidden="true" />
          {t('labs.classroom')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/remix">
          <i className="bi bi-shuffle me-2" aria-hidden="true" />
          {t('labs.remix')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/remote-lab">
          <i className="bi bi-broadcast me-2" aria-hidden="true" />
          {t('labs.remoteLab')}
        </Dropdown.Item>
        {signedIn && (
          // Teachers (and anyone sharing a board) run a station for their lab boards here.
          <Dropdown.Item as={Link} to="/lab-station" data-testid="labs-station">
            <i className="bi bi-pc-display me-2" aria-hidden="true" />
            {t('labs.labStation')}
          </Dropdown.Item>
        )}
      </Dropdown.Menu>
    </Dropdown>
  );
}
