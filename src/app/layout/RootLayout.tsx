// Everything every screen shares: the skip link, the loading bar, toasts, dialogs and the
// leave warning.
import { useEffect, useRef } from 'react';
import { Outlet, useLocation } from 'react-router-dom';
import { rememberPath } from '../../state/session.ts';
import CloudRecordSlot from '../../datalog/cloud/ui/CloudRecordSlot.tsx';
import UpdateNotice from '../../offline/ui/UpdateNotice.tsx';
import { routeChanged } from '../../shell/route-change.ts';
import ConfirmSlot from '../../shell/ui/ConfirmSlot.tsx';
import ShellModals from '../modals/ShellModals.tsx';
import Toasts from '../toasts/Toasts.tsx';
import LoadingBar from './LoadingBar.tsx';
import SkipLink from './SkipLink.tsx';
import { useLeaveWarning } from './use-leave-warning.ts';
import { useRouteLoading } from './use-route-loading.ts';

export default function RootLayout() {
  useRouteLoading();
  useLeaveWarning();
  const { pathname, search } = useLocation();
  // Social sign-in returns to the last visited path (spec core §2).
  useEffect(() => rememberPath(pathname + search), [pathname, search]);
  // Every dialog closes when the user goes to another page (not on the first one).
  const first = useRef(true);
  useEffect(() => {
    if (first.current) first.current = false;
    else routeChanged(pathname + search);
  }, [pathname, search]);
  return (
    <>
      <SkipLink />
      <LoadingBar />
      <Outlet />
      <Toasts />
      <ShellModals />
      <ConfirmSlot />
      <CloudRecordSlot />
      <UpdateNotice />
    </>
  );
}
