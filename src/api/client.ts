// The one HTTP client of the product API (spec core §7 "Generic API client"): GET, POST,
// PUT, DELETE against a configured base URL, the signed-in user's Bearer token on every
// call, the data body as the result. A refused token is renewed once, and a session that is
// gone asks the person to sign in again before the call is sent again (session-retry.ts). A
// failure shows a warning toast with the mapped text (src/api/errors.ts) and rejects with an
// ApiError.
import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import i18next from 'i18next';
import { waitForToken } from './wait-for-token.ts';
import { session } from '../state/session.ts';
import { showToast, ui } from '../state/ui.ts';
import { API_BASE_PATH } from '../contract/base-path.ts';
import { ApiError, refusedAnswer, toApiError, type Translator } from './errors.ts';
import { retryOnReset } from './replica-retry.ts';
import { sendWithSession, type TokenSource } from './session-retry.ts';

export interface CallOptions {
  params?: Record<string, string | number | boolean | undefined>;
  signal?: AbortSignal;
  /** Do not show a toast on failure (the caller reports it, or ignores it by design). */
  quiet?: boolean;
  /** Send no token and do not wait for one (public endpoints needed before sign-in). */
  anonymous?: boolean;
  /** Never ask the person to sign in again when their session is gone (background calls). */
  noSignIn?: boolean;
  responseType?: AxiosRequestConfig['responseType'];
  /** Content type of a raw body (an uploaded file); JSON otherwise. */
  contentType?: string;
  /** Upload progress, 0..1 (file uploads). */
  onUploadProgress?: (fraction: number) => void;
  /**
   * A write that may be sent twice without harm: sent again once when its connection is
   * reset, like every GET (replica-retry.ts).
   */
  idempotent?: boolean;
}

export interface ApiClientOptions {
  baseURL: string;
  /** Where tokens come from; the auth service replaces it once it runs (`tokens`). */
  tokens?: TokenSource;
  /** Shorthand for a token source without renewal: the Bearer token for the next call. */
  getToken?: () => Promise<string | null>;
  /** With `getToken`: a fresh token after the server refused one (401), or null. */
  refreshToken?: () => Promise<string | null>;
  i18n: Translator;
  /** Shows a failure to the user. */
  notify: (message: string) => void;
  timeoutMs?: number;
  /**
   * Offline mode (docs/offline.md): calls are not sent and fail at once with the error code
   * `offline` ('This needs a connection…').
   */
  isOffline?: () => boolean;
  /** Called when a call could not reach the server at all. */
  onUnreachable?: () => void;
}

export class ApiClient {
  private readonly http: AxiosInstance;
  /** Replaced by the auth service once it runs (renewal, signing in again). */
  tokens: TokenSource;

  constructor(private readonly options: ApiClientOptions) {
    this.http = axios.create({ baseURL: options.baseURL, timeout: options.timeoutMs ?? 30_000 });
    const current = options.getToken ?? (() => Promise.resolve(null));
    const renew = options.refreshToken;
    this.tokens = options.tokens ?? {
      current,
      renew: () => renew?.() ?? Promise.resolve(null),
      signInAgain: () => Promise.resolve(null),
    };
  }

  get<T>(url: string, options: CallOptions = {}): Promise<T> {
    return this.request<T>({ method: 'GET', url }, options);
  }

  /** GET that also returns the response headers (lower-case names), for paged lists. */
  async getWithHeaders<T>(
    url: string,
    options: CallOptions = {},
  ): Promise<{ data: T; headers: Record<string, string> }> {
    let headers: Record<string, string> = {};
    const data = await this.request<T>({ method: 'GET', url }, options, (h) => (headers = h));
    return { data, headers };
  }

  post<T>(url: string, body: unknown = {}, options: CallOptions = {}): Promise<T> {
    return this.request<T>({ method: 'POST', url, data: body }, options);
  }

  put<T>(url: string, body: unknown = {}, options: CallOptions = {}): Promise<T> {
    return this.request<T>({ method: 'PUT', url, data: body }, options);
  }

  delete<T>(url: string, options: CallOptions = {}): Promise<T> {
    return this.request<T>({ method: 'DELETE', url }, options);
  }

