// Panes other features put in the editor's widget area beside the Logo pane (the lesson of
// a classroom lesson, the grading of a submission). A feature registers its pane once and
// shows or hides it; the widget area lists the shown panes as tabs. The editor knows no
// feature: components stay out of the Valtio store, only ids and the choice live there.
import type { ComponentType } from 'react';
import { proxy } from 'valtio';
import { program, setWidgetVisible, expandWidget } from '../../state/program.ts';

export interface WidgetPane {
  id: string;
  /** The tab's text (already translated when called). */
  label: () => string;
  Component: ComponentType;
}

export const LOGO_PANE = 'logo';

export const widgetArea = proxy<{ shown: string[]; active: string; hosts: number }>({
  shown: [],
  active: LOGO_PANE,
  /** Editors on screen that have a widget area (panes may show there, not elsewhere). */
  hosts: 0,
});

/** An editor with a widget area is on screen (call from its effect; returns the undo). */
export function hostWidgetArea(): () => void {
  widgetArea.hosts += 1;
  return () => {
    widgetArea.hosts -= 1;
  };
}

const panes = new Map<string, WidgetPane>();

export function registerWidgetPane(pane: WidgetPane): void {
  panes.set(pane.id, pane);
}

export function widgetPane(id: string): WidgetPane | undefined {
  return panes.get(id);
}

/** Shows a registered pane as the active tab, opening the widget area if it was closed. */
export function showWidgetPane(id: string): void {
  if (!panes.has(id)) return;
  if (!widgetArea.shown.includes(id)) widgetArea.shown.push(id);
  widgetArea.active = id;
  if (!program.widgetVisible) setWidgetVisible(true);
  if (program.expandState === 0) expandWidget();
}

export function hideWidgetPane(id: string): void {
  widgetArea.shown = widgetArea.shown.filter((p) => p !== id);
  if (widgetArea.active === id) widgetArea.active = LOGO_PANE;
}

export function selectWidgetPane(id: string): void {
  if (id === LOGO_PANE || widgetArea.shown.includes(id)) widgetArea.active = id;
}
