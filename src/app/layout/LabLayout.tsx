// Lab and sharing screens (data log, classroom, remix, viewers): top bar without the
// program controls.
import { Outlet } from 'react-router-dom';
import TopNavbar from '../navbar/TopNavbar.tsx';

export default function LabLayout() {
  return (
    <div className="app-frame">
      <TopNavbar variant="lab" />
      <main className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
