// The teacher's lead calls from the live view.
import { showToast } from '../../../state/ui.ts';
import { teacherLive } from '../teacher-runtime.ts';

/** Runs a lead call; a failure was shown by the API client. */
export async function lead(work: () => Promise<void>): Promise<boolean> {
  try {
    await work();
    return true;
  } catch {
    return false;
  }
}

/** Stops one student's board; says so when the call went through. */
export function stopOne(email: string, sent: string): void {
  void lead(() => teacherLive.stop([email])).then((ok) => ok && showToast('success', sent));
}
