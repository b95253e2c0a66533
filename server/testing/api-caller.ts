// Calls the in-process API as a given account (or anonymously), for route tests.
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import { bearer, type TestApp } from './test-app.ts';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

export function apiCaller(t: TestApp) {
  return async function call(method: Method, path: string, token: string | null, body?: unknown) {
    const res = await t.app.inject({
      method,
      url: `${API_BASE_PATH}${path}`,
      headers: {
        ...(token ? bearer(token) : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    });
    return {
      status: res.statusCode,
      /** The JSON answer (throws for a non-JSON body). */
      get body() {
        return res.json();
      },
      text: res.body,
      contentType: String(res.headers['content-type'] ?? ''),
    };
  };
}

export type ApiCall = ReturnType<typeof apiCaller>;

/** The caller with the token first and the answer read as `T`, for suites that type each
 * answer; `app` is read at each call (suites start their app in `beforeAll`). */
export function typedApiCaller(app: () => TestApp) {
  return async <T>(token: string | null, method: Method, path: string, body?: unknown) => {
    const res = await apiCaller(app())(method, path, token, body);
    return { status: res.status, body: res.body as T };
  };
}
