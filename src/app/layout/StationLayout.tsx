// The lab station page: the lab top bar without the board button, because the station owns
// this tab's board (the app's own connection would take the USB board from it).
import { Outlet } from 'react-router-dom';
import TopNavbar from '../navbar/TopNavbar.tsx';
import { MAIN_ID } from './SkipLink.tsx';

export default function StationLayout() {
  return (
    <div className="app-frame">
      <TopNavbar variant="station" />
      <main id={MAIN_ID} className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
