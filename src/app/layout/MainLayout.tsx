// The main shell: top bar with the program controls, the sidebar and the screen.
import { useEffect } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import TopNavbar from '../navbar/TopNavbar.tsx';
import Sidebar from '../sidebar/Sidebar.tsx';
import { sidebarAfterNavigation } from '../sidebar/sidebar-state.ts';
import VirtualBoardDock from '../../virtual-board/ui/VirtualBoardDock.tsx';

export default function MainLayout() {
  const { key } = useLocation();
  // After each navigation: open on large screens, closed on small ones (spec core §2).
  useEffect(() => sidebarAfterNavigation(), [key]);
  return (
    <div className="app-frame">
      <TopNavbar variant="main" />
      <div className="app-body">
        <Sidebar />
        <main className="app-main">
          <Outlet />
        </main>
        <VirtualBoardDock />
      </div>
    </div>
  );
}
