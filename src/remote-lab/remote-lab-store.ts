// The remote-lab session as the UI sees it (classroom-and-labs §3 "Remote lab session":
// sessionToken, sessionId, lastAlive, answer). The session client (src/remote-lab/
// remote-session.ts) writes it; setting the session id to zero clears the token.
import { proxy } from 'valtio';
import { emptyCableSession, type CableSessionState } from './cable-session.ts';
import { emptyRemoteLab, type RemoteLabState } from './remote-session.ts';

export const remoteLab = proxy<RemoteLabState>(emptyRemoteLab());

/** The lesson the student has open, if any: remote-lab connects then belong to it. */
export const remoteLabLesson = proxy<{ uuid: string | null; name: string }>({
  uuid: null,
  name: '',
});

/** The classroom's lesson screens call this when a lesson opens (null when it closes). */
export function setRemoteLabLesson(lesson: { uuid: string; name: string } | null): void {
  remoteLabLesson.uuid = lesson?.uuid ?? null;
  remoteLabLesson.name = lesson?.name ?? '';
}

/** The cable board's session for the open lesson (src/remote-lab/cable-session.ts). */
export const cableSession = proxy<CableSessionState>(emptyCableSession());