  /**
   * Reads a server-sent event stream, calling `onData` with the `data` and `id` of each event, until
   * the server ends it (resolves) or `signal` aborts. fetch, because the HTTP client cannot
   * stream. A refusal rejects with an ApiError carrying the mapped text; an expired token
   * is refreshed once, as for every call.
   */
  async events(
    url: string,
    onData: (data: string, id: string | null) => void,
    options: { signal?: AbortSignal; lastEventId?: string | null } = {},
  ): Promise<void> {
    const open = (token: string | null) =>
      fetch(`${this.options.baseURL}${url}`, {
        headers: {
          accept: 'text/event-stream',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          // A stream opened again names the last event it saw (possibly on another replica).
          ...(options.lastEventId ? { 'Last-Event-ID': options.lastEventId } : {}),
        },
        signal: options.signal ?? null,
      });
    let res: Response;
    try {
      res = await sendWithSession({
        tokens: this.tokens,
        send: async (token) => {
          const answer = await open(token);
          if (answer.status === 401) throw new RefusedStream(answer);
          return answer;
        },
        refused: (error) => error instanceof RefusedStream,
      });
    } catch (error) {
      if (error instanceof RefusedStream) {
        res = error.response;
      } else {
        if (options.signal?.aborted) throw error;
        throw new ApiError(this.options.i18n.t('global:mapping.network_error'), 0, 'network_error');
      }
    }
    if (!res.ok || !res.body) {
      const body: unknown = await res.json().catch(() => null);
      throw refusedAnswer(res.status, body, this.options.i18n);
    }
    const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
    let buffer = '';
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      buffer += value;
      let end: number;
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const lines = buffer.slice(0, end).split('\n');
        buffer = buffer.slice(end + 2);
        const data = lines
          .filter((line) => line.startsWith('data:'))
          .map((line) => line.slice(5).trimStart())
          .join('\n');
        const id =
          lines
            .find((line) => line.startsWith('id:'))
            ?.slice(3)
            .trim() ?? null;
        if (data !== '') onData(data, id);
      }
    }
  }

  private notify(failure: ApiError): void {
    this.options.notify(failure.message);
    failure.reported = true;
  }

  private async request<T>(
    config: AxiosRequestConfig,
    options: CallOptions,
    onHeaders?: (headers: Record<string, string>) => void,
  ): Promise<T> {
    const send = (token: string | null) =>
      retryOnReset(() => sendOnce(token), config.method, {
        idempotent: options.idempotent ?? false,
        ...(options.signal ? { signal: options.signal } : {}),
      });
    const sendOnce = (token: string | null) =>
      this.http.request<T>({
        ...config,
        params: options.params,
        signal: options.signal,
        responseType: options.responseType ?? 'json',
        headers: {
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
          ...(options.contentType ? { 'Content-Type': options.contentType } : {}),
        },
        ...(options.onUploadProgress
          ? {
              onUploadProgress: (e: { loaded: number; total?: number }) =>
                options.onUploadProgress?.(e.total ? e.loaded / e.total : 0),
            }
          : {}),
      });
    if (this.options.isOffline?.()) {
      const failure = new ApiError(this.options.i18n.t('global:mapping.offline'), 0, 'offline');
      if (!options.quiet) this.notify(failure);
      throw failure;
    }
    try {
      const received = (r: { data: T; headers: object }) => {
        onHeaders?.(
          Object.fromEntries(
            Object.entries(r.headers).map(([k, v]) => [k.toLowerCase(), String(v)]),
          ),
        );
        return r.data;
      };
      return received(
        await sendWithSession({
          tokens: this.tokens,
          send,
          refused: (error) => axios.isAxiosError(error) && error.response?.status === 401,
          anonymous: options.anonymous ?? false,
          noSignIn: options.noSignIn ?? false,
        }),
      );
    } catch (error) {
      const failure = toApiError(error, this.options.i18n);
      if (failure.code === 'network_error') this.options.onUnreachable?.();
      if (axios.isCancel(error)) failure.reported = true;
      else if (!options.quiet) this.notify(failure);
      throw failure;
    }
  }
}

/** A stream the server refused (401), carried through the session policy. */
class RefusedStream extends Error {
  constructor(readonly response: Response) {
    super('refused');
  }
}

/**
 * The app's API base: same-origin unless the build's VITE_API_BASE_URL points elsewhere.
 * Node (a bench, a script) has no import.meta.env: loading this module there must not throw,
 * and such callers build their own ApiClient with the server's URL.
 */
export function appBaseUrl(env: Partial<ImportMetaEnv> | undefined = import.meta.env): string {
  return env?.VITE_API_BASE_URL || API_BASE_PATH;
}

/** The app's client. */
export const api = new ApiClient({
  baseURL: appBaseUrl(),
  // Until sign-in runs: the session's token once restored (the auth service takes over).
  getToken: () => waitForToken(session),
  i18n: {
    exists: (key) => i18next.exists(key),
    t: (key) => i18next.t(key),
  },
  notify: (message) => showToast('warning', message),
  isOffline: () => ui.offline,
  onUnreachable: () => unreachableListener?.(),
});

let unreachableListener: (() => void) | null = null;

/** The connectivity service hears about calls that could not reach the server. */
export function onApiUnreachable(listener: (() => void) | null): void {
  unreachableListener = listener;
}
