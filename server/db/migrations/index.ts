// Every schema change, in order. Names sort in the order they apply (Kysely's Migrator
// sorts them); never edit a shipped migration, add the next one.
import type { Migration } from 'kysely';
import { users } from './0001-users.ts';
import { projects } from './0002-projects.ts';
import { datalog } from './0003-datalog.ts';
import { classroom } from './0004-classroom.ts';
import { extensions } from './0005-extensions.ts';
import { messages } from './0006-messages.ts';
import { remoteLab } from './0007-remote-lab.ts';
import { classroomLookups } from './0008-classroom-lookups.ts';
import { limitsAndSummaries } from './0009-limits-and-summaries.ts';
import { webuiDashboards } from './0010-webui-dashboards.ts';
import { submissionChecks } from './0011-submission-checks.ts';
import { gradeSources } from './0012-grade-sources.ts';
import { sharedState } from './0013-shared-state.ts';
import { labSharing } from './0014-lab-sharing.ts';
import { lessonWork } from './0015-lesson-work.ts';
import { liveClass } from './0016-live-class.ts';

export const migrations: Record<string, Migration> = {
  '0001-users': users,
  '0002-projects': projects,
  '0003-datalog': datalog,
  '0004-classroom': classroom,
  '0005-extensions': extensions,
  '0006-messages': messages,
  '0007-remote-lab': remoteLab,
  '0008-classroom-lookups': classroomLookups,
  '0009-limits-and-summaries': limitsAndSummaries,
  '0010-webui-dashboards': webuiDashboards,
  '0011-submission-checks': submissionChecks,
  '0012-grade-sources': gradeSources,
  '0013-shared-state': sharedState,
  '0014-lab-sharing': labSharing,
  '0015-lesson-work': lessonWork,
  '0016-live-class': liveClass,
};
