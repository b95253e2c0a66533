import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { session } from '../state/session.ts';
import { closeRouters, openPath, shownScreen } from './test-router.ts';

/** A well-formed project, catalog or dashboard id. */
const UUID = '0b7c1c7e-1f7e-4d7a-9a53-2d6f0b7f1a11';

// [path typed by the user, path it settles on, screen shown]
const TABLE: [string, string, string][] = [
  ['/logout', '/logout', 'LogoutPage'],
  ['/auth/logout', '/auth/logout', 'LogoutPage'],
  ['/auth', '/auth/login', 'LoginPage'],
  ['/auth/login', '/auth/login', 'LoginPage'],
  ['/auth/signup', '/auth/signup', 'SignupPage'],
  ['/app/program', '/program', 'EditorPage:program'],
  ['/app/program/abc-123', '/program/abc-123', 'EditorPage:program'],
  ['/editor', '/editor', 'EditorPage:editor'],
  ['/editor/42', '/editor/42', 'EditorPage:editor'],
  ['/view/42', '/view/42', 'EditorPage:view'],
  ['/view-v1/42', '/view-v1/42', 'EditorPage:viewV1'],
  ['/gogobright/', '/gogobright/', 'BrightPage'],
  ['/datalog', '/datalog/public', 'datalogPublic'],
  ['/datalog/public/ch1', '/datalog/public/ch1', 'datalogPublic'],
  ['/datalog/offline', '/datalog/offline', 'OfflineDatalogPage'],
  ['/datalog/plotban', '/datalog/plotban', 'PlotLabPage'],
  ['/classroom', '/classroom/class', 'ClassIndexPage'],
  ['/classroom/class', '/classroom/class', 'ClassIndexPage'],
  ['/classroom/class/my', '/classroom/class/my', 'ClassListPage'],
  ['/classroom/my-enrolled', '/classroom/my-enrolled', 'MyEnrolledPage'],
  ['/classroom/classd', '/classroom/classd', 'ClassDetailPage'],
  ['/classroom/classd/c1/people', '/classroom/classd/c1/people', 'ClassDetailPage'],
  ['/classroom/lessond', '/classroom/lessond', 'LessonDetailPage'],
  ['/classroom/lessond/l1', '/classroom/lessond/l1', 'LessonDetailPage'],
  ['/classroom/lesson', '/classroom/lesson', 'LessonPanelPage'],
  ['/classroom/enroll', '/classroom/enroll', 'EnrollPage'],
  ['/classroom/user-mgnt', '/classroom/user-mgnt', 'UserMgntPage'],
  ['/classroom/nowhere/deep', '/classroom/class', 'ClassIndexPage'],
  ['/remix', '/remix/projects', 'remixProjects'],
  ['/remix/my-projects', '/remix/my-projects', 'remixMyProjects'],
  ['/remix/my-catalogs', '/remix/my-catalogs', 'remixMyCatalogs'],
  ['/remix/catalogs', '/remix/catalogs', 'remixCatalogs'],
  ['/remix/unknown', '/remix/projects', 'remixProjects'],
  [`/project/${UUID}`, `/project/${UUID}`, 'project'],
  [`/catalog/${UUID}`, `/catalog/${UUID}`, 'catalog'],
  ['/teachable-machine', '/teachable-machine', 'TeachableMachinePage'],
  ['/', '/program', 'EditorPage:program'],
  ['/program', '/program', 'EditorPage:program'],
  ['/program/p1', '/program/p1', 'EditorPage:program'],
  ['/program/submission', '/program', 'EditorPage:program'],
  ['/program/submission/s1', '/program/submission/s1', 'SubmissionPage'],
  ['/code/u1', '/code/u1', 'EditorPage:code'],
  ['/extension', '/extension', 'ExtensionEditorPage'],
  ['/extension/e1', '/extension/e1', 'ExtensionEditorPage'],
  ['/extensions', '/extensions', 'ExtensionsPage'],
  ['/extensions/e1', '/extensions/e1', 'ExtensionPage'],
  ['/update-firmware', '/update-firmware', 'UpdateFirmwarePage'],
  ['/gogoboard', '/gogoboard', 'GogoboardPage'],
  ['/raspberry', '/raspberry', 'RaspberryPage'],
  ['/program-v1/1', '/program-v1/1', 'EditorPage:programV1'],
  ['/program-v2/1', '/program-v2/1', 'EditorPage:programV2'],
  ['/program-blockly', '/program-blockly', 'EditorPage:programBlockly'],
  ['/developer-mode', '/developer-mode', 'DeveloperPage'],
  ['/dashboard', '/dashboard', 'DashboardPage'],
  ['/webui', '/webui', 'WebuiListPage'],
  [`/webui/${UUID}`, `/webui/${UUID}`, 'DashboardPage'],
  ['/webui/shared/abc', '/webui/shared/abc', 'SharedDashboardPage'],
  ['/no-such-page', '/program', 'EditorPage:program'],
  ['/auth/unknown', '/program', 'EditorPage:program'],
];

