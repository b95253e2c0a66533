// Loads something for a screen, again whenever `key` changes (the ids it depends on).
// Loading is derived from whether the last answer belongs to the current request, so no
// state is set while rendering or synchronously in an effect.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';

interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
  reload: () => void;
  /** Replaces the data (the answer of an edit). */
  set: (data: T) => void;
}

export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, key: string): Loaded<T> {
  const [attempt, setAttempt] = useState(0);
  const request = useMemo(() => ({ key, attempt }), [key, attempt]);
  const latest = useRef(load);
  useEffect(() => {
    latest.current = load;
  });
  const [answer, setAnswer] = useState<{ request: object; data: T | undefined; error: unknown }>({
    request: {},
    data: undefined,
    error: null,
  });

  useEffect(() => {
    const abort = new AbortController();
    latest.current(abort.signal).then(
      (data) => {
        if (!abort.signal.aborted) setAnswer({ request, data, error: null });
      },
      (error: unknown) => {
        if (!abort.signal.aborted) setAnswer((a) => ({ request, data: a.data, error }));
      },
    );
    return () => abort.abort();
  }, [request]);

  return {
    data: answer.data,
    error: answer.request === request ? answer.error : null,
    loading: answer.request !== request,
    reload: useCallback(() => setAttempt((n) => n + 1), []),
    set: useCallback((data: T) => setAnswer((a) => ({ ...a, data })), []),
  };
}
