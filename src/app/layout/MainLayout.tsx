// The main shell: top bar with the program controls, the sidebar and the screen.
import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import Sidebar from '../sidebar/Sidebar.tsx';
import { sidebarAfterNavigation } from '../sidebar/sidebar-state.ts';
import AppFrame from './AppFrame.tsx';

export default function MainLayout() {
  const { key } = useLocation();
  // After each navigation: open on large screens, closed on small ones (spec core §2).
  useEffect(() => sidebarAfterNavigation(), [key]);
  return <AppFrame variant="main" sidebar={<Sidebar />} />;
}
