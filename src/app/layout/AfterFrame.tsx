// On a cold load React commits the whole screen at once: the frame (navbar, sidebar) and
// the page. A page inside this waits for one task after the frame's commit, so that first
// commit becomes two shorter main-thread tasks instead of one long one (docs/first-load.md).
import { startTransition, useEffect, useState, type ReactNode } from 'react';
import { nextTask } from '../../ui/next-task.ts';

export default function AfterFrame({ children }: { children: ReactNode }) {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let live = true;
    void nextTask().then(() => {
      if (live) startTransition(() => setReady(true));
    });
    return () => {
      live = false;
    };
  }, []);
  return ready ? children : null;
}
