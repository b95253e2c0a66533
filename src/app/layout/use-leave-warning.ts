import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { connection } from '../../device/connection-store.ts';
import { program } from '../../program/index.ts';

/**
 * Asks the browser to confirm leaving while the program has unsaved changes or a firmware
 * update runs (spec core §4, §8: 'Changes you made may not be saved.'). Browsers show their
 * own wording; the text is set for those that still use it.
 */
export function useLeaveWarning(): void {
  const { t } = useTranslation('shell');
  const { hasChanged } = useSnapshot(program);
  const { firmwareUpdating } = useSnapshot(connection);
  const warn = hasChanged || firmwareUpdating;
  useEffect(() => {
    if (!warn) return;
    const message = t('leaveWarning');
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = message;
      return message;
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [warn, t]);
}
