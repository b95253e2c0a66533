import { Value } from '@sinclair/typebox/value';
import { describe, expect, it } from 'vitest';
import {
  DashboardInput,
  dashboardProblem,
  WIDGET_TYPES,
  WIDGETS_MAX,
  type Widget,
} from '../contract/webui.ts';
import {
  canAddWidget,
  dashboardInput,
  layout,
  moveWidget,
  newWidget,
  removeWidget,
  sameDashboard,
  updateWidget,
  widgetProblems,
} from './dashboard-editor.ts';

function only<T>(value: T | undefined): T {
  if (value === undefined) throw new Error('missing');
  return value;
}

function build(...types: Widget['type'][]): Widget[] {
  let widgets: Widget[] = [];
  for (const type of types) widgets = [...widgets, newWidget(type, `${type} label`, widgets)];
  return widgets;
}

describe('dashboard editor', () => {
  it('adds a widget of every type that the contract and the server rules accept', () => {
    const widgets = build(...WIDGET_TYPES);
    const input = dashboardInput('Lab', widgets);
    expect(Value.Check(DashboardInput, input)).toBe(true);
    expect(dashboardProblem(input)).toBeNull();
    expect(new Set(widgets.map((w) => w.id)).size).toBe(WIDGET_TYPES.length);
    expect(widgets.every((w) => widgetProblems(w).length === 0)).toBe(true);
  });

  it('gives each widget the fields of its type and drops the others on save', () => {
    const [slider, button, sw, label] = build('slider', 'button', 'switch', 'label');
    expect(slider).toMatchObject({ min: 0, max: 100, step: 1 });
    expect(button).toMatchObject({ payload: '1' });
    expect(sw).toMatchObject({ payload: '1', offPayload: '0' });
    const saved = dashboardInput('x', [{ ...only(label), min: 3, payload: 'p' }]).widgets[0];
    expect(saved).not.toHaveProperty('min');
    expect(saved).not.toHaveProperty('payload');
  });

  it('flows widgets over the 12-column grid in their order', () => {
    // 4 + 3 + 3 fit in one row; the chart (6) starts the next one below the tallest (gauge, 2).
    const widgets = build('slider', 'gauge', 'number', 'chart');
    expect(widgets.map((w) => [w.x, w.y, w.w, w.h])).toEqual([
      [0, 0, 4, 1],
      [4, 0, 3, 2],
      [7, 0, 3, 1],
      [0, 2, 6, 3],
    ]);
  });

  it('moves a widget up and down and the grid follows', () => {
    const widgets = build('slider', 'gauge', 'chart');
    const down = moveWidget(widgets, 0, 1);
    expect(down.map((w) => w.type)).toEqual(['gauge', 'slider', 'chart']);
    expect(down[1]).toMatchObject({ x: 3, y: 0 });
    expect(moveWidget(down, 1, -1).map((w) => w.type)).toEqual(['slider', 'gauge', 'chart']);
    // Past either end nothing moves.
    expect(moveWidget(widgets, 0, -1).map((w) => w.id)).toEqual(widgets.map((w) => w.id));
    expect(moveWidget(widgets, 2, 1).map((w) => w.id)).toEqual(widgets.map((w) => w.id));
  });

  it('removes a widget and closes the gap', () => {
    const widgets = build('slider', 'gauge', 'number');
    const left = removeWidget(widgets, 0);
    expect(left.map((w) => w.type)).toEqual(['gauge', 'number']);
    expect(left[0]).toMatchObject({ x: 0, y: 0 });
  });

  it('keeps sizes inside the grid', () => {
    const widgets = updateWidget(build('label'), 0, { w: 20, h: 0 });
    expect(widgets[0]).toMatchObject({ w: 12, h: 1 });
    expect(layout([{ ...only(widgets[0]), w: Number.NaN }])[0]?.w).toBe(1);
  });

  it('names the field of each problem', () => {
    const [slider] = build('slider');
    const bad = (change: Partial<Widget>) => widgetProblems({ ...only(slider), ...change });
    expect(bad({ label: '  ' })).toEqual([{ field: 'label', problem: 'labelRequired' }]);
    expect(bad({ topic: 'motor/#' })).toEqual([{ field: 'topic', problem: 'topic' }]);
    expect(bad({ topic: '/motor' })).toEqual([{ field: 'topic', problem: 'topic' }]);
    expect(bad({ topic: 'a/b/c/d/e/f/g/h/i' })).toEqual([{ field: 'topic', problem: 'topic' }]);
    expect(bad({ min: 10, max: 10, step: undefined })).toEqual([
      { field: 'max', problem: 'minMax' },
    ]);
    expect(bad({ min: Number.NaN })).toEqual([{ field: 'min', problem: 'number' }]);
    expect(bad({ max: 2_000_000 })).toEqual([{ field: 'max', problem: 'number' }]);
    expect(bad({ step: 0 })).toEqual([{ field: 'step', problem: 'step' }]);
    expect(bad({ step: 101 })).toEqual([{ field: 'step', problem: 'step' }]);
    expect(bad({ topic: 'motor/a/power' })).toEqual([]);
  });

  it('agrees with the server: whatever passes the editor passes dashboardProblem', () => {
    const [slider] = build('slider');
    for (const change of [{ min: 5, max: 4 }, { step: 200 }] as Partial<Widget>[]) {
      const w = { ...only(slider), ...change };
      expect(widgetProblems(w).length > 0).toBe(
        dashboardProblem(dashboardInput('x', [w])) !== null,
      );
    }
  });

  it('stops adding at the dashboard limit', () => {
    const full = Array.from({ length: WIDGETS_MAX }, (_, i) => ({
      ...only(build('label')[0]),
      id: `w${i}`,
    }));
    expect(canAddWidget(full)).toBe(false);
    expect(canAddWidget(full.slice(1))).toBe(true);
  });

  it('sees unsaved changes, not a different order of the same keys', () => {
    const widgets = build('gauge');
    const a = dashboardInput('Lab', widgets);
    expect(sameDashboard(a, dashboardInput(' Lab ', widgets))).toBe(true);
    expect(sameDashboard(a, dashboardInput('Lab', updateWidget(widgets, 0, { unit: '%' })))).toBe(
      false,
    );
  });
});
