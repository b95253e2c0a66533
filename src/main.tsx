import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/700.css';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/shell.css';
import App from './app/App.tsx';
import { createAppRouter } from './app/router.ts';
import { inBackground } from './api/report-failure.ts';
import { forwardCloudRecords } from './datalog/cloud/board-cloud-records.ts';
import { registerBoardActions } from './editor/program/board-actions.ts';
import { registerFileActions } from './editor/program/file-actions.ts';
import { registerExtensionActions, startExtensions } from './extensions/index.ts';
import { startMessages } from './messages/messages-service.ts';
import { initI18n } from './i18n/index.ts';
import { lessonToReopen } from './classroom/open-lesson.ts';
import { restoreProgram, startOffline } from './offline/index.ts';
import { connectEditorToProjects } from './project/connect-editor.ts';
import { registerProjectActions } from './project/boot.ts';
import { getSimHost } from './virtual-board/host/sim-host.ts';
import { startVirtualBoard } from './virtual-board/index.ts';
import { nextTask } from './ui/next-task.ts';
import { afterFirstScreen, firstScreenShown } from './ui/first-screen.ts';
import { needSession, setSessionStarter } from './state/session-start.ts';
import { startWebui } from './webui/boot.ts';
import { startFirmware } from './firmware/boot.ts';
import { showStartFailure } from './app/start-failure.ts';
import { sidebarAfterNavigation } from './app/sidebar/sidebar-state.ts';

/** Addresses that open the block editor (as scripts/vite-route-preload.ts). */
const EDITOR_ADDRESS = /^(#\/?)?$|^#\/(program|code|editor|view|app\/program)(?![\w])/;
/** The longest sign-in waits for the editor's blocks. */
const SESSION_WAIT_MS = 4000;

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

/**
 * Starts the services, then the interface, in a few tasks rather than one, so that no
 * main-thread task of the first load grows long (docs/first-load.md).
 */
async function start(host: HTMLElement): Promise<void> {
  // Evaluating the modules above was a task of its own.
  await nextTask();
  // The virtual board joins the board link before anything opens the link.
  startVirtualBoard();

  // The program kept in this browser comes back first; then the connection checks, the
  // program's autosave and the service worker (docs/offline.md).
  restoreProgram();
  startOffline();
  // A lesson open before the reload shows again beside that program (docs/classroom.md).
  if (lessonToReopen(window.location.hash)) {
    inBackground(import('./classroom/ui/reopen-lesson.ts').then((l) => l.reopenLesson()));
  }

  // New Project, Open/Import from file and Save as a file work from every screen.
  registerFileActions();
  // Download, Run, Stop and Extract code from board.
  registerBoardActions();
  await nextTask();

  // Sign-in restores a signed-in user; Firebase loads in its own chunk when asked for
  // (src/state/session-start.ts): below, or sooner by a route guard or an API call.
  setSessionStarter(() => {
    void import('./auth/runtime.ts').then((auth) => auth.startAuth()).catch(() => {});
  });
  // Update Firmware, and the note on an outdated board (the updater's code loads on first use).
  startFirmware();
  // Programs on the virtual board log to the cloud datalog (`cloud record`), as a board
  // plugin would post them. Both modules are in this chunk already (the top bar and the
  // layout use them); the recorder's own code loads on the first record.
  forwardCloudRecords(getSimHost());

  // Save, Save as a copy and Share (the cloud save flow), reading and opening programs
  // through the editor.
  registerProjectActions();
  connectEditorToProjects();
  // Publish as an Extension, Save extension code, Cancel; the added extensions follow the user.
  registerExtensionActions();
  startExtensions();
  // The navbar's messages: the unread count follows the signed-in user.
  startMessages();
  // A board bridge left on in this browser publishes the board to the user's web UI.
  startWebui();
  await nextTask();

  await initI18n();
  await nextTask();
  // The router's first navigation starts loading the page it shows.
  const router = createAppRouter();
  await nextTask();

  // The sidebar as the first navigation leaves it (open on a large screen): set before the
  // first render, the frame is not drawn once without it and again with it.
  sidebarAfterNavigation();
  // A transition: React renders the first screen in slices, yielding between them.
  const reactRoot = createRoot(host);
  startTransition(() => {
    reactRoot.render(
      <StrictMode>
        <App router={router} />
      </StrictMode>,
    );
  });
  // On the editor, sign-in's SDK waits until the blocks take clicks (or a few seconds, when
  // the program opens as text); every other screen may show the account at once.
  if (EDITOR_ADDRESS.test(window.location.hash)) {
    await afterFirstScreen(SESSION_WAIT_MS);
  }
  // Other screens, and an editor whose blocks did not show in time, take input as they are.
  firstScreenShown();
  needSession();
}

start(root).catch((error: unknown) => showStartFailure(root, error));
