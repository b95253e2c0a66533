// The teacher's broadcast program beside the student's own (a tab of the editor's widget
// area while the teacher broadcasts): read-only, live, blocks or Logo as the teacher edits
// it, with "Copy into my program" (the student's program is kept as a version; Undo brings
// it back).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { studentLiveView } from '../student-live-store.ts';
import { copyBroadcast, undoCopy } from '../take-program.ts';
import type { LiveProgram } from '../deltas.ts';
import ReadOnlyBlocks from './ReadOnlyBlocks.tsx';
import './live.css';

export default function BroadcastPane() {
  const { t } = useTranslation('classroom');
  const { state } = useSnapshot(studentLiveView);
  const [copied, setCopied] = useState<{ version: string | null } | null>(null);
  const on = state?.live?.active ? state.live.broadcast : null;
  const p = (state?.broadcast ?? null) as LiveProgram | null;
  if (!on) {
    return <p className="p-2 text-body-secondary">{t('live.student.broadcastEnded')}</p>;
  }
  return (
    <section className="p-2 live-broadcast" aria-labelledby="live-broadcast-title">
      <h2 className="h6 mb-1" id="live-broadcast-title">
        {t('live.student.broadcastTitle', { by: on.by })}
      </h2>
      {on.name && <p className="small text-body-secondary mb-2 text-break">{on.name}</p>}
      <div className="d-flex flex-wrap gap-2 mb-2">
        <button
          type="button"
          className="btn btn-sm btn-primary"
          disabled={!p}
          onClick={() => {
            if (p) setCopied(copyBroadcast(p));
          }}
        >
          {t('live.student.copy')}
        </button>
        {copied && (
          <button
            type="button"
            className="btn btn-sm btn-outline-secondary"
            onClick={() => {
              undoCopy(copied.version);
              setCopied(null);
            }}
          >
            {t('live.student.undoCopy')}
          </button>
        )}
      </div>
      <p className="small mb-2" role="status">
        {copied && t('live.student.copied')}
      </p>
      {!p ? (
        <p className="text-body-secondary">{t('live.student.broadcastWaiting')}</p>
      ) : p.mode === 'blocks' ? (
        <>
          <ReadOnlyBlocks
            xml={p.xml}
            label={t('live.student.broadcastBlocks', { by: on.by })}
            testId="live-broadcast-blocks"
          />
          <details className="mt-2">
            <summary>{t('live.student.broadcastAsLogo')}</summary>
            <pre
              className="bg-body-tertiary p-2 live-broadcast-logo"
              data-testid="live-broadcast-logo"
            >
              {p.logo}
            </pre>
          </details>
        </>
      ) : (
        <pre
          className="bg-body-tertiary p-2 live-broadcast-logo"
          data-testid="live-broadcast-logo"
          aria-label={t('live.student.broadcastLogo', { by: on.by })}
        >
          {p.logo}
        </pre>
      )}
    </section>
  );
}
