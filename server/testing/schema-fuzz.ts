// Bad requests generated from a route's JSON schemas (TypeBox objects are JSON Schema), for
// the fuzz suite (server/routes/fuzz.test.ts): for every body property, query parameter and
// path parameter, values of the wrong type, null, too long, too many, out of range, with
// NUL characters or lone surrogates, missing when required; and whole bodies that are not
// objects, not JSON, nested too deep or too large. A case that breaks the schema by
// construction is marked `invalid`: it must get a 4xx. Every case must get something
// other than a 5xx, with the error shape when it is refused.

/** The parts of JSON Schema the contract uses. */
export interface Schema {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  anyOf?: Schema[];
  enum?: unknown[];
  const?: unknown;
  pattern?: string;
  format?: string;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  maxItems?: number;
  default?: unknown;
}

export interface FuzzCase {
  /** What the case does, for the failure list. */
  name: string;
  /** URL path params, query string (already encoded) and body text. */
  params: Record<string, string>;
  query: string;
  body?: string;
  contentType?: string;
  /** Breaks the schema by construction: must be answered with a 4xx. */
  invalid: boolean;
}

const ZERO_UUID = '00000000-0000-4000-8000-000000000000';
const CANDIDATES = ['x', 'a', 'abc', 'x1', '1', '0', 'fuzz', 'gb', '1.3', 'a_b'];

const types = (s: Schema): string[] => (s.type === undefined ? [] : [s.type].flat());
const allowsNull = (s: Schema): boolean =>
  types(s).includes('null') || (s.anyOf ?? []).some(allowsNull);
const isType = (s: Schema, t: string): boolean =>
  types(s).includes(t) || (s.anyOf ?? []).some((b) => isType(b, t));

/** A value the schema accepts (the first of each choice, the shortest of each text). */
export function sample(s: Schema): unknown {
  if (s.const !== undefined) return s.const;
  if (s.enum && s.enum.length > 0) return s.enum[0];
  if (s.default !== undefined) return s.default;
  if (s.anyOf) return sample(s.anyOf.find((b) => !types(b).includes('null')) ?? s.anyOf[0] ?? {});
  const type = types(s)[0];
  switch (type) {
    case 'string':
      return sampleString(s);
    case 'integer':
    case 'number':
      return Math.max(s.minimum ?? 0, Math.min(s.maximum ?? 1, 1));
    case 'boolean':
      return false;
    case 'null':
      return null;
    case 'array':
      return Array.from({ length: s.minItems ?? 0 }, () => sample(s.items ?? {}));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const key of s.required ?? []) out[key] = sample(s.properties?.[key] ?? {});
      return out;
    }
    default:
      return 'x';
  }
}

function sampleString(s: Schema): string {
  if (s.format === 'email') return 'fuzz@example.com';
  if (s.format === 'uri' || s.format === 'url') return 'https://example.com/x';
  if (s.format === 'date-time') return '2026-03-02T00:00:00.000Z';
  const fits = (v: string) =>
    (!s.pattern || new RegExp(s.pattern, 'u').test(v)) &&
    v.length >= (s.minLength ?? 0) &&
    v.length <= (s.maxLength ?? Infinity);
  const padded = (v: string) => v.padEnd(s.minLength ?? 0, 'x');
  for (const v of [ZERO_UUID, ...CANDIDATES, '', 'https://example.com/x', '2026-03-02']) {
    if (fits(padded(v))) return padded(v);
  }
  return padded('x');
}

