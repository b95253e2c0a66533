// Plugs the editor into the projects feature. Cloud projects, shared links and examples
// store the same text as "Save as a file" (workspace XML plus the program settings), so a
// program saved in Logo text mode keeps its text and mode; opening parses it back.
import {
  currentProgramText,
  openProgram,
  parseProgramFile,
  program,
  type ProgramFile,
  setProjectLoader,
} from '../program/index.ts';
import type { ScreenId } from '../shell/screens.ts';
import { setWorkspacePort, type OpenedProgram } from './workspace-port.ts';

/** Routes whose id is a project uuid; the others name a shared workspace key. */
const PROJECT_VARIANTS: ReadonlySet<ScreenId> = new Set<ScreenId>([
  'code',
  'editor',
  'view',
  'viewV1',
]);

/** Workspace and settings from stored text; plain workspace XML (older saves) works too. */
function parseStored(text: string): ProgramFile | null {
  if (!text.trim()) return null;
  try {
    return parseProgramFile(text);
  } catch {
    return null;
  }
}

function open(opened: OpenedProgram): void {
  const file = parseStored(opened.workspaceXml);
  openProgram({
    workspaceXml: file?.workspaceXml ?? '',
    ...(file ? { settings: file.settings } : {}),
    projectId: opened.projectId,
    project: opened.project,
  });
  // A cloud project's name wins over the name saved in its settings.
  if (opened.project) program.toSaveProject.name = opened.project.name;
}

export function connectEditorToProjects(): void {
  setWorkspacePort({ getWorkspaceXml: currentProgramText, loadProgram: open });
  setProjectLoader(async (id, variant) => {
    const { cloudProgram } = await import('./runtime.ts');
    const loaded = await cloudProgram.load(
      id,
      PROJECT_VARIANTS.has(variant) ? 'project' : 'storage',
    );
    if (loaded.alreadyOpen) return null;
    const file = parseStored(loaded.workspaceXml);
    return {
      workspaceXml: file?.workspaceXml ?? '',
      ...(file ? { settings: file.settings } : {}),
      projectId: loaded.projectId,
      project: loaded.project,
    };
  });
}