afterEach(closeRouters);

const SIGNED_IN = {
  id: 'u1',
  name: 'Ann',
  email: 'ann@example.org',
  photoUrl: '',
  providerId: 'password',
};

// The editor screen pulls in Blockly: load it once up front, so the first route test that
// shows it is not timed on a cold import (slow on a loaded machine).
beforeAll(async () => {
  await import('../editor/ui/EditorPage.tsx');
}, 60_000);

describe('route table', () => {
  // Classroom screens show themselves to signed-in users (ClassroomGate shows visitors a
  // sign-in prompt instead).
  beforeEach(() => {
    session.loading = false;
    session.user = SIGNED_IN;
  });
  afterEach(() => {
    session.user = null;
  });

  it.each(TABLE)('opens %s at %s showing %s', async (path, final, screen) => {
    const router = await openPath(path);
    expect(router.state.location.pathname).toBe(final);
    expect(shownScreen(router)).toBe(screen);
  });

  it('keeps a redirecting address out of history after a link click', async () => {
    const router = await openPath('/dashboard');
    await router.navigate('/classroom');
    expect(router.state.location.pathname).toBe('/classroom/class');
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('replaces a redirecting address typed into the address bar, so Back leaves it', async () => {
    window.history.pushState(null, '', '#/dashboard');
    const router = await openPath('/remix');
    expect(window.location.hash).toBe('#/remix/projects');
    await router.navigate(-1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    await router.navigate(1);
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/remix/projects'));
  });

  it('encodes the id it carries from /app/program to /program', async () => {
    const router = await openPath('/app/program/a%20b');
    expect(router.state.location.pathname).toBe('/program/a%20b');
    expect(router.state.matches.at(-1)?.params.id).toBe('a b');
  });
});

describe('route table (profile needs a signed-in user)', () => {
  beforeEach(() => {
    session.loading = false;
    session.user = null;
    session.lastPath = null;
  });
  afterEach(() => {
    session.user = null;
  });

  it('sends a visitor to sign-in and remembers the profile path', async () => {
    const router = await openPath('/profile?tab=2');
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(session.lastPath).toBe('/profile?tab=2');
  });

  it.each(['/webui', `/webui/${UUID}`])('sends a visitor from %s to sign-in', async (path) => {
    const router = await openPath(path);
    expect(router.state.location.pathname).toBe('/auth/login');
    expect(session.lastPath).toBe(path);
  });

  it('shows a shared dashboard link to a visitor', async () => {
    const router = await openPath('/webui/shared/abc');
    expect(shownScreen(router)).toBe('SharedDashboardPage');
  });

  it('shows the profile to a signed-in user', async () => {
    session.user = SIGNED_IN;
    const router = await openPath('/profile');
    expect(router.state.location.pathname).toBe('/profile');
    expect(shownScreen(router)).toBe('ProfilePage');
  });
});
