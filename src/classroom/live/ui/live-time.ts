// The live view's sense of time: a clock that ticks for "changed 5 s ago" and online marks,
// times of day in the interface language, and how long ago something changed.
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Ticks once a second so "changed 5 s ago" and online marks stay true. */
export function useNow(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

export function useClock() {
  const { i18n } = useTranslation();
  return (ms: number) =>
    new Date(ms).toLocaleTimeString(i18n.language, { hour: '2-digit', minute: '2-digit' });
}

export function ago(
  t: (key: string, o?: Record<string, unknown>) => string,
  at: number,
  now: number,
) {
  const seconds = Math.max(0, Math.round((now - at) / 1000));
  if (seconds < 60) return t('live.changed.seconds', { count: seconds });
  const minutes = Math.round(seconds / 60);
  if (minutes < 60) return t('live.changed.minutes', { count: minutes });
  return t('live.changed.hours', { count: Math.round(minutes / 60) });
}
