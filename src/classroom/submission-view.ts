// The submission open in the editor (/program/submission/{suuid}), for its grade pane.
import { proxy } from 'valtio';
import type { Grade } from '../contract/grades.ts';

export const submissionView = proxy<{ grade: Grade | null }>({ grade: null });
