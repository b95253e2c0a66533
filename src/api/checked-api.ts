// Typed calls whose answers are checked against the contract (src/contract/) before use: a
// server that answers something else fails with a 'bad_response' ApiError instead of
// rendering half a screen. Framework-free; feature APIs (extensions, messages) build on it.
import type { Static, TSchema } from '@sinclair/typebox';
import { Value } from '@sinclair/typebox/value';
import type { CallOptions } from './client.ts';
import { ApiError } from './errors.ts';

/** The part of the API client used here (src/api/client.ts ApiClient). */
export interface ApiTransport {
  get<T>(url: string, options?: CallOptions): Promise<T>;
  post<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
  put<T>(url: string, body?: unknown, options?: CallOptions): Promise<T>;
  delete<T>(url: string, options?: CallOptions): Promise<T>;
}

interface CheckedApiDeps {
  client: ApiTransport;
  /** Shows a failure to the user (a warning toast in the app). */
  notify: (message: string) => void;
  /** Translates a key (for the 'bad_response' text). */
  translate: (key: string) => string;
}

/**
 * Per call: `quiet` leaves reporting a failure to the caller; `background` marks a call the
 * app makes on its own (a poll), which never opens the "Sign in again" dialog.
 */
export interface Call {
  quiet?: boolean;
  background?: boolean;
  /** Sent without the user's token (public files such as firmware releases). */
  anonymous?: boolean;
}

const callOptions = (call: Call): CallOptions => ({
  quiet: call.quiet ?? false,
  ...(call.background ? { noSignIn: true } : {}),
  ...(call.anonymous ? { anonymous: true } : {}),
});

export const pathId = (value: string) => encodeURIComponent(value);

export class CheckedApi {
  constructor(protected readonly deps: CheckedApiDeps) {}

  /** The 'bad_response' failure: an answer that is not what the contract says. */
  protected badResponse(call: Call): ApiError {
    const error = new ApiError(
      this.deps.translate('global:mapping.bad_response'),
      200,
      'bad_response',
    );
    if (!call.quiet) {
      this.deps.notify(error.message);
      error.reported = true;
    }
    return error;
  }

  protected checked<S extends TSchema>(schema: S, data: unknown, call: Call): Static<S> {
    if (Value.Check(schema, data)) return data;
    throw this.badResponse(call);
  }

  protected async get<S extends TSchema>(
    schema: S,
    url: string,
    call: Call = {},
    params?: CallOptions['params'],
  ): Promise<Static<S>> {
    const options = callOptions(call);
    if (params) options.params = params;
    return this.checked(schema, await this.deps.client.get<unknown>(url, options), call);
  }

  protected async send<S extends TSchema>(
    schema: S,
    method: 'post' | 'put',
    url: string,
    body: unknown,
    call: Call = {},
  ): Promise<Static<S>> {
    const answer = await this.deps.client[method]<unknown>(url, body, callOptions(call));
    return this.checked(schema, answer, call);
  }

  protected async delete<S extends TSchema>(schema: S, url: string, call: Call = {}) {
    const answer = await this.deps.client.delete<unknown>(url, callOptions(call));
    return this.checked(schema, answer, call);
  }
}
