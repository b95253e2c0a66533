// The app's program → cloud recorder: one for the whole app (programs run while any page is
// open), its state in a Valtio proxy for the login question and the datalog page. A board
// host (the virtual board, a board plugin) calls `cloudRecorder.record(...)` for each
// CloudRecord event of a running program.
import { proxy, subscribe } from 'valtio';
import { api } from '../../api/client.ts';
import { isLoggedIn, session } from '../../state/session.ts';
import { CloudDatalogApi } from './cloud-datalog-api.ts';
import { CloudRecorder, initialRecorderState } from './cloud-recorder.ts';

export const cloudRecorderState = proxy(initialRecorderState());
export const cloudRecorder = new CloudRecorder({
  api: new CloudDatalogApi(api),
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
