// The Versions tab of the editor's widget area (src/shell/widget-panes.ts): offered, not
// chosen, while there are kept versions, on the editors where a program can be changed.
import i18next from 'i18next';
import { lazy, useEffect } from 'react';
import { subscribe } from 'valtio';
import { versionsState } from '../../program/index.ts';
import { addWidgetPane, hideWidgetPane, registerWidgetPane } from '../../shell/widget-panes.ts';

const VERSIONS_PANE = 'versions';

registerWidgetPane({
  id: VERSIONS_PANE,
  label: () => i18next.t('editor:versions.tab'),
  Component: lazy(() => import('./VersionsPane.tsx')),
});

/** While `enabled` (an editable editor is on screen), the tab is there when versions are. */
export function useVersionsTab(enabled: boolean): void {
  useEffect(() => {
    if (!enabled) return;
    const follow = () => {
      if (versionsState.list.length > 0) addWidgetPane(VERSIONS_PANE);
      else hideWidgetPane(VERSIONS_PANE);
    };
    follow();
    const stop = subscribe(versionsState, follow);
    return () => {
      stop();
      hideWidgetPane(VERSIONS_PANE);
    };
  }, [enabled]);
}
