// The main shell's sidebar: the board panels (GoGo Board, Raspberry Pi) and the program.
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ui } from '../../state/ui.ts';
import { SIDEBAR_ID } from './sidebar-state.ts';
import SidebarGroup from './SidebarGroup.tsx';
import SidebarLink from './SidebarLink.tsx';

export default function Sidebar() {
  const { t } = useTranslation('shell');
  const { sidebarOpen } = useSnapshot(ui);
  return (
    <nav
      id={SIDEBAR_ID}
      className="app-sidebar border-end bg-body-tertiary"
      aria-label={t('sidebar.label')}
      hidden={!sidebarOpen}
    >
      <ul className="nav flex-column py-2">
        <SidebarGroup
          id="boards"
          icon="cpu"
          label={t('sidebar.boards')}
          links={[
            { to: '/gogoboard', icon: 'motherboard', label: t('sidebar.gogoboard') },
            { to: '/raspberry', icon: 'pc-display', label: t('sidebar.raspberry') },
          ]}
        />
        <SidebarLink to="/program" icon="puzzle" label={t('sidebar.program')} />
      </ul>
    </nav>
  );
}
