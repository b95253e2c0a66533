// Run mode: the widgets on the 12-column grid, live on the broker, with the connection's
// state announced. A shared link's viewer (`share` set) gets the same grid without sending.
import type { CSSProperties } from 'react';
import { useCallback, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { Widget } from '../../contract/webui.ts';
import { showToast } from '../../state/ui.ts';
import { layout } from '../dashboard-editor.ts';
import type { LiveState } from '../live-dashboard.ts';
import { useLiveDashboard } from './use-live-dashboard.ts';
import WidgetView from './WidgetView.tsx';

const STATUS_CLASS: Record<LiveState['status'], string> = {
  connecting: 'text-bg-secondary',
  online: 'text-bg-success',
  offline: 'text-bg-danger',
  reconnecting: 'text-bg-warning',
  refused: 'text-bg-warning',
};

interface DashboardRunProps {
  widgets: readonly Widget[];
  /** A shared link's token (read only), or null for the owner. */
  share: string | null;
  /** Called when a shared link turns out to be gone. */
  onGone?: () => void;
}

export default function DashboardRun({ widgets, share, onGone }: DashboardRunProps) {
  const { t } = useTranslation('webui');
  const { snap, send } = useLiveDashboard(widgets, share);
  const sender = useCallback(
    (topic: string) => (payload: string) => {
      void send(topic, payload).then((sent) => {
        if (!sent) showToast('warning', t('run.sendFailed'));
      });
    },
    [send, t],
  );
  const gone = snap.gone;
  useEffect(() => {
    if (gone) onGone?.();
  }, [gone, onGone]);

  return (
    <div>
      <p className="mb-3" aria-live="polite">
        <span className={`badge ${STATUS_CLASS[snap.status]}`} data-testid="webui-status">
          {snap.failure ?? t(`status.${snap.status}`)}
        </span>
      </p>
      {widgets.length === 0 && <p className="text-body-secondary">{t('run.noWidgets')}</p>}
      <div className="webui-grid">
        {layout(widgets).map((w) => (
          <div
            key={w.id}
            className="webui-cell card card-body"
            data-testid="webui-widget"
            style={{ '--x': w.x + 1, '--y': w.y + 1, '--w': w.w, '--h': w.h } as CSSProperties}
          >
            <WidgetView
              widget={w}
              value={snap.values[w.topic]}
              history={snap.history[w.topic]}
              send={share === null && snap.status === 'online' ? sender(w.topic) : null}
            />
          </div>
        ))}
      </div>
    </div>
  );
}
