import { describe, expect, it } from 'vitest';
import {
  LOGO_PANE,
  registerWidgetPane,
  showWidgetPane,
  widgetArea,
} from '../shell/widget-panes.ts';
import { diagnostics, showLogoErrors } from './diagnostics.ts';

describe('showLogoErrors', () => {
  it('brings the Logo tab to the front over another pane, so the errors are seen', () => {
    registerWidgetPane({ id: 'board', label: () => 'Virtual board', Component: () => null });
    showWidgetPane('board');
    expect(widgetArea.active).toBe('board');
    showLogoErrors([{ line: 3, message: "I don't know the expression 'foo'" }]);
    expect(widgetArea.active).toBe(LOGO_PANE);
    expect(widgetArea.visible).toBe(true);
    expect(diagnostics.errors).toHaveLength(1);
  });
});
