// The frame both app layouts share: the top bar, then the screen between an optional
// sidebar and the virtual board's column (shown when it is in use).
import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import TopNavbar from '../navbar/TopNavbar.tsx';
import StudentLiveLayer from '../../classroom/live/ui/StudentLiveLayer.tsx';
import VirtualBoardDock from '../../virtual-board/ui/VirtualBoardDock.tsx';
import { MAIN_ID } from './SkipLink.tsx';

export default function AppFrame({
  variant,
  sidebar,
}: {
  variant: 'main' | 'lab';
  sidebar?: ReactNode;
}) {
  return (
    <div className="app-frame">
      <TopNavbar variant={variant} />
      <div className="app-body">
        {sidebar}
        <main id={MAIN_ID} className="app-main">
          <Outlet />
        </main>
        <VirtualBoardDock />
      </div>
      <StudentLiveLayer />
    </div>
  );
}
