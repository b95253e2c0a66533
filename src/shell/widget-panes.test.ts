import { subscribe } from 'valtio';
import { beforeEach, describe, expect, it } from 'vitest';
import {
  contractWidget,
  expandWidget,
  hideWidgetPane,
  parseExpandState,
  registerWidgetPane,
  showWidgetPane,
  setWidgetVisible,
  WIDGET_WIDTHS,
  widgetArea,
} from './widget-panes.ts';

describe('widget expand state', () => {
  beforeEach(() => {
    localStorage.clear();
    widgetArea.expand = 1;
  });

  it('turns non-numeric stored values into 1', () => {
    expect(parseExpandState('wide')).toBe(1);
    expect(parseExpandState(null)).toBe(1);
    expect(parseExpandState('')).toBe(1);
    expect(parseExpandState('2')).toBe(2);
    expect(parseExpandState('0')).toBe(0);
  });

  it('expands up to 2 and contracts down to 0, persisting each step', () => {
    expandWidget();
    expandWidget();
    expect(widgetArea.expand).toBe(2);
    expect(localStorage.getItem('expandState')).toBe('2');
    contractWidget();
    contractWidget();
    contractWidget();
    expect(widgetArea.expand).toBe(0);
    expect(localStorage.getItem('expandState')).toBe('0');
  });
});

describe('widget area', () => {
  it('shows and hides', () => {
    setWidgetVisible(false);
    expect(widgetArea.visible).toBe(false);
    setWidgetVisible(true);
    expect(widgetArea.visible).toBe(true);
  });

  it('is 0, 360 px or the full width', () => {
    expect(WIDGET_WIDTHS).toEqual(['0px', '360px', '100%']);
  });

  it('hides a shown pane, and changes nothing for one not shown', async () => {
    registerWidgetPane({ id: 'notes', label: () => 'Notes', Component: () => null });
    showWidgetPane('notes');
    expect(widgetArea.shown).toContain('notes');
    let changes = 0;
    const stop = subscribe(widgetArea, () => changes++);
    hideWidgetPane('notes');
    await Promise.resolve();
    expect(widgetArea.shown).not.toContain('notes');
    expect(changes).toBe(1);
    // Nothing that reads the list renders again for a pane that was not there.
    hideWidgetPane('notes');
    await Promise.resolve();
    expect(changes).toBe(1);
    stop();
  });
});
