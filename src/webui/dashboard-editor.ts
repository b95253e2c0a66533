// The dashboard editor's rules, framework-free: new widgets with sensible defaults, moving
// and removing them, the grid layout that follows their order, and the checks a widget must
// pass before the dashboard is sent (the same rules the server applies, named per field so
// the editor can show each problem beside its field in the user's language).
import {
  GRID_COLUMNS,
  RANGED_WIDGETS,
  WIDGET_HEIGHT_MAX,
  WIDGET_TOPIC_MAX,
  WIDGET_TOPIC_PATTERN,
  WIDGET_VALUE_LIMIT,
  WIDGETS_MAX,
  type DashboardInput,
  type Widget,
  type WidgetType,
} from '../contract/webui.ts';

/** Which optional fields each widget type has (the server drops the others). */
export const WIDGET_FIELDS: Record<
  WidgetType,
  readonly ('range' | 'step' | 'unit' | 'payload' | 'offPayload')[]
> = {
  button: ['payload'],
  switch: ['payload', 'offPayload'],
  slider: ['range', 'step'],
  gauge: ['range', 'unit'],
  number: ['unit'],
  label: [],
  chart: ['range', 'unit'],
};

const SIZES: Record<WidgetType, { w: number; h: number }> = {
  button: { w: 3, h: 1 },
  switch: { w: 3, h: 1 },
  slider: { w: 4, h: 1 },
  gauge: { w: 3, h: 2 },
  number: { w: 3, h: 1 },
  label: { w: 3, h: 1 },
  chart: { w: 6, h: 3 },
};

const TOPICS: Record<WidgetType, string> = {
  button: 'button',
  switch: 'switch',
  slider: 'slider',
  gauge: 'sensor',
  number: 'value',
  label: 'text',
  chart: 'sensor',
};

/** A widget id not used in `widgets` (ids are 1–12 lowercase letters and digits). */
function freeWidgetId(widgets: readonly Widget[]): string {
  const used = new Set(widgets.map((w) => w.id));
  for (let n = widgets.length + 1; ; n++) {
    const id = `w${n.toString(36)}`;
    if (!used.has(id)) return id;
  }
}

/** A new widget of `type` with `label`, placed after the others. */
export function newWidget(type: WidgetType, label: string, widgets: readonly Widget[]): Widget {
  const n = widgets.filter((w) => w.type === type).length + 1;
  const widget: Widget = {
    id: freeWidgetId(widgets),
    type,
    label,
    topic: `${TOPICS[type]}/${n}`,
    x: 0,
    y: 0,
    ...SIZES[type],
  };
  const fields = WIDGET_FIELDS[type];
  if (fields.includes('range')) Object.assign(widget, { min: 0, max: 100 });
  if (fields.includes('step')) widget.step = 1;
  if (fields.includes('unit')) widget.unit = '';
  if (fields.includes('payload')) widget.payload = '1';
  if (fields.includes('offPayload')) widget.offPayload = '0';
  return layout([...widgets, widget]).at(-1) ?? widget;
}

export function canAddWidget(widgets: readonly Widget[]): boolean {
  return widgets.length < WIDGETS_MAX;
}

/** Moves the widget at `index` one place earlier (-1) or later (+1); the grid follows. */
export function moveWidget(widgets: readonly Widget[], index: number, by: -1 | 1): Widget[] {
  const to = index + by;
  if (index < 0 || index >= widgets.length || to < 0 || to >= widgets.length) {
    return [...widgets];
  }
  const next = [...widgets];
  const [moved] = next.splice(index, 1);
  if (moved) next.splice(to, 0, moved);
  return layout(next);
}

export function removeWidget(widgets: readonly Widget[], index: number): Widget[] {
  return layout(widgets.filter((_, i) => i !== index));
}

/** Replaces the widget at `index` with `change` applied; the grid follows a new size. */
export function updateWidget(
  widgets: readonly Widget[],
  index: number,
  change: Partial<Omit<Widget, 'id' | 'type' | 'x' | 'y'>>,
): Widget[] {
  return layout(widgets.map((w, i) => (i === index ? { ...w, ...change } : w)));
}

