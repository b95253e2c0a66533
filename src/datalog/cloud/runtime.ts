// The cloud datalog's singletons: the page's service over the app's API client and the app's
// program → cloud recorder, each writing a Valtio proxy the screens read with useSnapshot.
// Loaded with the page or the first cloud record (not part of the shell's first download).
import { proxy, subscribe } from 'valtio';
import { api } from '../../api/client.ts';
import { isLoggedIn, session } from '../../state/session.ts';
import { CloudDatalogApi } from './cloud-datalog-api.ts';
import { CloudDatalogService, initialDatalogState } from './cloud-datalog-service.ts';
import { CloudRecorder, initialRecorderState } from './cloud-recorder.ts';

const cloudDatalogApi = new CloudDatalogApi(api);
export const cloudDatalogState = proxy(initialDatalogState());
export const cloudDatalog = new CloudDatalogService({
  api: cloudDatalogApi,
  state: cloudDatalogState,
});

// One recorder for the whole app (programs run while any page is open), its state in a proxy
// for the login question and the datalog page. A board host (the virtual board, a board
// plugin) calls `cloudRecorder.record(...)` for each CloudRecord event of a running program.
export const cloudRecorderState = proxy(initialRecorderState());
export const cloudRecorder = new CloudRecorder({
  api: cloudDatalogApi,
  state: cloudRecorderState,
  isLoggedIn: () => isLoggedIn(session),
});

let signedIn = isLoggedIn(session);
subscribe(session, () => {
  const now = isLoggedIn(session);
  if (now === signedIn) return;
  signedIn = now;
  cloudRecorder.sessionChanged();
});
