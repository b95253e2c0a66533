// A control that sets one of the board's inputs shows the board's own value, so the panel
// always tells what the board holds (after navigation, reloads of the panel, tests). While
// the user drags, the value they chose stands until the board's state catches up.
import { useRef, useState } from 'react';

/** How long a chosen value stands without the board echoing it. */
const HOLD_MS = 600;

export function useBoardValue<T extends number | boolean>(
  actual: T,
  send: (value: T) => void,
): [T, (value: T) => void] {
  const [pending, setPending] = useState<T | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const set = (value: T) => {
    setPending(value);
    send(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setPending(null), HOLD_MS);
  };
  return [pending ?? actual, set];
}
