// Lab and sharing screens (data log, classroom, remix, viewers): top bar without the
// program controls; the virtual board's column when it is in use.
import { Outlet } from 'react-router-dom';
import TopNavbar from '../navbar/TopNavbar.tsx';
import VirtualBoardDock from '../../virtual-board/ui/VirtualBoardDock.tsx';

export default function LabLayout() {
  return (
    <div className="app-frame">
      <TopNavbar variant="lab" />
      <div className="app-body">
        <main className="app-main">
          <Outlet />
        </main>
        <VirtualBoardDock />
      </div>
    </div>
  );
}