/**
 * Places widgets on the 12-column grid in their order, left to right: a widget that does not
 * fit in what is left of a row starts the next one, below the row's tallest widget.
 */
export function layout(widgets: readonly Widget[]): Widget[] {
  let x = 0;
  let y = 0;
  let rowHeight = 0;
  return widgets.map((widget) => {
    const w = clampInt(widget.w, 1, GRID_COLUMNS);
    const h = clampInt(widget.h, 1, WIDGET_HEIGHT_MAX);
    if (x + w > GRID_COLUMNS) {
      x = 0;
      y += rowHeight;
      rowHeight = 0;
    }
    const placed = { ...widget, x, y, w, h };
    x += w;
    rowHeight = Math.max(rowHeight, h);
    return placed;
  });
}

function clampInt(n: number, min: number, max: number): number {
  return Number.isFinite(n) ? Math.min(max, Math.max(min, Math.round(n))) : min;
}

/** A field the editor shows, and why it is refused (an i18n key under `webui:problem`). */
export interface WidgetProblem {
  field: 'label' | 'topic' | 'min' | 'max' | 'step';
  problem: 'labelRequired' | 'topic' | 'number' | 'minMax' | 'step';
}

const TOPIC = new RegExp(WIDGET_TOPIC_PATTERN);
const isValue = (n: number | undefined) =>
  n !== undefined && Number.isFinite(n) && Math.abs(n) <= WIDGET_VALUE_LIMIT;

/** Every problem of one widget, in the order its fields are shown. */
export function widgetProblems(widget: Widget): WidgetProblem[] {
  const problems: WidgetProblem[] = [];
  // A widget's label names its control for assistive technology, so it is required here.
  if (widget.label.trim() === '') problems.push({ field: 'label', problem: 'labelRequired' });
  if (widget.topic.length > WIDGET_TOPIC_MAX || !TOPIC.test(widget.topic)) {
    problems.push({ field: 'topic', problem: 'topic' });
  }
  if (RANGED_WIDGETS.includes(widget.type)) {
    const minOk = isValue(widget.min);
    const maxOk = isValue(widget.max);
    if (!minOk) problems.push({ field: 'min', problem: 'number' });
    if (!maxOk) problems.push({ field: 'max', problem: 'number' });
    if (minOk && maxOk && (widget.min ?? 0) >= (widget.max ?? 0)) {
      problems.push({ field: 'max', problem: 'minMax' });
    }
    if (widget.type === 'slider' && widget.step !== undefined) {
      const step = widget.step;
      const span = (widget.max ?? 0) - (widget.min ?? 0);
      if (!Number.isFinite(step) || step <= 0 || (minOk && maxOk && step > span)) {
        problems.push({ field: 'step', problem: 'step' });
      }
    }
  }
  return problems;
}

/** Only the fields the widget's type has (what the server keeps), laid out on the grid. */
export function dashboardInput(name: string, widgets: readonly Widget[]): DashboardInput {
  return {
    name: name.trim(),
    widgets: layout(widgets).map((w) => {
      const fields = WIDGET_FIELDS[w.type];
      const out: Widget = {
        id: w.id,
        type: w.type,
        label: w.label.trim(),
        topic: w.topic,
        x: w.x,
        y: w.y,
        w: w.w,
        h: w.h,
      };
      if (fields.includes('range')) Object.assign(out, { min: w.min, max: w.max });
      if (fields.includes('step') && w.step !== undefined) out.step = w.step;
      if (fields.includes('unit')) out.unit = w.unit ?? '';
      if (fields.includes('payload')) out.payload = w.payload ?? '';
      if (fields.includes('offPayload')) out.offPayload = w.offPayload ?? '';
      return out;
    }),
  };
}

/** Whether two dashboards would save the same (the editor's "unsaved changes"). */
export function sameDashboard(a: DashboardInput, b: DashboardInput): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}
