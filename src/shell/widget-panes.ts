// The editor's widget area and the panes features put in it beside the Logo pane (the
// virtual board, the lesson of a classroom lesson, the grading of a submission). A feature
// registers its pane once and shows or hides it; the widget area lists the shown panes as
// tabs. The editor and the features meet here, so neither knows the other: components stay
// out of the Valtio store, only ids, the choice and the area's width live there.
import type { ComponentType } from 'react';
import { proxy } from 'valtio';
import { readStorage, STORAGE_KEYS, writeStorage } from '../state/storage.ts';

type ExpandState = 0 | 1 | 2;
/** Widget area width per expand state: none, mini, wide (spec core §9). */
export const WIDGET_WIDTHS = ['0px', '360px', '100%'] as const;

/** Non-numeric stored values become 1 (spec core §4 "Other"). */
export function parseExpandState(raw: string | null): ExpandState {
  const n = Number(raw);
  if (raw === null || raw.trim() === '' || !Number.isFinite(n)) return 1;
  return Math.min(2, Math.max(0, Math.trunc(n))) as ExpandState;
}

interface WidgetPane {
  id: string;
  /** The tab's text (already translated when called). */
  label: () => string;
  Component: ComponentType;
}

export const LOGO_PANE = 'logo';

interface WidgetAreaState {
  shown: string[];
  active: string;
  /** Editors on screen that have a widget area (panes may show there, not elsewhere). */
  hosts: number;
  /** The area is shown (the toolbar's Show/Hide panel). */
  visible: boolean;
  /** Its width: none, mini or wide (kept in local storage). */
  expand: ExpandState;
}

export const widgetArea = proxy<WidgetAreaState>({
  shown: [],
  active: LOGO_PANE,
  hosts: 0,
  visible: true,
  expand: parseExpandState(readStorage(STORAGE_KEYS.expandState)),
});

export function expandWidget(): void {
  widgetArea.expand = Math.min(2, widgetArea.expand + 1) as ExpandState;
  writeStorage(STORAGE_KEYS.expandState, String(widgetArea.expand));
}

export function contractWidget(): void {
  widgetArea.expand = Math.max(0, widgetArea.expand - 1) as ExpandState;
  writeStorage(STORAGE_KEYS.expandState, String(widgetArea.expand));
}

export function setWidgetVisible(visible: boolean): void {
  widgetArea.visible = visible;
}

/** Shows the area at least at its mini width. */
export function openWidgetArea(): void {
  if (!widgetArea.visible) setWidgetVisible(true);
  if (widgetArea.expand === 0) expandWidget();
}

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
  openWidgetArea();
}

/** Adds a registered pane's tab without choosing it or opening the area (a pane to offer). */
export function addWidgetPane(id: string): void {
  if (panes.has(id) && !widgetArea.shown.includes(id)) widgetArea.shown.push(id);
}

export function hideWidgetPane(id: string): void {
  // A new list, even an equal one, would render every component that reads the list.
  if (widgetArea.shown.includes(id)) widgetArea.shown = widgetArea.shown.filter((p) => p !== id);
  if (widgetArea.active === id) widgetArea.active = LOGO_PANE;
}

export function selectWidgetPane(id: string): void {
  if (id === LOGO_PANE || widgetArea.shown.includes(id)) widgetArea.active = id;
}
