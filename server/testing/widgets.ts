// A dashboard widget the web UI suites (server routes and the Node client) both save.
import type { Widget } from '../../src/contract/webui.ts';

/** A power slider (0–100) on the dashboard's first row, left half. */
export const POWER_SLIDER: Widget = {
  id: 'a1',
  type: 'slider',
  topic: 'motor/power',
  label: 'Power',
  x: 0,
  y: 0,
  w: 6,
  h: 1,
  min: 0,
  max: 100,
};
