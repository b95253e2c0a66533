import { useEffect, useState } from 'react';

/** Filter box debounce (spec core §5, §9). */
const SEARCH_DEBOUNCE_MS = 250;

/** The value, once it has stayed the same for `ms`. */
export function useDebouncedValue<T>(value: T, ms = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
