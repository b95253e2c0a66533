// Schema-driven fuzzing of every route the app registers (server/testing/schema-fuzz.ts):
// bad bodies, queries and path parameters generated from each route's TypeBox schemas,
// sent as an admin (past every role check, so validation and handlers are reached) and,
// on public routes, anonymously. Never a 5xx; every refusal in the error shape; every
// input that breaks the schema refused with a 4xx. It walks the registered route table,
// so routes added later are fuzzed without a line here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzCases, type FuzzCase, type RouteSchemas } from '../testing/schema-fuzz.ts';
import { signInWithGoogle } from '../testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from '../testing/test-app.ts';
import { testEngine } from '../testing/test-db.ts';
import { publicBrokerTestEnv, testBroker } from '../testing/test-mqtt.ts';
import type { ApiRoute } from '../app.ts';

const ADMIN = 'fuzz-admin@example.com';
/** A route that does not answer in this long hangs. */
const HANG_MS = 15_000;

describe(`fuzzing every route from its schemas (${testEngine()}, ${testBroker()})`, () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({
      // Both brokers on Mosquitto when the run has one (grants, web UI users, live classes).
      ...publicBrokerTestEnv(),
      ADMIN_EMAILS: ADMIN,
      // The limits have tests of their own; here they would only hide handlers.
      ANONYMOUS_WRITES_PER_MINUTE: '1000000',
      ANONYMOUS_WRITE_BURST: '1000000',
      COMPILE_RATE_PER_SECOND: '100000',
      COMPILE_BURST: '100000',
      PUBLIC_LOG_RECORDS_PER_MINUTE: '10000000',
      STORAGE_BYTES_PER_DAY: String(2 ** 40),
      COMPILE_QUEUE_MAX: '1000',
    });
    admin = (await signInWithGoogle(t.emulatorHost, ADMIN, 'Fuzz Admin')).idToken;
    const signedIn = await t.app.inject({
      method: 'POST',
      url: t.app.apiRoutes.find((r) => r.url.endsWith('/auth'))?.url ?? '',
      headers: { ...bearer(admin), 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(signedIn.json().admin).toBe(true);
  }, 120_000);
  afterAll(() => t.close());

  const url = (route: ApiRoute, c: FuzzCase) => {
    const path = route.url.replace(
      /:([A-Za-z_]+)\??/g,
      (_m, name: string) => c.params[name] ?? 'x',
    );
    return c.query ? `${path}?${c.query}` : path;
  };

  async function send(route: ApiRoute, c: FuzzCase, token: string | null) {
    const request = t.app.inject({
      method: route.method as 'GET',
      url: url(route, c),
      headers: {
        ...(token ? bearer(token) : {}),
        ...(c.body === undefined ? {} : { 'content-type': c.contentType ?? 'application/json' }),
      },
      ...(c.body === undefined ? {} : { payload: c.body }),
    });
    let timer: NodeJS.Timeout | undefined;
    const hang = new Promise<null>((resolve) => {
      timer = setTimeout(() => resolve(null), HANG_MS);
    });
    const res = await Promise.race([request, hang]);
    clearTimeout(timer);
    return res;
  }

  /** What is wrong with the answer to a case, if anything. */
  function problem(res: Awaited<ReturnType<typeof send>>, c: FuzzCase): string | null {
    if (res === null) return `no answer in ${HANG_MS} ms`;
    if (res.statusCode >= 500) return `${res.statusCode} ${res.body.slice(0, 160)}`;
    if (res.statusCode >= 400) {
      let body: unknown;
      try {
        body = res.json();
      } catch {
        return `${res.statusCode} without a JSON body: ${res.body.slice(0, 80)}`;
      }
      const b = body as { error?: unknown; message?: unknown };
      if (typeof b.error !== 'string' || typeof b.message !== 'string' || b.message === '') {
        return `${res.statusCode} not in the error shape: ${res.body.slice(0, 120)}`;
      }
    } else if (c.invalid) {
      return `${res.statusCode}: accepted input that breaks the schema`;
    }
    return null;
  }

  it('never answers a 5xx, refuses in the error shape and refuses what breaks the schema', async () => {
    const routes = t.app.apiRoutes;
    // Every group's routes are here, the ones other work adds included.
    expect(routes.length).toBeGreaterThan(40);
    const failures: string[] = [];
    let sent = 0;
    for (const route of routes) {
      const cases = fuzzCases(route.schema as RouteSchemas, route.bodyLimit);
      const callers = route.isPublic ? [admin, null] : [admin];
      for (const c of cases) {
        for (const token of callers) {
          const res = await send(route, c, token);
          sent++;
          // Anonymous callers of a route for signed-in users may be refused first.
          const p = problem(
            res,
            token === null && res?.statusCode === 401 ? { ...c, invalid: false } : c,
          );
          if (p)
            failures.push(
              `${route.method} ${route.url} [${c.name}]${token ? '' : ' (anonymous)'}: ${p}`,
            );
        }
      }
    }
    expect(sent).toBeGreaterThan(1000);
    const serverErrors = failures.filter((f) => /\]( \(anonymous\))?: (5\d\d|no answer)/.test(f));
    // The figure the trust reviews quote: cases sent, and how many got a 5xx or no answer.
    console.info(`fuzz: ${sent} cases, ${serverErrors.length} with a 5xx or no answer`);
    expect(failures, `${failures.length} of ${sent} cases`).toEqual([]);
  }, 900_000);
});
