// The route table (spec core §2, classroom-and-labs §2). Hash based. Every screen's code is
// loaded on demand (`lazy`), so the first download holds only the shell. Redirects are
// loaders (see src/shell/redirect.ts).
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router-dom';
import { guard, waitForAuth } from '../shell/guards.ts';
import AfterFrame from './layout/AfterFrame.tsx';
import BareLayout from './layout/BareLayout.tsx';
import LabLayout from './layout/LabLayout.tsx';
import StationLayout from './layout/StationLayout.tsx';
import MainLayout from './layout/MainLayout.tsx';
import PageLoading from './layout/PageLoading.tsx';
import RootLayout from './layout/RootLayout.tsx';
import RouteError from './layout/RouteError.tsx';
import type { EditorVariantId } from '../editor/variants.ts';
import { redirectFrom } from '../shell/redirect.ts';
import { nextTask } from '../ui/next-task.ts';

/** The program editor in one of its variants (src/editor/variants.ts), loaded on demand. */
function editor(variant: EditorVariantId) {
  return async () => {
    // Blockly's module code, then the editor's, each in a task of its own (together they were
    // one task of 100-170 ms on a slow computer, docs/first-load.md).
    await import('blockly/core');
    await nextTask();
    const { default: EditorPage } = await import('../editor/ui/EditorPage.tsx');
    return {
      element: (
        <AfterFrame>
          <EditorPage variant={variant} />
        </AfterFrame>
      ),
    };
  };
}

/** The remix site's screens (shared projects and catalogs). */
function remix(screen: 'remixMyProjects' | 'remixMyCatalogs' | 'remixProjects' | 'remixCatalogs') {
  return async () => {
    const { default: RemixPage } = await import('../remix/ui/RemixPage.tsx');
    return { element: <RemixPage screen={screen} /> };
  };
}

async function cloudDatalogPage() {
  const { default: CloudDatalogPage } = await import('../datalog/cloud/ui/CloudDatalogPage.tsx');
  return { element: <CloudDatalogPage screen="datalogPublic" /> };
}

async function projectPage() {
  const { default: ProjectPage } = await import('../remix/ui/ProjectPage.tsx');
  return { element: <ProjectPage screen="project" /> };
}

async function catalogPage() {
  const { default: CatalogPage } = await import('../remix/ui/CatalogPage.tsx');
  return { element: <CatalogPage screen="catalog" /> };
}

function page(load: () => Promise<{ default: ComponentType }>) {
  return async () => ({ Component: (await load()).default });
}

/** Lets the route load once the identity provider has said who is signed in. */
async function untilSessionKnown(): Promise<null> {
  await waitForAuth();
  return null;
}

/** The classroom's list screens (one module, two screens). */
function classroomList(name: 'ClassListPage' | 'MyEnrolledPage') {
  return async () => ({ Component: (await import('../classroom/ui/ClassListPage.tsx'))[name] });
}

/** A route that only sends the user to `path` (it renders nothing of its own). */
function to(path: string) {
  return {
    loader: ({ request }: LoaderFunctionArgs) => redirectFrom(request, path),
    element: null,
  };
}

/** /app/program/{id?} keeps its id on the way to /program/{id?}. */
function toProgram({ request, params }: LoaderFunctionArgs) {
  return redirectFrom(
    request,
    params.id ? `/program/${encodeURIComponent(params.id)}` : '/program',
  );
}

