// One error shape for every failure: `{error, message}`, where `error` is a stable code the
// UI maps through `global.mapping.{error}`. Handlers throw HttpError; everything else is
// turned into a 4xx with Fastify's own explanation, or a 500 without details.
import http from 'node:http';
import type { Duplex } from 'node:stream';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { FastifySchemaValidationError } from 'fastify/types/schema.js';
import { PATTERN_HINTS, type ErrorBody } from '../../src/contract/common.ts';
import { PIN_HINT, PIN_PATTERN } from '../../src/contract/remote-lab.ts';
import { HTTP_STATUS_ERRORS, type ApiErrorCode } from '../../src/contract/errors.ts';

export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Seconds, sent as Retry-After (429, 503). */
    readonly retryAfter?: number,
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'Sign in to use this service') =>
  new HttpError(401, 'unauthorized', message);
export const forbidden = (message = 'Your role does not allow this') =>
  new HttpError(403, 'forbidden', message);
export const notFound = (message: string) => new HttpError(404, 'not_found', message);

const CODES: Partial<Record<number, ApiErrorCode>> = HTTP_STATUS_ERRORS;

function errorBody(statusCode: number, message: string, code?: ApiErrorCode): ErrorBody {
  return { error: code ?? CODES[statusCode] ?? 'bad_request', message };
}

export function handleError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error instanceof HttpError) {
    if (error.retryAfter !== undefined) reply.header('retry-after', String(error.retryAfter));
    return reply
      .code(error.statusCode)
      .send(errorBody(error.statusCode, error.message, error.code));
  }
  if (error.validation) {
    return reply.code(400).send(errorBody(400, error.message));
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    return reply.code(status).send(errorBody(status, error.message));
  }
  request.log.error({ err: error }, 'request failed');
  return reply.code(500).send({ error: 'internal', message: 'Internal server error' });
}

const HINTS: Record<string, string> = { ...PATTERN_HINTS, [PIN_PATTERN]: PIN_HINT };

/** Validation message: `body/name must not be blank; querystring/page must be >= 1`. */
export function formatSchemaErrors(errors: FastifySchemaValidationError[], dataVar: string): Error {
  const parts = errors.map((e) => {
    const hint = e.keyword === 'pattern' ? HINTS[String(e.params.pattern)] : undefined;
    return `${dataVar}${e.instancePath} ${hint ?? e.message ?? 'is invalid'}`;
  });
  return new Error(parts.join('; '));
}

export function handleNotFound(request: FastifyRequest, reply: FastifyReply) {
  return reply
    .code(404)
    .send(errorBody(404, `No route for ${request.method} ${request.url.split('?')[0] ?? ''}`));
}

/**
 * Node's own refusals, raised before a request exists (a malformed request line or header,
 * a bad chunked body, Content-Length with Transfer-Encoding, a request that took too long):
 * the same `{error, message}` shape as every other answer, then the connection ends.
 */
export function handleClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, message] =
    error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'The request took too long to arrive']
      : error.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'The request headers are too large']
        : [400, 'The request is malformed'];
  const body = JSON.stringify(errorBody(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${http.STATUS_CODES[status] ?? ''}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
