import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  contractWidget,
  expandWidget,
  flushWorkspace,
  markChanged,
  parseExpandState,
  program,
  setProjectName,
  setWidgetVisible,
  setWorkspaceFlusher,
  WIDGET_WIDTHS,
} from './program.ts';

describe('widget expand state', () => {
  beforeEach(() => {
    localStorage.clear();
    program.expandState = 1;
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
    expect(program.expandState).toBe(2);
    expect(localStorage.getItem('expandState')).toBe('2');
    contractWidget();
    contractWidget();
    contractWidget();
    expect(program.expandState).toBe(0);
    expect(localStorage.getItem('expandState')).toBe('0');
  });
});

describe('workspace flush', () => {
  afterEach(() => setWorkspaceFlusher(null));

  it('asks the mounted editor to write its workspace into the store', () => {
    setWorkspaceFlusher(() => {
      program.currentWorkspaceXmlText = '<xml>current</xml>';
    });
    flushWorkspace();
    expect(program.currentWorkspaceXmlText).toBe('<xml>current</xml>');
  });

  it('does nothing when no editor is mounted', () => {
    program.currentWorkspaceXmlText = '<xml>kept</xml>';
    flushWorkspace();
    expect(program.currentWorkspaceXmlText).toBe('<xml>kept</xml>');
  });
});

describe('program changes', () => {
  it('marks the program changed on an edit or a rename', () => {
    program.hasChanged = false;
    markChanged();
    expect(program.hasChanged).toBe(true);
    program.hasChanged = false;
    setProjectName('Robot');
    expect(program.hasChanged).toBe(true);
  });

  it('shows and hides the widget area', () => {
    setWidgetVisible(false);
    expect(program.widgetVisible).toBe(false);
    setWidgetVisible(true);
    expect(program.widgetVisible).toBe(true);
  });

  it('gives the widget area 0, 360 px and the full width', () => {
    expect(WIDGET_WIDTHS).toEqual(['0px', '360px', '100%']);
  });
});
