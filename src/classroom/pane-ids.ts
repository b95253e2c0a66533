// The ids of the classroom's panes in the editor's widget area: the service shows and hides
// them by id; `ui/widget-panes.ts` registers what they draw.
export const LESSON_PANE = 'lesson';
export const SUBMISSION_PANE = 'submission';
export const BROADCAST_PANE = 'broadcast';
