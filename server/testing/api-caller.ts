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
