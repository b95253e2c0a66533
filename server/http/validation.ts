// How requests are checked against their TypeBox schemas, beyond Fastify's defaults:
//
// - JSON bodies are validated without type coercion. Fastify's Ajv coerces by default, so
//   `null` became `false`, `0` or `''` and passed; a JSON client states its types, and a
//   wrong one is a 400. Query strings, path parameters and form bodies are text by nature
//   and keep the coercion ('42' → 42). Numbers that are not finite ('1e400') are refused.
// - No text in a request may hold a NUL character or a lone UTF-16 surrogate: PostgreSQL
//   cannot store either (it would fail with a 500), SQLite would keep them, and no name,
//   program or value needs them. Both are a 400.
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify';
import { parse as parseQuery } from 'fast-querystring';
import { HttpError } from './errors.ts';

/** Form bodies this process parsed (their text fields may be coerced to numbers). */
const formBodies = new WeakSet<object>();

/** The form-body parser for @fastify/formbody: fast-querystring, marked as a form. */
export function parseForm(text: string): Record<string, unknown> {
  const body = parseQuery(text) as Record<string, unknown>;
  formBodies.add(body);
  return body;
}

const buildValidators = AjvCompiler();

type Validate = ((data: unknown, context?: object) => boolean) & { errors?: unknown };
type Build = (route: { schema: object; httpPart?: string }) => Validate;

/** The path of the first number in `value` that is not finite, or null. */
function infinitePath(value: unknown): string | null {
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop() as [unknown, string];
    if (typeof v === 'number' && !Number.isFinite(v)) return at;
    if (typeof v === 'object' && v !== null) {
      for (const [k, child] of Object.entries(v)) stack.push([child, `${at}/${k}`]);
    }
  }
  return null;
}

/**
 * A validator that also refuses numbers that are not finite: Ajv turns '1e400' (a query)
 * or 1e400 (JSON) into Infinity and lets it pass even a `maximum`.
 */
function finite(validate: Validate): Validate {
  let errors: unknown = null;
  const checked = (data: unknown, context?: object) => {
    errors = null;
    if (!validate(data, context)) {
      errors = validate.errors;
      return false;
    }
    const at = infinitePath(data);
    if (at === null) return true;
    errors = [
      { keyword: 'type', instancePath: at, params: {}, message: 'must be a finite number' },
    ];
    return false;
  };
  return Object.defineProperties(checked, {
    errors: { get: () => errors },
    schemaEnv: { value: (validate as { schemaEnv?: unknown }).schemaEnv },
  });
}

/** Fastify's validator compiler with strict JSON bodies (see the top of the file). */
export function validatorCompiler(): FastifySchemaCompiler<object> {
  // Our schemas are synchronous (no $async), so every validator answers a boolean.
  const coercing = buildValidators({}, { customOptions: {} }) as unknown as Build;
  const strict = buildValidators({}, { customOptions: { coerceTypes: false } }) as unknown as Build;
  return (route) => {
    if (route.httpPart !== 'body') return finite(coercing(route));
    const json = finite(strict(route));
    const form = finite(coercing(route));
    let last = json;
    const validate = (data: unknown, context?: object) => {
      last = typeof data === 'object' && data !== null && formBodies.has(data) ? form : json;
      return last(data, context);
    };
    // Fastify reads the failed function's `errors`, as Ajv leaves them, and passes the
    // parent (so a root value can be coerced) to functions that have a `schemaEnv`.
    return Object.defineProperties(validate, {
      errors: { get: () => last.errors },
      schemaEnv: { value: (json as { schemaEnv?: unknown }).schemaEnv },
    });
  };
}

// A NUL, a high surrogate not followed by a low one, or a low one not after a high one.
const BAD_TEXT = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The first string in `value` (keys included) holding bad text, as a path; null if none. */
export function badTextPath(value: unknown): string | null {
  // Iterative: a body may nest deeper than the call stack.
  const stack: [unknown, string][] = [[value, '']];
  while (stack.length > 0) {
    const [v, at] = stack.pop() as [unknown, string];
    if (typeof v === 'string') {
      if (BAD_TEXT.test(v)) return at || '/';
    } else if (typeof v === 'object' && v !== null) {
      for (const [k, child] of Object.entries(v)) {
        if (BAD_TEXT.test(k)) return `${at}/${k.replace(BAD_TEXT, '?')}`;
        stack.push([child, `${at}/${k}`]);
      }
    }
  }
  return null;
}

const PARTS = ['params', 'query', 'body'] as const;
const PART_NAMES = { params: 'params', query: 'querystring', body: 'body' } as const;

/** preValidation hook: 400 for NUL characters and lone surrogates anywhere in the input. */
export async function rejectBadText(request: FastifyRequest, _reply: FastifyReply): Promise<void> {
  for (const part of PARTS) {
    const at = badTextPath(request[part]);
    if (at !== null) {
      throw new HttpError(
        400,
        'bad_text',
        `${PART_NAMES[part]}${at === '/' ? '' : at} must not contain NUL characters or unpaired surrogates`,
      );
    }
  }
}
