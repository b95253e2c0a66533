// Web UI dashboards (Labs ▸ Web UI): a user's pages of widgets, each widget bound to a topic
// inside the user's own namespace on the public broker. Saved per user; the owner may share
// one read-only through an unguessable link token and turn the link off again. Design and
// topics: docs/labs.md ("Web UI"). The server validates requests and serialises answers with
// these schemas; the UI checks every answer against them before use.
//
// Calls (all under API_BASE_PATH):
//   GET    /webui/dashboards                             → DashboardList  (the caller's)
//   POST   /webui/dashboards         DashboardInput      → 201 Dashboard
//   GET    /webui/dashboards/{uuid}                      → Dashboard      (owner)
//   PUT    /webui/dashboards/{uuid}  DashboardInput      → Dashboard      (owner)
//   DELETE /webui/dashboards/{uuid}                      → UuidRef (owner)
//   PUT    /webui/dashboards/{uuid}/share  ShareBody     → Dashboard      (owner; a new token
//                                                           each time sharing is turned on)
//   GET    /webui/shared/{token}     (no sign-in)         → SharedDashboard
//   POST   /webui/broker             {}                  → WebuiBrokerGrant (the caller's
//                                                           namespace, read and write)
//   POST   /webui/shared/{token}/broker {} (no sign-in)  → WebuiBrokerGrant (that dashboard's
//                                                           topics, read only)
import { Type, type Static } from '@sinclair/typebox';
import { ListOf, NOT_BLANK_PATTERN, Uuid } from './common.ts';

export const WIDGET_TYPES = [
  'button',
  'switch',
  'slider',
  'gauge',
  'number',
  'label',
  'chart',
] as const;
export type WidgetType = (typeof WIDGET_TYPES)[number];

/** Widgets with a numeric range (`min` < `max`). */
export const RANGED_WIDGETS: readonly WidgetType[] = ['slider', 'gauge', 'chart'];

/** The dashboard grid: 12 columns, rows as many as needed. */
export const GRID_COLUMNS = 12;
const GRID_ROWS_MAX = 100;
export const WIDGET_HEIGHT_MAX = 8;
export const WIDGETS_MAX = 40;
export const DASHBOARDS_MAX = 50;
export const DASHBOARD_NAME_MAX = 60;
export const WIDGET_LABEL_MAX = 40;
export const WIDGET_PAYLOAD_MAX = 64;
export const WIDGET_UNIT_MAX = 12;
/** A topic inside the namespace: 1 to 8 levels of letters, digits, `_`, `-`, `.`. */
export const WIDGET_TOPIC_PATTERN = '^[A-Za-z0-9_.-]{1,32}(/[A-Za-z0-9_.-]{1,32}){0,7}$';
export const WIDGET_TOPIC_MAX = 120;
const WIDGET_ID_PATTERN = '^[a-z0-9]{1,12}$';
/** Share tokens: 32 characters of base64url (192 random bits). */
const SHARE_TOKEN_PATTERN = '^[A-Za-z0-9_-]{32}$';
/** Bounds of every number a widget holds. */
export const WIDGET_VALUE_LIMIT = 1_000_000;

export const WEBUI_ERRORS = {
  notFound: { error: 'dashboard_not_found', message: 'The dashboard does not exist' },
  shareNotFound: {
    error: 'shared_dashboard_not_found',
    message: 'This shared dashboard link is not valid or was turned off',
  },
  quota: {
    error: 'dashboard_quota',
    message: `You can keep at most ${DASHBOARDS_MAX} dashboards`,
  },
  badDashboard: { error: 'bad_dashboard', message: 'The dashboard is not valid' },
  noBroker: {
    error: 'webui_broker_unavailable',
    message: 'This server does not control access to its public broker, so the web UI is off',
  },
} as const;

/** The level under the topic prefix that holds every user's namespace. */
export const WEBUI_NAMESPACES = 'u';

/** A user's topic namespace on the public broker: widget topics are relative to it. */
export const webuiNamespace = (prefix: string, userId: string) =>
  `${prefix}/${WEBUI_NAMESPACES}/${userId}`;

/** Where and as whom to connect to the public broker for the web UI. */
export const WebuiBrokerGrant = Type.Object({
  /** A path on the API's origin (`/mqtt/public`) or a ws(s):// URL. */
  url: Type.String(),
  username: Type.String(),
  password: Type.String(),
  /** The owner's namespace: a widget's full topic is `{root}/{widget.topic}`. */
  root: Type.String(),
});
export type WebuiBrokerGrant = Static<typeof WebuiBrokerGrant>;

const Value = Type.Number({ minimum: -WIDGET_VALUE_LIMIT, maximum: WIDGET_VALUE_LIMIT });

