import { useState } from 'react';
import { reportFailure } from '../../api/report-failure.ts';

/** Add and Remove for one extension at a time, with the list reloaded afterwards. */
export function useAddRemove(done: () => void) {
  const [busy, setBusy] = useState<string | null>(null);
  const run = async (uuid: string, what: 'add' | 'remove') => {
    setBusy(uuid);
    try {
      const service = await import('../extensions-service.ts');
      await (what === 'add' ? service.addExtension(uuid) : service.removeExtension(uuid));
    } catch (e) {
      reportFailure(e);
    } finally {
      setBusy(null);
      done();
    }
  };
  return {
    busy,
    add: (uuid: string) => run(uuid, 'add'),
    remove: (uuid: string) => run(uuid, 'remove'),
  };
}
