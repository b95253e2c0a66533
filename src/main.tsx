import 'bootstrap/dist/css/bootstrap.min.css';
import 'bootstrap-icons/font/bootstrap-icons.min.css';
import '@fontsource/noto-sans-thai/400.css';
import '@fontsource/noto-sans-thai/700.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/shell.css';
import App from './app/App.tsx';
import { registerBoardActions } from './editor/program/board-actions.ts';
import { registerFileActions } from './editor/program/file-actions.ts';
import { registerExtensionActions, startExtensions } from './extensions/index.ts';
import { startMessages } from './messages/messages-service.ts';
import { initI18n } from './i18n/index.ts';
import { restoreProgram, startOffline } from './offline/index.ts';
import { connectEditorToProjects } from './project/connect-editor.ts';
import { registerProjectActions } from './project/index.ts';
import { startVirtualBoard } from './virtual-board/index.ts';
import { startWebui } from './webui/index.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');

// The virtual board joins the board link before anything opens the link.
startVirtualBoard();

// The program kept in this browser comes back first; then the connection checks, the
// program's autosave and the service worker (docs/offline.md).
restoreProgram();
startOffline();

// New Project, Open/Import from file and Save as a file work from every screen.
registerFileActions();
// Download, Run, Stop and Extract code from board.
registerBoardActions();

// Restore a signed-in user right away, so the session is known on every screen. Firebase
// loads in its own chunk, next to the first render rather than before it.
void import('./auth/runtime.ts').then((auth) => auth.startAuth()).catch(() => {});
void import('./firmware/index.ts').then((f) => f.startFirmware());
// Programs on the virtual board log to the cloud datalog (`cloud record`), as a board
// plugin would post them.
void Promise.all([
  import('./virtual-board/host/sim-host.ts'),
  import('./datalog/cloud/board-cloud-records.ts'),
]).then(([sim, cloud]) => cloud.forwardCloudRecords(sim.getSimHost()));

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

void initI18n().then(() => {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
