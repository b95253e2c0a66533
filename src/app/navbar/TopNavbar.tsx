// The top bar. The main shell shows the program controls (sidebar toggle, hamburger menu,
// project name, share); lab screens show only the brand and the menus. Offline mode hides
// share, labs and reference, and shows the offline badge. The lab station page has no board
// button (its station owns the tab's board). On a phone the bar has two rows: the project's
// controls, then the board and the menus (shell.css); the order in the page is the order on
// screen, so the keyboard goes through them as they are seen.
import { useSnapshot } from 'valtio';
import ConnectButton from './ConnectButton.tsx';
import MessagesMenu from '../../messages/ui/MessagesMenu.tsx';
import { checkConnection } from '../../offline/runtime.ts';
import OfflineBadge from '../../offline/ui/OfflineBadge.tsx';
import { ui } from '../../state/ui.ts';
import VirtualBoardToggle from '../../virtual-board/ui/VirtualBoardToggle.tsx';
import SidebarToggle from '../sidebar/SidebarToggle.tsx';
import Brand from './Brand.tsx';
import HamburgerMenu from './HamburgerMenu.tsx';
import LabsMenu from './LabsMenu.tsx';
import LanguageMenu from './LanguageMenu.tsx';
import ProfileMenu from './ProfileMenu.tsx';
import ProjectNameField from './ProjectNameField.tsx';
import ReferenceMenu from './ReferenceMenu.tsx';
import ShareButton from './ShareButton.tsx';

export default function TopNavbar({ variant }: { variant: 'main' | 'lab' | 'station' }) {
  const { offline } = useSnapshot(ui);
  const main = variant === 'main';
  return (
    <header className="app-navbar navbar bg-body-tertiary border-bottom px-2 gap-1">
      {main && <SidebarToggle />}
      <Brand />
      {main && <HamburgerMenu />}
      {main && <ProjectNameField />}
      {main && !offline && <ShareButton />}
      <div className="app-navbar-actions ms-auto d-flex align-items-center flex-nowrap gap-1">
        <OfflineBadge onRetry={() => void checkConnection()} />
        {variant !== 'station' && (
          <>
            <ConnectButton />
            {/* Beside it, while the virtual board is in use, its panel's switch. */}
            <VirtualBoardToggle />
          </>
        )}
        <div className="app-navbar-menus d-flex align-items-center flex-nowrap gap-1">
          {!offline && <LabsMenu />}
          {!offline && <ReferenceMenu />}
          <MessagesMenu />
          <LanguageMenu />
          <ProfileMenu />
        </div>
      </div>
    </header>
  );
}
