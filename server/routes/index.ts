// Every route group of the API, mounted under API_BASE_PATH (src/contract/base-path.ts).
// Adding a group is one line: write server/routes/<group>.ts and list it below.
import type { RouteGroup } from '../http/type-provider.ts';
import { authRoutes } from './auth.ts';
import { catalogsRoutes, publicCatalogsRoutes } from './catalogs.ts';
import { classesRoutes } from './classes.ts';
import { classroomImageRoutes, classroomImageUploadRoutes } from './classroom-images.ts';
import { clientConfigRoutes } from './client-config.ts';
import { compileRoutes, offlineCompileRoutes } from './compile.ts';
import { datalogEventRoutes, datalogOwnerRoutes, datalogRoutes } from './datalog.ts';
import { examplesRoutes } from './examples.ts';
import { extensionsRoutes } from './extensions.ts';
import { firmwareRoutes } from './firmware.ts';
import { healthRoutes, probeRoutes } from './health.ts';
import { labsRoutes, stationRoutes } from './labs.ts';
import { lessonsRoutes } from './lessons.ts';
import { liveClassRoutes } from './live-class.ts';
import { messagesRoutes } from './messages.ts';
import { profileRoutes } from './profile.ts';
import { projectsRoutes, publicProjectsRoutes } from './projects.ts';
import { sessionsRoutes } from './sessions.ts';
import { storageRoutes } from './storage.ts';
import { usersRoutes } from './users.ts';
import { sharedDashboardRoutes, webuiRoutes } from './webui.ts';

/** Groups anyone may call. */
export const publicGroups: RouteGroup[] = [
  healthRoutes,
  clientConfigRoutes,
  firmwareRoutes,
  compileRoutes,
];
publicGroups.push(storageRoutes, examplesRoutes);
/** Public, with an optional token: the store checks each channel (routes/datalog.ts). */
publicGroups.push(datalogRoutes, datalogEventRoutes);
/** Published projects and catalogs, read with an optional token (the stores decide). */
publicGroups.push(publicProjectsRoutes, publicCatalogsRoutes);
/** A CLI lab station presents its lab's station key instead of a user token. */
publicGroups.push(stationRoutes);
/** Uploaded class header images: an <img> sends no token (ids are random UUIDs). */
publicGroups.push(classroomImageRoutes);
/** A web UI dashboard's read-only link: the token is the permission (routes/webui.ts). */
publicGroups.push(sharedDashboardRoutes);

/** Public groups with paths of their own outside the API base (`/api/compile`, `/health/*`). */
export const rootPublicGroups: RouteGroup[] = [offlineCompileRoutes, probeRoutes];

/** Groups that need a signed-in user: 401 without a valid token, 403 for a wrong role. */
export const protectedGroups: RouteGroup[] = [authRoutes, profileRoutes, usersRoutes];
protectedGroups.push(projectsRoutes, catalogsRoutes);
protectedGroups.push(datalogOwnerRoutes);
protectedGroups.push(sessionsRoutes, labsRoutes);
protectedGroups.push(classesRoutes, lessonsRoutes, classroomImageUploadRoutes, liveClassRoutes);
protectedGroups.push(extensionsRoutes, messagesRoutes);
protectedGroups.push(webuiRoutes);
