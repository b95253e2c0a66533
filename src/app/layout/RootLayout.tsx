// Everything every screen shares: the loading bar, toasts, dialogs and the leave warning.
import { Outlet } from 'react-router-dom';
import ConfirmSlot from '../modals/ConfirmSlot.tsx';
import ShellModals from '../modals/ShellModals.tsx';
import Toasts from '../toasts/Toasts.tsx';
import LoadingBar from './LoadingBar.tsx';
import { useLeaveWarning } from './use-leave-warning.ts';
import { useRouteLoading } from './use-route-loading.ts';

export default function RootLayout() {
  useRouteLoading();
  useLeaveWarning();
  return (
    <>
      <LoadingBar />
      <Outlet />
      <Toasts />
      <ShellModals />
      <ConfirmSlot />
    </>
  );
}
