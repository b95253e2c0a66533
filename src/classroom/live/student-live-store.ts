// The student's live-class state as the UI reads it (a Valtio mirror of StudentLive's
// snapshots, written by student-runtime.ts). Kept apart so the app frame can show the
// teacher's "eyes on me" and the watching indicator without loading the live service.
import { proxy, ref } from 'valtio';
import type { StudentLiveState } from './student-live.ts';

export const studentLiveView = proxy<{ state: StudentLiveState | null }>({ state: null });

export function showStudentLive(state: StudentLiveState): void {
  studentLiveView.state = state.classUuid ? ref(state) : null;
}