/** Values that break `s` (each with a name), and values at its edges that fit. */
function badValues(s: Schema): { name: string; value: unknown; invalid: boolean }[] {
  const out: { name: string; value: unknown; invalid: boolean }[] = [];
  if (!allowsNull(s)) out.push({ name: 'null', value: null, invalid: true });
  const isString = isType(s, 'string');
  const isNumber = isType(s, 'number') || isType(s, 'integer');
  if (isString) {
    if (!isNumber) out.push({ name: 'a number for text', value: 12345, invalid: true });
    out.push({ name: 'NUL in text', value: `a\u0000b`, invalid: true });
    out.push({ name: 'lone surrogate', value: 'a\uD800', invalid: true });
    out.push({ name: 'object for text', value: { a: 1 }, invalid: true });
    if (s.maxLength !== undefined) {
      out.push({ name: 'one too long', value: 'x'.repeat(s.maxLength + 1), invalid: true });
      // At the limit: valid when the schema has no pattern, and must never be a 5xx
      // (a column narrower than the schema would be).
      out.push({ name: 'at the length limit', value: 'é'.repeat(s.maxLength), invalid: false });
    } else {
      out.push({ name: 'very long text', value: 'x'.repeat(100_000), invalid: false });
    }
    if ((s.minLength ?? 0) > 0) out.push({ name: 'empty', value: '', invalid: true });
    out.push({ name: 'markup', value: '<script>alert(1)</script>', invalid: false });
  }
  if (isNumber) {
    out.push({ name: 'text for a number', value: '12', invalid: !isString });
    if (isType(s, 'integer') && !isType(s, 'number')) {
      out.push({ name: 'a fraction', value: 1.5, invalid: true });
    }
    const max = s.maximum ?? s.anyOf?.find((b) => b.maximum !== undefined)?.maximum;
    const min = s.minimum ?? s.anyOf?.find((b) => b.minimum !== undefined)?.minimum;
    if (max !== undefined) {
      out.push({ name: 'above the maximum', value: max + 1, invalid: true });
      out.push({ name: 'at the maximum', value: max, invalid: false });
    } else {
      out.push({ name: 'a huge number', value: 1e300, invalid: false });
      out.push({ name: 'beyond 64 bits', value: 2 ** 70, invalid: false });
    }
    if (min !== undefined) out.push({ name: 'below the minimum', value: min - 1, invalid: true });
    else out.push({ name: 'a negative number', value: -(2 ** 53), invalid: false });
  }
  if (isType(s, 'boolean') && !isString) {
    out.push({ name: 'text for a boolean', value: 'true', invalid: true });
    out.push({ name: 'a number for a boolean', value: 1, invalid: true });
  }
  if (isType(s, 'array')) {
    out.push({ name: 'object for an array', value: {}, invalid: true });
    if (s.maxItems !== undefined && s.maxItems < 5000) {
      const item = sample(s.items ?? {});
      out.push({
        name: 'one item too many',
        value: Array.from({ length: s.maxItems + 1 }, () => item),
        invalid: true,
      });
    }
    if (s.items && !allowsNull(s.items))
      out.push({ name: 'null item', value: [null], invalid: true });
  }
  if (isType(s, 'object')) out.push({ name: 'array for an object', value: [], invalid: true });
  if (s.enum || s.const !== undefined) {
    out.push({ name: 'a value not in the list', value: 'not-a-choice', invalid: true });
  }
  if (s.pattern !== undefined) {
    out.push({
      name: 'does not match the pattern',
      value: '!!',
      invalid: !new RegExp(s.pattern, 'u').test('!!'),
    });
  }
  let deep: unknown = 1;
  for (let i = 0; i < 2000; i++) deep = [deep];
  out.push({ name: 'nested 2000 deep', value: deep, invalid: !isType(s, 'array') });
  return out;
}

/** Text values of a query or path parameter, with whether they break `s`. */
function badTexts(
  s: Schema,
  where: 'query' | 'path',
): { name: string; text: string; invalid: boolean }[] {
  const numeric = isType(s, 'integer') || isType(s, 'number');
  const closed = s.enum !== undefined || s.const !== undefined || s.pattern !== undefined;
  const out = [
    { name: 'NUL', text: '%00', invalid: true },
    { name: 'a lone surrogate (bad UTF-8)', text: '%ED%A0%80', invalid: false },
    { name: 'a stray percent', text: '%', invalid: false },
    { name: 'letters', text: 'abc', invalid: numeric || (closed && !sampleMatches(s, 'abc')) },
    { name: 'a huge number', text: '1e400', invalid: false },
    { name: 'minus one', text: '-1', invalid: false },
    { name: 'very long', text: 'x'.repeat(where === 'path' ? 3000 : 5000), invalid: false },
    { name: 'markup', text: '%3Cscript%3E', invalid: false },
    { name: 'dots', text: '..%2F..%2Fetc', invalid: false },
    { name: 'empty', text: '', invalid: false },
  ];
  if (numeric && s.maximum !== undefined) {
    out.push({ name: 'above the maximum', text: String(s.maximum + 1), invalid: true });
  }
  if (numeric && s.minimum !== undefined) {
    out.push({ name: 'below the minimum', text: String(s.minimum - 1), invalid: true });
  }
  return out;
}

function sampleMatches(s: Schema, text: string): boolean {
  if (s.enum) return s.enum.includes(text);
  if (s.const !== undefined) return s.const === text;
  return s.pattern === undefined || new RegExp(s.pattern, 'u').test(text);
}

/** Bodies with a number written as JSON text no number can hold (1e400 is Infinity). */
function numberTexts(b: Schema, body: unknown): [string, string, boolean][] {
  return Object.entries(b.properties ?? {})
    .filter(([, p]) => isType(p, 'number') || isType(p, 'integer'))
    .map(([key]) => {
      const marker = '"__fuzz_number__"';
      const textBody = JSON.stringify({ ...(body as object), [key]: '__fuzz_number__' });
      return [`${key} is 1e400`, textBody.replace(marker, '1e400'), true];
    });
}

