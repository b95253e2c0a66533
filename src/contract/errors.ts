// Every error code a failed API call can carry: the `error` of the server's `ErrorBody`, and
// the few the app makes itself when no usable answer came. One union, `ApiErrorCode`: the
// server's `HttpError` takes only these, and the UI translates each through
// `global:mapping.{code}` (a test checks that every code has its text in every locale).
// A feature adds its codes here, in a list of its own; the English text of a code stays with
// the route that sends it (or in the feature's contract table, like CLASSROOM_ERRORS).
import { CLASSROOM_ERRORS } from './classroom.ts';
import { EXTENSION_ERRORS } from './extensions.ts';
import { MESSAGE_ERRORS } from './messages.ts';
import { REMOTE_LAB_ERRORS } from './remote-lab.ts';
import { WEBUI_ERRORS } from './webui.ts';

/** Answers any route may give, by HTTP status (validation, sign-in, roles, limits). */
export const HTTP_STATUS_ERRORS = {
  400: 'bad_request',
  401: 'unauthorized',
  403: 'forbidden',
  404: 'not_found',
  405: 'method_not_allowed',
  406: 'not_acceptable',
  408: 'request_timeout',
  409: 'conflict',
  411: 'length_required',
  413: 'payload_too_large',
  414: 'uri_too_long',
  415: 'unsupported_media_type',
  429: 'too_many_requests',
  431: 'headers_too_large',
  500: 'internal',
  503: 'unavailable',
} as const;
type HttpStatusErrorCode = (typeof HTTP_STATUS_ERRORS)[keyof typeof HTTP_STATUS_ERRORS];

/** Failures the app names itself: no answer, an answer it cannot read, offline mode. */
const CLIENT_ERROR_CODES = ['network_error', 'bad_response', 'offline'] as const;

/** Sign-in checks (server/auth): the token could not be checked (the identity service did not answer). */
const AUTH_ERROR_CODES = ['sign_in_unavailable'] as const;

/** Users and accounts (server/users, server/routes/users.ts). */
const USER_ERROR_CODES = ['user_not_found', 'email_exists', 'own_account'] as const;

/** Projects, catalogs and shared workspaces (server/projects, server/storage). */
const PROJECT_ERROR_CODES = [
  'project_not_found',
  'not_owner',
  'invalid_url',
  'catalog_exists',
  'catalog_not_found',
  'not_catalog_owner',
  'project_not_in_catalog',
  'workspace_not_found',
] as const;

/** Cloud datalog channels and series (server/datalog). */
const CLOUD_DATALOG_ERROR_CODES = [
  'login_required',
  'channel_not_found',
  'not_channel_owner',
  'public_log',
  'field_not_found',
  'too_many_fields',
  'bad_value',
  'bad_time',
  'bad_range',
  'too_many_points',
  'tag_empty',
  'tag_exists',
  'name_quota',
  'not_moderator',
  'too_many_records',
] as const;

/** Limits on what any caller may send (server/http, server/compile, server/storage). */
const LIMIT_ERROR_CODES = [
  'bad_text',
  'compile_busy',
  'compile_timeout',
  'compile_failed',
  'workspace_too_large',
] as const;

type Values<T> = T[keyof T];

export type ApiErrorCode =
  | HttpStatusErrorCode
  | (typeof CLIENT_ERROR_CODES)[number]
  | (typeof AUTH_ERROR_CODES)[number]
  | (typeof USER_ERROR_CODES)[number]
  | (typeof PROJECT_ERROR_CODES)[number]
  | (typeof CLOUD_DATALOG_ERROR_CODES)[number]
  | (typeof LIMIT_ERROR_CODES)[number]
  | (typeof REMOTE_LAB_ERRORS)[number]
  | keyof typeof CLASSROOM_ERRORS
  | Values<typeof EXTENSION_ERRORS>['error']
  | Values<typeof MESSAGE_ERRORS>['error']
  | Values<typeof WEBUI_ERRORS>['error'];

/** Every `ApiErrorCode`, for checks at run time (translations, unknown answers). */
export const API_ERROR_CODES: ReadonlySet<ApiErrorCode> = new Set<ApiErrorCode>([
  ...Object.values(HTTP_STATUS_ERRORS),
  ...CLIENT_ERROR_CODES,
  ...AUTH_ERROR_CODES,
  ...USER_ERROR_CODES,
  ...PROJECT_ERROR_CODES,
  ...CLOUD_DATALOG_ERROR_CODES,
  ...LIMIT_ERROR_CODES,
  ...REMOTE_LAB_ERRORS,
  ...(Object.keys(CLASSROOM_ERRORS) as (keyof typeof CLASSROOM_ERRORS)[]),
  ...Object.values(EXTENSION_ERRORS).map((e) => e.error),
  ...Object.values(MESSAGE_ERRORS).map((e) => e.error),
  ...Object.values(WEBUI_ERRORS).map((e) => e.error),
]);

export function isApiErrorCode(code: string): code is ApiErrorCode {
  return (API_ERROR_CODES as ReadonlySet<string>).has(code);
}

declare const unlisted: unique symbol;
/** A code the server sent that this app's lists do not hold (a newer server): the UI shows
 * it as it is. Distinct from `ApiErrorCode`, so comparing one with a misspelt code fails to
 * compile. */
export type UnlistedErrorCode = string & { readonly [unlisted]: true };
