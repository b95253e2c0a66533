// `npm run make-admin -- <e-mail>` as a real process against the server's database: an
// e-mail-and-password account (never verified, so ADMIN_EMAILS cannot promote it) becomes
// admin, which the running server's own auth answer and an admin-only route then show.
import { spawnSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUpWithPassword, uniqueEmail } from '../server/testing/emulator-accounts.ts';
import { bearer, startTestApp, type TestApp } from '../server/testing/test-app.ts';
import { API_BASE_PATH } from '../src/contract/base-path.ts';

function makeAdmin(t: TestApp, ...args: string[]) {
  const run = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/make-admin.ts', ...args], {
    env: { ...process.env, ...t.database.env, LOG_LEVEL: 'silent' },
    encoding: 'utf8',
  });
  return { code: run.status, out: run.stdout.trim(), err: run.stderr.trim() };
}

describe('make-admin', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ ADMIN_EMAILS: '' });
  });
  afterAll(() => t.close());

  const auth = async (idToken: string) =>
    (
      await t.app.inject({
        method: 'POST',
        url: `${API_BASE_PATH}/auth`,
        headers: bearer(idToken),
        payload: {},
      })
    ).json<{ admin: boolean; user_role: string }>();

  it('makes a signed-in e-mail-and-password account the first admin', async () => {
    const email = uniqueEmail('first-admin');
    const account = await signUpWithPassword(t.emulatorHost, email);
    expect(await auth(account.idToken)).toMatchObject({ admin: false, user_role: 'user' });
    const browse = () =>
      t.app.inject({
        method: 'GET',
        url: `${API_BASE_PATH}/user/browse`,
        headers: bearer(account.idToken),
      });
    expect((await browse()).statusCode).toBe(403);

    // The address as typed, in other case: e-mails are kept in lower case.
    const run = makeAdmin(t, email.toUpperCase());
    expect(run).toMatchObject({ code: 0, err: '' });
    expect(run.out).toBe(
      `${email.toUpperCase()} is now an administrator. Reload GoGo Code (or sign in again) to see the admin menus; from there, admins give roles to others under Classroom ▸ Users.`,
    );
    expect(await auth(account.idToken)).toMatchObject({ admin: true, user_role: 'admin' });
    expect((await browse()).statusCode).toBe(200);

    expect(makeAdmin(t, email)).toMatchObject({
      code: 0,
      out: `${email} is already an administrator.`,
    });
  });

  it('says what to do for an e-mail nobody has signed in with, and changes nothing', () => {
    const email = uniqueEmail('nobody');
    const run = makeAdmin(t, email);
    expect(run.code).toBe(1);
    expect(run.err).toMatch(
      new RegExp(
        `^Nobody has signed in with ${email} yet \\(looked in .+\\)\\. Sign in to GoGo Code once with this e-mail, any sign-in method, then run this again\\.$`,
      ),
    );
  });

  it('prints its usage without exactly one e-mail', () => {
    for (const args of [[], ['not-an-email'], ['a@b.c', 'd@e.f']]) {
      expect(makeAdmin(t, ...args)).toMatchObject({
        code: 2,
        err: 'usage: npm run make-admin -- <e-mail of an account that has signed in>',
      });
    }
  });
});
