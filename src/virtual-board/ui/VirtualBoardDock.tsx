// The virtual board's panel in a column of its own at the right of the screen (a sheet at
// the bottom on phones), after the page in reading and Tab order, so it covers nothing. On
// the program editor it is a tab of the editor's widget area instead (the editor already
// has a right column): the workspace keeps its width. Hide holds (sim-panel-store.ts); the
// top bar's board toggle shows it again.
import { lazy, Suspense, useEffect } from 'react';
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { hideWidgetPane, showWidgetPane, widgetArea } from '../../shell/widget-panes.ts';
import { BOARD_PANE } from './board-pane.ts';
import { setSimPanelOpen, simPanel } from './sim-panel-store.ts';
import { useVirtualBoardInUse } from './use-virtual-board.ts';
import './sim-dock.css';

const SimulatedBoardPanel = lazy(() => import('./SimulatedBoardPanel.tsx'));

export default function VirtualBoardDock() {
  const { t } = useTranslation('device');
  const inUse = useVirtualBoardInUse();
  const { open } = useSnapshot(simPanel);
  const { hosts } = useSnapshot(widgetArea);
  const inEditor = hosts > 0;

  useEffect(() => {
    if (!inUse || !open) hideWidgetPane(BOARD_PANE);
    else if (inEditor && !widgetArea.shown.includes(BOARD_PANE)) showWidgetPane(BOARD_PANE);
  }, [inUse, open, inEditor]);

  if (!inUse || !open || inEditor) return null;
  return (
    <aside
      className="sim-dock"
      aria-labelledby="virtual-board-title"
      data-testid="sim-dock"
      data-toast-floor
    >
      <div className="sim-dock-header">
        <i className="bi bi-cpu" aria-hidden />
        <h2 id="virtual-board-title" className="h6 mb-0 me-auto">
          {t('sim.title')}
        </h2>
        <Button variant="link" size="sm" onClick={() => setSimPanelOpen(false)}>
          {t('sim.hide')}
        </Button>
      </div>
      <div className="sim-dock-body">
        <Suspense fallback={<p className="small text-body-secondary">{t('sim.starting')}</p>}>
          <SimulatedBoardPanel />
        </Suspense>
      </div>
    </aside>
  );
}