const logout = page(() => import('./pages/LogoutPage.tsx'));

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    hydrateFallbackElement: <PageLoading />,
    errorElement: <RouteError />,
    children: [
      {
        element: <BareLayout />,
        children: [
          { path: 'logout', lazy: logout },
          {
            path: 'auth',
            children: [
              { index: true, ...to('/auth/login') },
              { path: 'logout', lazy: logout },
              { path: 'login', lazy: page(() => import('../auth/ui/LoginPage.tsx')) },
              { path: 'signup', lazy: page(() => import('../auth/ui/SignupPage.tsx')) },
            ],
          },
        ],
      },
      { path: 'app/program/:id?', loader: toProgram, element: null },
      {
        element: <StationLayout />,
        children: [
          {
            path: 'lab-station',
            loader: guard('login'),
            lazy: page(() => import('../remote-lab/ui/LabStationPage.tsx')),
          },
        ],
      },
      {
        element: <LabLayout />,
        children: [
          { path: 'editor/:id?', lazy: editor('editor') },
          { path: 'view/:id?', lazy: editor('view') },
          { path: 'view-v1/:id?', lazy: editor('viewV1') },
          { path: 'gogobright', lazy: page(() => import('../board/ui/BrightPage.tsx')) },
          {
            path: 'datalog',
            children: [
              { index: true, ...to('/datalog/public') },
              { path: 'public/:channel?', lazy: cloudDatalogPage },
              {
                path: 'offline',
                lazy: page(() => import('../datalog/ui/OfflineDatalogPage.tsx')),
              },
            ],
          },
          { path: 'datalog/plotban', lazy: page(() => import('../datalog/ui/PlotLabPage.tsx')) },
          {
            path: 'teachable-machine',
            lazy: page(() => import('../labs/teachable-machine/ui/TeachableMachinePage.tsx')),
          },
          {
            path: 'classroom',
            // Signed-in users see the screens; visitors a way to sign in (ClassroomGate).
            loader: untilSessionKnown,
            lazy: page(() => import('../classroom/ui/ClassroomGate.tsx')),
            children: [
              { index: true, ...to('/classroom/class') },
              {
                path: 'class',
                handle: { screen: 'classIndex' },
                lazy: page(() => import('../classroom/ui/ClassIndexPage.tsx')),
              },
              {
                path: 'class/:type',
                handle: { screen: 'classList' },
                lazy: classroomList('ClassListPage'),
              },
              {
                path: 'my-enrolled',
                handle: { screen: 'myEnrolled' },
                lazy: classroomList('MyEnrolledPage'),
              },
              {
                path: 'classd/:id?/:tab?',
                handle: { screen: 'classDetail' },
                lazy: page(() => import('../classroom/ui/ClassDetailPage.tsx')),
              },
              {
                path: 'lessond/:id?',
                handle: { screen: 'lessonDetail' },
                lazy: page(() => import('../classroom/ui/LessonDetailPage.tsx')),
              },
              {
                path: 'lesson',
                handle: { screen: 'lesson' },
                lazy: page(() => import('../classroom/ui/LessonPanelPage.tsx')),
              },
              {
                path: 'enroll',
                handle: { screen: 'enroll' },
                lazy: page(() => import('../classroom/ui/EnrollPage.tsx')),
              },
              {
                path: 'user-mgnt',
                handle: { screen: 'userMgnt' },
                lazy: page(() => import('../classroom/ui/UserMgntPage.tsx')),
              },
              { path: '*', ...to('/classroom/class') },
            ],
          },
          {
            path: 'remix',
            children: [
              { index: true, ...to('/remix/projects') },
              { path: 'my-projects', lazy: remix('remixMyProjects') },
              { path: 'my-catalogs', lazy: remix('remixMyCatalogs') },
              { path: 'projects', lazy: remix('remixProjects') },
              { path: 'catalogs', lazy: remix('remixCatalogs') },
              { path: '*', ...to('/remix/projects') },
            ],
          },
          { path: 'project/:uuid', lazy: projectPage },
          { path: 'catalog/:uuid', lazy: catalogPage },
        ],
      },
      {
        path: '/',
        element: <MainLayout />,
        children: [
          { index: true, ...to('/program') },
          { path: 'program/:id?', lazy: editor('program') },
          { path: 'program/submission', ...to('/program') },
          {
            path: 'program/submission/:suid',
            loader: untilSessionKnown,
            lazy: page(() => import('../classroom/ui/SubmissionPage.tsx')),
          },
          { path: 'code/:id?', lazy: editor('code') },
          {
            path: 'extension/:id?',
            lazy: page(() => import('../extensions/ui/ExtensionEditorPage.tsx')),
          },
          { path: 'extensions', lazy: page(() => import('../extensions/ui/ExtensionsPage.tsx')) },
          {
            path: 'extensions/:uuid',
            lazy: page(() => import('../extensions/ui/ExtensionPage.tsx')),
          },
          {
            path: 'update-firmware',
            lazy: page(() => import('../firmware/ui/UpdateFirmwarePage.tsx')),
          },
          { path: 'gogoboard', lazy: page(() => import('../board/ui/GogoboardPage.tsx')) },
          { path: 'raspberry', lazy: page(() => import('../board/ui/RaspberryPage.tsx')) },
          { path: 'program-v1/:id?', lazy: editor('programV1') },
          { path: 'program-v2/:id?', lazy: editor('programV2') },
          { path: 'program-blockly', lazy: editor('programBlockly') },
          {
            path: 'profile',
            loader: guard('login'),
            lazy: page(() => import('../auth/ui/ProfilePage.tsx')),
          },
          { path: 'developer-mode', lazy: page(() => import('../dev/ui/DeveloperPage.tsx')) },
          { path: 'remote-lab', lazy: page(() => import('../remote-lab/ui/RemoteLabPage.tsx')) },
          {
            path: 'webui',
            children: [
              {
                index: true,
                loader: guard('login'),
                lazy: page(() => import('../webui/ui/WebuiListPage.tsx')),
              },
              {
                path: 'shared/:token',
                lazy: page(() => import('../webui/ui/SharedDashboardPage.tsx')),
              },
              {
                path: ':uuid',
                loader: guard('login'),
                lazy: page(() => import('../webui/ui/DashboardPage.tsx')),
              },
            ],
          },
          { path: 'dashboard', lazy: page(() => import('./pages/DashboardPage.tsx')) },
          { path: '*', ...to('/program') },
        ],
      },
    ],
  },
];
