// The body and query fields that name a resource, read from a route's JSON schemas (TypeBox
// objects are JSON Schema), for the reference matrix (server/routes/reference-matrix.test.ts):
// a field whose value is a UUID or a GoGo ID, an e-mail, or whose name says it is an id or
// names a kind of resource (lesson, class, project, catalog, extension, lab, group, board,
// dashboard, session, channel…). Nested objects, array items and union branches are walked,
// so `boards[].board_id` and `lessons[]` are found as well as `lesson_uuid`.
import { UUID_PATTERN } from '../../src/contract/common.ts';
import { BOARD_ID_PATTERN } from '../../src/contract/lessons.ts';
import type { RouteSchemas, Schema } from './schema-fuzz.ts';

/** Names that say "an id" or "a resource of this kind". */
const ID_NAME =
  /(^|_)(u?id|ids|uuids?|luuid|suuid|key|token|email|emails)$|[a-z](Id|Ids|Uuid|Uuids|Key|Token)$|^(channel|project|projects|lesson|lessons|class|classes|catalog|catalogs|extension|extensions|lab|labs|group|groups|board|boards|dashboard|dashboards|session|sessions|submission|submissions|parent|owner|user|users|image|message|messages)$/;

const REFERENCE_PATTERNS = new Set([UUID_PATTERN, BOARD_ID_PATTERN]);

/** Whether a value of this schema (or its items, or a branch) names a resource by shape. */
function looksLikeId(s: Schema): boolean {
  if (s.pattern !== undefined && REFERENCE_PATTERNS.has(s.pattern)) return true;
  if (s.format === 'email' || s.format === 'uuid') return true;
  if (s.items && looksLikeId(s.items)) return true;
  return (s.anyOf ?? []).some(looksLikeId);
}

/** An object, or a list of objects: its own fields are what name things. */
const container = (s: Schema): boolean =>
  s.properties !== undefined ||
  (s.items !== undefined && container(s.items)) ||
  (s.anyOf ?? []).some(container);

function walk(s: Schema, path: string, out: string[]): void {
  for (const [name, prop] of Object.entries(s.properties ?? {})) {
    const here = `${path}.${name}`;
    if (!container(prop) && (ID_NAME.test(name) || looksLikeId(prop))) out.push(here);
    walk(prop, here, out);
    if (prop.items) walk(prop.items, `${here}[]`, out);
    for (const branch of prop.anyOf ?? []) walk(branch, here, out);
  }
  for (const branch of s.anyOf ?? []) walk(branch, path, out);
}

/** `body.lesson_uuid`, `body.boards[].board_id`, `query.class_uuid`… of one route. */
export function referenceFields(schemas: RouteSchemas): string[] {
  const out: string[] = [];
  if (schemas.body) walk(schemas.body, 'body', out);
  if (schemas.querystring) walk(schemas.querystring, 'query', out);
  return [...new Set(out)];
}
