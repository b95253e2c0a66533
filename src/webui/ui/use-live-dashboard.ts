import { useCallback, useEffect, useRef, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import type { Widget } from '../../contract/webui.ts';
import { emptyLive, type LiveDashboard, type LiveState } from '../live-dashboard.ts';
import { liveDashboard } from '../runtime.ts';

/**
 * Runs a dashboard while the component is shown: the owner's connection (`share` null) or a
 * shared link's read-only one. Reconnects when the set of topics changes. `send` resolves
 * false when nothing could be sent (not connected, or read only).
 */
export function useLiveDashboard(widgets: readonly Widget[], share: string | null) {
  const [state] = useState(() => proxy<LiveState>(emptyLive()));
  const live = useRef<LiveDashboard | null>(null);
  const topics = [...new Set(widgets.map((w) => w.topic))].sort().join('\n');
  useEffect(() => {
    const link = liveDashboard(state, share);
    live.current = link;
    void link.start(topics === '' ? [] : topics.split('\n'));
    return () => {
      if (live.current === link) live.current = null;
      void link.stop();
    };
  }, [state, share, topics]);
  const send = useCallback(
    (topic: string, payload: string) =>
      live.current?.send(topic, payload) ?? Promise.resolve(false),
    [],
  );
  return { snap: useSnapshot(state), send };
}
