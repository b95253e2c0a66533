// The teacher's live class in the app: one TeacherLive over the app's API client, and its
// Valtio mirror for the live view.
import { proxy, ref } from 'valtio';
import { api } from '../../api/client.ts';
import { liveApi } from './live-api.ts';
import { TeacherLive, type TeacherLiveState } from './teacher-live.ts';

export const teacherLive = new TeacherLive({ api: liveApi(api), origin: window.location.origin });

export const teacherLiveView = proxy<{ state: TeacherLiveState }>({
  state: ref(teacherLive.snapshot()),
});
teacherLive.subscribe((state) => {
  teacherLiveView.state = ref(state);
});
