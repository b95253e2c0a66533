// Every classroom screen works for signed-in users only (each call carries the user's
// token). A visitor sees the screen's title and a way to sign in, and comes back here after
// signing in; nothing is asked of the server meanwhile.
import { useTranslation } from 'react-i18next';
import { Outlet, useMatches } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { isLoggedIn, session } from '../../state/session.ts';
import LoginPrompt from '../../ui/login-prompt/LoginPrompt.tsx';
import ClassroomShell from './ClassroomShell.tsx';

/** A classroom route's screen id (its `handle`), for the title a visitor sees. */
function useScreen(): string {
  const matches = useMatches();
  for (const match of [...matches].reverse()) {
    const handle = match.handle as { screen?: string } | undefined;
    if (handle?.screen) return handle.screen;
  }
  return 'classIndex';
}

/** Why a visitor sees no classroom, and a way to log in. */
export function SignInPrompt() {
  const { t } = useTranslation('classroom');
  return <LoginPrompt text={t('signIn.text')} />;
}

export default function ClassroomGate() {
  const signedIn = isLoggedIn(useSnapshot(session));
  const screen = useScreen();
  if (signedIn) return <Outlet />;
  return (
    <ClassroomShell screen={screen}>
      <SignInPrompt />
    </ClassroomShell>
  );
}
