// The top bar's switch for the virtual board's panel, beside the connect button while the
// virtual board is in use: pressed while the panel is on screen (its column, or its tab on
// the editor), and it brings the panel back after Hide.
import { Button } from 'react-bootstrap';
import { useTranslation } from 'react-i18next';
import { useSnapshot } from 'valtio';
import { showWidgetPane, widgetArea } from '../../shell/widget-panes.ts';
import { setSimPanelOpen, simPanel } from './sim-panel-store.ts';
import { useVirtualBoardInUse } from './use-virtual-board.ts';
import { BOARD_PANE } from './board-pane.ts';

export default function VirtualBoardToggle() {
  const { t } = useTranslation('device');
  const inUse = useVirtualBoardInUse();
  const { open } = useSnapshot(simPanel);
  const area = useSnapshot(widgetArea);
  if (!inUse) return null;
  const inEditor = area.hosts > 0;
  const shown =
    open && (!inEditor || (area.visible && area.expand > 0 && area.active === BOARD_PANE));
  const toggle = () => {
    if (shown) {
      setSimPanelOpen(false);
      return;
    }
    setSimPanelOpen(true);
    if (inEditor) showWidgetPane(BOARD_PANE);
  };
  return (
    <Button
      variant={shown ? 'secondary' : 'outline-secondary'}
      size="sm"
      aria-pressed={shown}
      title={t(shown ? 'sim.hidePanel' : 'sim.showPanel')}
      onClick={toggle}
      data-testid="sim-toggle"
    >
      <i className="bi bi-cpu" aria-hidden />
      <span className="label-from-lg ms-1">{t('sim.toggle')}</span>
    </Button>
  );
}
