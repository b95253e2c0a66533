import { lazy, Suspense, useEffect, useState } from 'react';
import { useSnapshot } from 'valtio';
import { confirmService } from '../confirm.ts';
import { closeOnRouteChange } from '../route-change.ts';

const ConfirmHost = lazy(() => import('./ConfirmHost.tsx'));

/** Loads the confirmation dialog's code with the first question, then keeps it mounted. */
export default function ConfirmSlot() {
  const { current } = useSnapshot(confirmService.state);
  const [needed, setNeeded] = useState(false);
  useEffect(() => closeOnRouteChange(() => confirmService.cancelAll()), []);
  if (current && !needed) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <ConfirmHost />
    </Suspense>
  ) : null;
}
