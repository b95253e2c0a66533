// Where the project feature meets the editor. Save and share read the program through
// getWorkspaceXml(); opening a project, a shared link or an example replaces it through
// loadProgram(). The editor installs its port at start-up (connect-editor.ts); until then
// (and in unit tests) both work on the program store alone.
import { program, type ProgramState, type ProjectSummary } from '../program/index.ts';

/** A program to put in place: the shape the editor's openProgram() takes. */
export interface OpenedProgram {
  /** Workspace XML text ('' for an empty program). */
  workspaceXml: string;
  /** The cloud project it belongs to; null for a shared link, a file or an example. */
  projectId: string | null;
  project: ProjectSummary | null;
}

export interface WorkspacePort {
  /** Makes program.currentWorkspaceXmlText current (spec core §4 save flow step 1) and returns it. */
  getWorkspaceXml(): string;
  /** Replaces the open program; afterwards it counts as unchanged. */
  loadProgram(opened: OpenedProgram): void;
}

/** A port that keeps the program in a program store alone. */
export function storePortFor(store: ProgramState): WorkspacePort {
  return {
    getWorkspaceXml: () => store.currentWorkspaceXmlText,
    loadProgram(opened) {
      store.currentProjectId = opened.projectId;
      store.currentProject = opened.project;
      store.toSaveProject = {
        name: opened.project?.name ?? '',
        headerImage: opened.project?.headerImage ?? '',
        desc: opened.project?.desc ?? '',
      };
      store.currentWorkspaceXmlText = opened.workspaceXml;
      store.hasChanged = false;
    },
  };
}

/** The store-only port of the app's program store: what the store holds is the program. */
const storePort: WorkspacePort = storePortFor(program);

let current: WorkspacePort = storePort;

/** Installs the editor's port; returns a function that puts the previous one back. */
export function setWorkspacePort(port: WorkspacePort): () => void {
  const previous = current;
  current = port;
  return () => {
    current = previous;
  };
}

export const workspacePort = (): WorkspacePort => current;
