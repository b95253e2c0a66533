// The classroom's panes in the editor's widget area (the open lesson, a submission's grade),
// registered by the screens that show them. They load on first show; the singletons they
// use stay in `runtime.ts`, which knows only the panes' ids.
import i18next from 'i18next';
import { lazy } from 'react';
import { registerWidgetPane } from '../../shell/widget-panes.ts';
import { LESSON_PANE, SUBMISSION_PANE } from '../pane-ids.ts';

registerWidgetPane({
  id: LESSON_PANE,
  label: () => i18next.t('classroom:lessonPane.tab'),
  Component: lazy(() => import('./LessonPane.tsx')),
});

registerWidgetPane({
  id: SUBMISSION_PANE,
  label: () => i18next.t('classroom:submission.tab'),
  Component: lazy(() => import('./GradePane.tsx')),
});