const text = (v: unknown) => (typeof v === 'string' ? v : JSON.stringify(v));
const queryOf = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(text(v))}`)
    .join('&');

export interface RouteSchemas {
  body?: Schema;
  querystring?: Schema;
  params?: Schema;
}

/** Every fuzz case of a route. `bodyLimit` is the route's (for an oversized body). */
export function fuzzCases(schemas: RouteSchemas, bodyLimit: number): FuzzCase[] {
  const params = (schemas.params ? sample(schemas.params) : {}) as Record<string, unknown>;
  const paramText = Object.fromEntries(Object.entries(params).map(([k, v]) => [k, text(v)]));
  const query = (schemas.querystring ? sample(schemas.querystring) : {}) as Record<string, unknown>;
  const body = schemas.body ? sample(schemas.body) : undefined;
  const base = { params: paramText, query: queryOf(query) };
  const json = (value: unknown) => JSON.stringify(value);
  const cases: FuzzCase[] = [];

  if (schemas.body) {
    const b = schemas.body;
    const props = b.properties ?? {};
    for (const [key, prop] of Object.entries(props)) {
      for (const bad of badValues(prop)) {
        cases.push({
          ...base,
          name: `body.${key}: ${bad.name}`,
          body: json({ ...(body as object), [key]: bad.value }),
          invalid: bad.invalid,
        });
      }
      // Inside arrays of objects too (a batch of records).
      if (prop.items?.properties) {
        for (const [inner, innerSchema] of Object.entries(prop.items.properties)) {
          for (const bad of badValues(innerSchema).slice(0, 6)) {
            const item = { ...(sample(prop.items) as object), [inner]: bad.value };
            cases.push({
              ...base,
              name: `body.${key}[0].${inner}: ${bad.name}`,
              body: json({ ...(body as object), [key]: [item] }),
              invalid: bad.invalid,
            });
          }
        }
      }
    }
    for (const key of b.required ?? []) {
      const rest = Object.fromEntries(
        Object.entries(body as Record<string, unknown>).filter(([k]) => k !== key),
      );
      cases.push({ ...base, name: `body.${key}: missing`, body: json(rest), invalid: true });
    }
    const whole: [string, string | undefined, boolean, string?][] = [
      ['null', 'null', true],
      ['an array', '[]', true],
      ['a string', '"x"', true],
      ['a number', '42', true],
      ['broken JSON', '{"a":', true],
      ['no body', undefined, true],
      ['a prototype key', '{"__proto__":{"admin":true}}', true],
      ['a constructor key', '{"constructor":{"prototype":{"admin":true}}}', true],
      ['nested 100000 deep', '['.repeat(100_000) + ']'.repeat(100_000), true],
      ['over the body limit', json({ ...(body as object), pad: 'x'.repeat(bodyLimit + 1) }), true],
      ['plain text', 'hello', true, 'text/plain'],
      ['XML', '<a/>', true, 'application/xml'],
      ['an unknown property', json({ ...(body as object), zz_unknown: 1 }), false],
      ...numberTexts(b, body),
    ];
    for (const [name, payload, invalid, contentType] of whole) {
      cases.push({
        ...base,
        name: `body: ${name}`,
        ...(payload === undefined ? {} : { body: payload }),
        ...(contentType ? { contentType } : {}),
        invalid,
      });
    }
    cases.push({ ...base, name: 'body: as sampled', body: json(body), invalid: false });
  }

  if (schemas.querystring) {
    const props = schemas.querystring.properties ?? {};
    for (const [key, prop] of Object.entries(props)) {
      for (const bad of badTexts(prop, 'query')) {
        const others = queryOf(
          Object.fromEntries(Object.entries(query).filter(([k]) => k !== key)),
        );
        cases.push({
          ...base,
          ...(body === undefined ? {} : { body: json(body) }),
          name: `query.${key}: ${bad.name}`,
          query: [others, `${encodeURIComponent(key)}=${bad.text}`].filter(Boolean).join('&'),
          invalid: bad.invalid,
        });
      }
      cases.push({
        ...base,
        ...(body === undefined ? {} : { body: json(body) }),
        name: `query.${key}: twice`,
        query: `${base.query}&${encodeURIComponent(key)}=1&${encodeURIComponent(key)}=2`,
        invalid: false,
      });
    }
    for (const key of schemas.querystring.required ?? []) {
      cases.push({
        ...base,
        ...(body === undefined ? {} : { body: json(body) }),
        name: `query.${key}: missing`,
        query: queryOf(Object.fromEntries(Object.entries(query).filter(([k]) => k !== key))),
        invalid: true,
      });
    }
    cases.push({
      ...base,
      ...(body === undefined ? {} : { body: json(body) }),
      name: 'query: an unknown parameter',
      query: `${base.query}&zz_unknown=1`,
      invalid: false,
    });
  }

  if (schemas.params) {
    for (const [key, prop] of Object.entries(schemas.params.properties ?? {})) {
      for (const bad of badTexts(prop, 'path')) {
        if (bad.text === '') continue;
        cases.push({
          ...base,
          ...(body === undefined ? {} : { body: json(body) }),
          name: `params.${key}: ${bad.name}`,
          params: { ...paramText, [key]: bad.text },
          invalid: bad.invalid,
        });
      }
    }
  }
  return cases;
}
