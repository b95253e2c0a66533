import { lazy, Suspense } from 'react';
import { useSnapshot } from 'valtio';
import { cloudRecordUse } from '../board-cloud-records.ts';

const CloudLoginPrompt = lazy(() => import('./CloudLoginPrompt.tsx'));

/**
 * The question a running program's private `cloud record` asks a logged-out user (log in or
 * switch to the public log), on every screen. Its code loads with the first cloud record.
 */
export default function CloudRecordSlot() {
  const { active } = useSnapshot(cloudRecordUse);
  return active ? (
    <Suspense fallback={null}>
      <CloudLoginPrompt />
    </Suspense>
  ) : null;
}
