// Which class this page broadcasts to, for the app frame's bar (written by
// teacher-runtime.ts; kept apart so the frame loads no live service).
import { proxy } from 'valtio';

export const teacherBroadcast = proxy<{ classUuid: string | null }>({ classUuid: null });
