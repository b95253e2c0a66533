import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { ui } from '../../state/ui.ts';
import { SIDEBAR_ID, toggleSidebar } from './sidebar-state.ts';

export default function SidebarToggle() {
  const { t } = useTranslation('shell');
  const { sidebarOpen } = useSnapshot(ui);
  return (
    <button
      type="button"
      className="btn btn-link text-body px-2"
      aria-label={t('sidebar.toggle')}
      aria-expanded={sidebarOpen}
      aria-controls={SIDEBAR_ID}
      onClick={toggleSidebar}
    >
      <i className="bi bi-layout-sidebar" aria-hidden="true" />
    </button>
  );
}
