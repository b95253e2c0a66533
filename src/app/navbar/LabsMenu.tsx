// Labs: the cloud data log opens in a new tab (spec core §2); the labs that use the board
// (its data log, the live plot, Teachable Machine) open in this tab, where the board is connected (a board
// connection belongs to the tab that made it). The web UI's dashboards open here too (a
// deployment may point the item at the old external site instead); classroom and remix too.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { isLoggedIn, session } from '../../state/session.ts';
import { appRouteHref, WEB_UI_EXTERNAL, WEB_UI_URL } from '../../shell/links.ts';
import MenuItem, { NavMenu } from './MenuItem.tsx';

export default function LabsMenu() {
  const { t } = useTranslation(['shell', 'screens']);
  const newTab = { target: '_blank', rel: 'noopener' } as const;
  const signedIn = isLoggedIn(useSnapshot(session));
  return (
    <NavMenu icon="flask" label={t('labs.menu')}>
      <MenuItem
        icon="graph-up"
        href={appRouteHref('/datalog')}
        {...newTab}
        label={t('labs.datalog')}
      />
      <MenuItem icon="device-ssd" to="/datalog/offline" label={t('screens:datalogOffline.title')} />
      <MenuItem icon="activity" to="/datalog/plotban" label={t('screens:plotban.title')} />
      {WEB_UI_EXTERNAL ? (
        <MenuItem
          icon="grid"
          href={WEB_UI_URL}
          target="_blank"
          rel="noopener noreferrer"
          label={t('labs.webUi')}
        />
      ) : (
        <MenuItem icon="grid" to="/webui" label={t('labs.webUi')} />
      )}
      <MenuItem icon="camera-video" to="/teachable-machine" label={t('labs.teachableMachine')} />
      <MenuItem icon="mortarboard" to="/classroom" label={t('labs.classroom')} />
      <MenuItem icon="shuffle" to="/remix" label={t('labs.remix')} />
      <MenuItem icon="broadcast" to="/remote-lab" label={t('labs.remoteLab')} />
      {signedIn && (
        // Teachers (and anyone sharing a board) run a station for their lab boards here.
        <MenuItem
          icon="pc-display"
          to="/lab-station"
          data-testid="labs-station"
          label={t('labs.labStation')}
        />
      )}
    </NavMenu>
  );
}
