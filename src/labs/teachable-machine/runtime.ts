// The lab's one session for the whole app: classes, samples and the model in the worker stay
// while the user visits another screen (the input stops when the lab's screen goes).
import { preferredTmInference } from './tm-inference.ts';
import { TmSession } from './tm-session.ts';

let session: TmSession | null = null;

export function tmSession(): TmSession {
  session ??= new TmSession(preferredTmInference());
  return session;
}
