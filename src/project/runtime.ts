// The app's project services: the typed API over the app's HTTP client and the cloud save
// flow over the program store. Loaded on first use (save, share, open, remix pages), so the
// shell's first download does not carry them.
import i18next from 'i18next';
import { api } from '../api/client.ts';
import { waitForAuth } from '../shell/guards.ts';
import { program } from '../program/index.ts';
import { session } from '../state/session.ts';
import { showToast, ui } from '../state/ui.ts';
import { CloudProgram } from './cloud-program.ts';
import { navigateTo } from '../shell/navigation.ts';
import { ProjectApi } from './project-api.ts';
import { askProjectDetails, showShareLink } from './project-dialog.ts';
import { workspacePort } from './workspace-port.ts';

export const projectApi = new ProjectApi({
  client: api,
  notify: (message) => showToast('warning', message),
  translate: (key) => i18next.t(key),
});

/** The link a shared key opens: this app's address with #/program/{key}. */
function shareLinkFor(key: string, location: Location = window.location): string {
  return `${location.origin}${location.pathname}#/program/${key}`;
}

export const cloudProgram = new CloudProgram({
  api: projectApi,
  program,
  session,
  port: workspacePort,
  askDetails: askProjectDetails,
  showShareLink,
  shareLink: (key) => shareLinkFor(key),
  navigate: navigateTo,
  warn: (message) => showToast('warning', message),
  saved: (title, message) => {
    showToast('success', message, title);
    ui.savedProject = program.currentProjectId;
  },
  t: (key, options) => i18next.t(key, options),
  whenSessionKnown: () => waitForAuth(),
  offline: () => ui.offline,
});
