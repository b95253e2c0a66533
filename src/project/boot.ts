// The project feature in the shell: Save, Save as a copy and Share run the cloud save flow
// (spec core §4), whose code loads on first use; signing out clears the project lists.
import { registerActions } from '../shell/actions.ts';
import { sessionWanted } from '../state/session-start.ts';
import { SaveMode } from './cloud-program.ts';
import { clearProjectLists } from './project-lists.ts';

const service = () => import('./runtime.ts');

/** Registers the project actions; returns a function that removes them again. */
export function registerProjectActions(): () => void {
  const undo = registerActions({
    save: async () => (await service()).cloudProgram.save(SaveMode.save),
    saveAsCopy: async () => (await service()).cloudProgram.save(SaveMode.saveAs),
    share: async () => (await service()).cloudProgram.save(SaveMode.share),
  });
  // Once sign-in starts (src/state/session-start.ts), not to start it sooner.
  void sessionWanted()
    .then(() => import('../auth/index.ts'))
    .then((auth) => auth.startAuth())
    .then((auth) => auth.onSignOut(clearProjectLists))
    .catch(() => {}); // no sign-in service (server down): nothing to clear on sign-out
  return undo;
}
