// The hands-up queue: open a student or resolve their hand; the keyboard stays in the queue.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { LiveHand } from '../../../contract/live-class.ts';
import { teacherLive } from '../teacher-runtime.ts';
import { lead } from './lead-calls.ts';
import { useClock } from './live-time.ts';

export default function HandsQueue({
  hands,
  onOpen,
}: {
  hands: LiveHand[];
  onOpen: (email: string) => void;
}) {
  const { t } = useTranslation('classroom');
  const clock = useClock();
  const section = useRef<HTMLElement>(null);
  // The place in the queue of a hand resolved from its button: when it leaves, the keyboard
  // goes on to the next hand's Resolve (or to the queue's heading), not back to the page's top.
  const resolving = useRef<{ email: string; index: number } | null>(null);
  useEffect(() => {
    const was = resolving.current;
    if (!was || hands.some((h) => h.email === was.email)) return;
    resolving.current = null;
    const focused = document.activeElement;
    if (focused && focused !== document.body && section.current?.contains(focused) !== true) return;
    const buttons = section.current?.querySelectorAll<HTMLElement>('[data-resolve-hand]');
    const next = buttons?.[Math.min(was.index, (buttons?.length ?? 0) - 1)];
    (next ?? section.current?.querySelector<HTMLElement>('h2'))?.focus();
  }, [hands]);
  return (
    <section aria-labelledby="live-hands-title" data-testid="live-hands" ref={section}>
      <h2 className="h6" id="live-hands-title" tabIndex={-1}>
        {t('live.hands.title', { count: hands.length })}
      </h2>
      {hands.length === 0 ? (
        <p className="small text-body-secondary">{t('live.hands.empty')}</p>
      ) : (
        <ol className="list-group list-group-numbered">
          {hands.map((hand, i) => (
            <li
              key={hand.email}
              className="list-group-item d-flex flex-wrap align-items-center gap-2"
            >
              <span className="me-auto">
                {hand.name}{' '}
                <span className="small text-body-secondary">
                  {t('live.hands.at', { time: clock(hand.at) })}
                </span>
              </span>
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                aria-label={t('live.openStudent', { name: hand.name })}
                onClick={() => onOpen(hand.email)}
              >
                {t('live.open')}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-success"
                aria-label={t('live.hands.resolveStudent', { name: hand.name })}
                data-resolve-hand
                onClick={() => {
                  resolving.current = { email: hand.email, index: i };
                  void lead(() => teacherLive.resolveHand(hand.email));
                }}
              >
                {t('live.hands.resolve')}
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
