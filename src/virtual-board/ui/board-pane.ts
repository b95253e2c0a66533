// The virtual board's panel as a pane of the editor's widget area (widget-panes.ts): on the
// program editor it sits in the editor's right column as a tab beside the Logo.
import i18next from 'i18next';
import { createElement, lazy } from 'react';
import { registerWidgetPane } from '../../shell/widget-panes.ts';

export const BOARD_PANE = 'virtual-board';

const SimulatedBoardPanel = lazy(() => import('./SimulatedBoardPanel.tsx'));

registerWidgetPane({
  id: BOARD_PANE,
  label: () => i18next.t('device:sim.tab'),
  // The tab names the pane for sight; the hidden h2 keeps the panel's h3 sections in order
  // and, as in the dock, prefixes their names (a board page beside it has a "Sensors" too).
  Component: () =>
    createElement(
      'div',
      { className: 'px-2 pt-2 pb-3' },
      createElement(
        'h2',
        { id: 'virtual-board-title', className: 'visually-hidden' },
        i18next.t('device:sim.title'),
      ),
      createElement(SimulatedBoardPanel),
    ),
});
