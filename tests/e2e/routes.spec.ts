// Every route of the table resolves: typed into the address bar, each path settles where the
// spec says and shows its screen's heading.
import { test } from '@playwright/test';
import { App } from './app.ts';
import { text } from './locales.ts';

const UUID = '0b7c1c7e-1f7e-4d7a-9a53-2d6f0b7f1a11';

// [path typed, path it settles on, heading text reference]
const ROUTES: [string, string, string][] = [
  ['/logout', '/auth/login', 'auth:welcome'],
  ['/auth/logout', '/auth/login', 'auth:welcome'],
  ['/auth', '/auth/login', 'auth:welcome'],
  ['/auth/login', '/auth/login', 'auth:welcome'],
  ['/auth/signup', '/auth/signup', 'auth:welcome'],
  ['/app/program', '/program', 'screens:program.title'],
  ['/app/program/p1', '/program/p1', 'screens:program.title'],
  ['/editor', '/editor', 'screens:editor.title'],
  ['/editor/e1', '/editor/e1', 'screens:editor.title'],
  ['/view/v1', '/view/v1', 'screens:view.title'],
  ['/view-v1/v1', '/view-v1/v1', 'screens:viewV1.title'],
  ['/gogobright/', '/gogobright/', 'screens:gogobright.title'],
  ['/teachable-machine', '/teachable-machine', 'screens:teachableMachine.title'],
  ['/datalog', '/datalog/public', 'screens:datalogPublic.title'],
  ['/datalog/public/channel-1', '/datalog/public/channel-1', 'screens:datalogPublic.title'],
  ['/datalog/offline', '/datalog/offline', 'screens:datalogOffline.title'],
  ['/datalog/plotban', '/datalog/plotban', 'screens:plotban.title'],
  ['/classroom', '/classroom/class', 'screens:classIndex.title'],
  ['/classroom/class', '/classroom/class', 'screens:classIndex.title'],
  ['/classroom/class/teaching', '/classroom/class/teaching', 'screens:classList.title'],
  ['/classroom/my-enrolled', '/classroom/my-enrolled', 'screens:myEnrolled.title'],
  ['/classroom/classd/c1/gradebook', '/classroom/classd/c1/gradebook', 'screens:classDetail.title'],
  ['/classroom/lessond/l1', '/classroom/lessond/l1', 'screens:lessonDetail.title'],
  ['/classroom/lesson', '/classroom/lesson', 'screens:lesson.title'],
  ['/classroom/enroll', '/classroom/enroll', 'screens:enroll.title'],
  ['/classroom/user-mgnt', '/classroom/user-mgnt', 'screens:userMgnt.title'],
  ['/classroom/somewhere/else', '/classroom/class', 'screens:classIndex.title'],
  ['/remix', '/remix/projects', 'screens:remixProjects.title'],
  ['/remix/my-projects', '/remix/my-projects', 'screens:remixMyProjects.title'],
  ['/remix/my-catalogs', '/remix/my-catalogs', 'screens:remixMyCatalogs.title'],
  ['/remix/projects', '/remix/projects', 'screens:remixProjects.title'],
  ['/remix/catalogs', '/remix/catalogs', 'screens:remixCatalogs.title'],
  ['/remix/elsewhere', '/remix/projects', 'screens:remixProjects.title'],
  [`/project/${UUID}`, `/project/${UUID}`, 'screens:project.title'],
  [`/catalog/${UUID}`, `/catalog/${UUID}`, 'screens:catalog.title'],
  ['/', '/program', 'screens:program.title'],
  ['/program', '/program', 'screens:program.title'],
  [`/program/${UUID}`, `/program/${UUID}`, 'screens:program.title'],
  ['/program/submission/s1', '/program/submission/s1', 'screens:submission.title'],
  [`/code/${UUID}`, `/code/${UUID}`, 'screens:code.title'],
  // Only a signed-in contributor edits an extension's code; a visitor lands on its page.
  ['/extension/x1', '/extensions/x1', 'screens:extensions.title'],
  ['/update-firmware', '/update-firmware', 'screens:updateFirmware.title'],
  ['/gogoboard', '/gogoboard', 'screens:gogoboard.title'],
  ['/raspberry', '/raspberry', 'screens:raspberry.title'],
  ['/program-v1/1', '/program-v1/1', 'screens:programV1.title'],
  ['/program-v2/1', '/program-v2/1', 'screens:programV2.title'],
  ['/program-blockly', '/program-blockly', 'screens:programBlockly.title'],
  ['/developer-mode', '/developer-mode', 'dev:title'],
  ['/dashboard', '/dashboard', 'shell:dashboard.title'],
  // The web UI's own dashboards need sign-in; a shared link does not (this one is dead).
  ['/webui', '/auth/login', 'auth:welcome'],
  [`/webui/${UUID}`, '/auth/login', 'auth:welcome'],
  ['/webui/shared/no-such-link', '/webui/shared/no-such-link', 'webui:title'],
  ['/no-such-screen', '/program', 'screens:program.title'],
  ['/auth/nothing', '/program', 'screens:program.title'],
];

test.describe('Route table', () => {
  test('every route settles where the spec says and shows its screen', async ({ page }) => {
    test.setTimeout(180_000); // one fresh page load per route
    const app = new App(page);
    for (const [path, final, heading] of ROUTES) {
      await test.step(`${path} settles on ${final}`, async () => {
        await page.goto('about:blank'); // a fresh load each time, as if typed
        await app.open(path);
        await app.expectPath(final);
        await app.expectHeading(text('en', heading));
      });
    }
  });

  test('/profile sends a visitor to sign-in once the sign-in state is known', async ({ page }) => {
    const app = new App(page);
    await app.open('/profile');
    await app.expectPath('/auth/login');
    await app.expectHeading(text('en', 'auth:welcome'));
  });

  test('Back after a redirect returns to the previous screen, not into the redirect', async ({
    page,
  }) => {
    const app = new App(page);
    await app.open('/dashboard');
    await app.expectHeading(text('en', 'shell:dashboard.title'));
    await page.getByRole('link', { name: text('en', 'screens:classIndex.title') }).click();
    await app.expectPath('/classroom/class');
    await page.goBack();
    await app.expectPath('/dashboard');
  });
});