export const Widget = Type.Object(
  {
    /** Unique inside its dashboard. */
    id: Type.String({ pattern: WIDGET_ID_PATTERN }),
    type: Type.Union(WIDGET_TYPES.map((w) => Type.Literal(w))),
    /** Relative to the owner's namespace (docs/labs.md): never a wildcard or a leading `/`. */
    topic: Type.String({ maxLength: WIDGET_TOPIC_MAX, pattern: WIDGET_TOPIC_PATTERN }),
    label: Type.String({ maxLength: WIDGET_LABEL_MAX }),
    /** Grid place: column 0–11, width 1–12 (x + w ≤ 12), row, height. */
    x: Type.Integer({ minimum: 0, maximum: GRID_COLUMNS - 1 }),
    y: Type.Integer({ minimum: 0, maximum: GRID_ROWS_MAX - 1 }),
    w: Type.Integer({ minimum: 1, maximum: GRID_COLUMNS }),
    h: Type.Integer({ minimum: 1, maximum: WIDGET_HEIGHT_MAX }),
    /** Slider, gauge, chart: the range. */
    min: Type.Optional(Value),
    max: Type.Optional(Value),
    /** Slider: the step (> 0). */
    step: Type.Optional(Type.Number({ exclusiveMinimum: 0, maximum: WIDGET_VALUE_LIMIT })),
    /** Gauge, number, chart: shown after the value. */
    unit: Type.Optional(Type.String({ maxLength: WIDGET_UNIT_MAX })),
    /** Button: what a press sends; switch: what "on" sends. */
    payload: Type.Optional(Type.String({ maxLength: WIDGET_PAYLOAD_MAX })),
    /** Switch: what "off" sends. */
    offPayload: Type.Optional(Type.String({ maxLength: WIDGET_PAYLOAD_MAX })),
  },
  { additionalProperties: false },
);
export type Widget = Static<typeof Widget>;

export const DashboardInput = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: DASHBOARD_NAME_MAX, pattern: NOT_BLANK_PATTERN }),
    widgets: Type.Array(Widget, { maxItems: WIDGETS_MAX }),
  },
  { additionalProperties: false },
);
export type DashboardInput = Static<typeof DashboardInput>;

export const Dashboard = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  widgets: Type.Array(Widget),
  /** The read-only link's token; null while sharing is off. */
  shareToken: Type.Union([Type.String({ pattern: SHARE_TOKEN_PATTERN }), Type.Null()]),
  createdAt: Type.String({ description: 'ISO 8601 UTC' }),
  updatedAt: Type.String({ description: 'ISO 8601 UTC' }),
});
export type Dashboard = Static<typeof Dashboard>;

export const DashboardSummary = Type.Object({
  uuid: Uuid,
  name: Type.String(),
  widgetCount: Type.Integer({ minimum: 0 }),
  shared: Type.Boolean(),
  updatedAt: Type.String(),
});
export type DashboardSummary = Static<typeof DashboardSummary>;

/** The caller's dashboards, most recently changed first (at most DASHBOARDS_MAX). */
export const DashboardList = ListOf(DashboardSummary);
export type DashboardList = Static<typeof DashboardList>;

export const ShareBody = Type.Object({ shared: Type.Boolean() }, { additionalProperties: false });
export type ShareBody = Static<typeof ShareBody>;

export const ShareParams = Type.Object({
  token: Type.String({ pattern: SHARE_TOKEN_PATTERN }),
});
export type ShareParams = Static<typeof ShareParams>;

/** What a link's viewer sees: no ids, no owner, no token. */
export const SharedDashboard = Type.Object({
  name: Type.String(),
  widgets: Type.Array(Widget),
  updatedAt: Type.String(),
});
export type SharedDashboard = Static<typeof SharedDashboard>;

/**
 * Rules a schema cannot state: unique ids, widgets inside the grid, ranges in order, a range
 * on the widgets that need one. Returns the first problem in plain words, or null.
 */
export function dashboardProblem(input: DashboardInput): string | null {
  const ids = new Set<string>();
  for (const [i, w] of input.widgets.entries()) {
    const at = `widget ${i + 1} (${w.id})`;
    if (ids.has(w.id)) return `${at}: the id is used twice`;
    ids.add(w.id);
    if (w.x + w.w > GRID_COLUMNS) return `${at}: x + w must be at most ${GRID_COLUMNS}`;
    if (w.y + w.h > GRID_ROWS_MAX) return `${at}: y + h must be at most ${GRID_ROWS_MAX}`;
    if (RANGED_WIDGETS.includes(w.type)) {
      if (w.min === undefined || w.max === undefined) return `${at}: needs min and max`;
      if (w.min >= w.max) return `${at}: min must be less than max`;
      if (w.step !== undefined && w.step > w.max - w.min) {
        return `${at}: step must fit between min and max`;
      }
    }
  }
  return null;
}
