// Sign-in and sign-out screens: the brand and the language choice only.
import { Outlet } from 'react-router-dom';
import Brand from '../navbar/Brand.tsx';
import LanguageMenu from '../navbar/LanguageMenu.tsx';
import { MAIN_ID } from './SkipLink.tsx';

export default function BareLayout() {
  return (
    <div className="app-frame">
      <header className="app-navbar navbar bg-body-tertiary border-bottom px-2">
        <Brand />
        <div className="ms-auto">
          <LanguageMenu />
        </div>
      </header>
      <main id={MAIN_ID} className="app-main">
        <Outlet />
      </main>
    </div>
  );
}
