// Saving, sharing and opening the program in the cloud: the save flow of spec core §4
// (modes 1 save, 2 save as, 3 share) and its open step, with the messages of §8. A
// framework-free service over the program store; the UI calls it through shell actions
// (Save, Save as a copy, Share) and the program routes (/program/{key}, /code/{uuid}).
//
// A failed save keeps the editor content and hasChanged (DESIGN "Errors and bad input").
import { CODE_MAX } from '../contract/projects.ts';
import type { ProgramState, ProjectSummary } from '../program/index.ts';
import { isLoggedIn, type SessionState } from '../state/session.ts';
import type { ProjectApi } from './project-api.ts';
import type { ProjectDetails, ProjectDialogKind } from './project-dialog.ts';
import type { OpenedProgram, WorkspacePort } from './workspace-port.ts';

/** Save modes (spec core §4, §9). */
export const SaveMode = { save: 1, saveAs: 2, share: 3 } as const;
export type SaveMode = (typeof SaveMode)[keyof typeof SaveMode];

/** Where a program route gets its program: a shared link's key, or a saved project. */
type ProgramSource = 'storage' | 'project';

interface CloudProgramDeps {
  api: ProjectApi;
  program: ProgramState;
  session: Pick<SessionState, 'user' | 'loading'>;
  port: () => WorkspacePort;
  askDetails: (kind: ProjectDialogKind, initial: ProjectDetails) => Promise<ProjectDetails | null>;
  showShareLink: (link: string) => void;
  /** The absolute link that opens a shared key (…/#/program/{key}). */
  shareLink: (key: string) => string;
  navigate: (path: string) => void;
  warn: (message: string) => void;
  /** The success notice: title 'Saved' and a message. */
  saved: (title: string, message: string) => void;
  t: (key: string, options?: Record<string, unknown>) => string;
  /** Resolves once the signed-in user is known (or the wait timed out). */
  whenSessionKnown: () => Promise<void>;
  /** Offline mode (docs/offline.md): saving and sharing need the server. */
  offline?: () => boolean;
}

interface LoadedCloudProgram extends OpenedProgram {
  /** The program is already the open one (just saved or shared): nothing to replace. */
  alreadyOpen: boolean;
}

class OpenError extends Error {
  override name = 'OpenError';
}

const QUIET = { quiet: true } as const;

export class CloudProgram {
  /** The key of the last share, so moving to /program/{key} keeps the open program. */
  private sharedKey: string | null = null;

  constructor(private readonly deps: CloudProgramDeps) {}

  private t(key: string, options?: Record<string, unknown>): string {
    return this.deps.t(`project:${key}`, options);
  }

  async save(mode: SaveMode): Promise<void> {
    const { program } = this.deps;
    if (program.saving) return;
    // Step 1: the workspace text is made current.
    const xml = this.deps.port().getWorkspaceXml();
    program.currentWorkspaceXmlText = xml;
    // Said before any dialog: nothing typed into it could be sent.
    if (this.deps.offline?.()) {
      this.deps.warn(this.deps.t('global:mapping.offline'));
      return;
    }

    // The server keeps at most CODE_MAX (a trained model kept in the program counts): say so
    // with the sizes rather than 'Unable to save'.
    const bytes = new TextEncoder().encode(xml).length;
    if (bytes > CODE_MAX) {
      const kb = (n: number) => Math.ceil(n / 1024);
      this.deps.warn(this.t('messages.tooBig', { size: kb(bytes), max: kb(CODE_MAX) }));
      return;
    }

    if (mode === SaveMode.share) return this.share(xml);
    if (!isLoggedIn(this.deps.session)) {
      this.deps.warn(this.t('messages.loginToSave'));
      return;
    }
    if (mode === SaveMode.saveAs) {
      // Save As always asks, starting without a name.
      const details = await this.deps.askDetails('noname', {
        name: '',
        headerImage: program.toSaveProject.headerImage,
        desc: program.toSaveProject.desc,
      });
      if (details) await this.create(details, xml, 'saveAs');
      return;
    }
    if (!program.currentProjectId) {
      const name = program.toSaveProject.name.trim();
      if (name !== '') {
        await this.create({ ...program.toSaveProject, name }, xml, 'create');
        return;
      }
      const details = await this.deps.askDetails('new', {
        ...program.toSaveProject,
        name: this.t('untitled'),
      });
      if (details) await this.create(details, xml, 'create');
      return;
    }
    if (program.currentProject?.isEditable === false) {
      this.deps.warn(this.t('messages.notEditable'));
      return;
    }
    await this.update(program.currentProjectId, xml);
  }

  /** Runs a save step with the saving flag; any failure is 'Unable to save'. */
  private async saving(step: () => Promise<void>): Promise<void> {
    const { program } = this.deps;
    program.saving = true;
    try {
      await step();
    } catch {
      this.deps.warn(this.t('messages.unableToSave'));
    } finally {
      program.saving = false;
    }
  }

  /** Unchanged only if nothing was edited while the save was on its way. */
  private markSaved(xml: string): void {
    const { program } = this.deps;
    const name = program.toSaveProject.name.trim();
    if (program.currentWorkspaceXmlText === xml && name === (program.currentProject?.name ?? '')) {
      program.hasChanged = false;
    }
  }

  private notifySaved(name: string): void {
    this.deps.saved(this.t('messages.savedTitle'), this.t('messages.saved', { name }));
  }

  private create(details: ProjectDetails, xml: string, how: 'create' | 'saveAs') {
    return this.saving(async () => {
      const { api, program } = this.deps;
      const input = {
        name: details.name.trim(),
        headerImage: details.headerImage.trim(),
        desc: details.desc,
        code: xml,
      };
      const { uuid } =
        how === 'create' ? await api.createProject(input, QUIET) : await api.saveAs(input, QUIET);
      program.currentProjectId = uuid;
      program.currentProject = {
        uuid,
        name: input.name,
        headerImage: input.headerImage,
        desc: input.desc,
        isEditable: true,
      };
      program.toSaveProject = {
        name: input.name,
        headerImage: input.headerImage,
        desc: input.desc,
      };
      this.markSaved(xml);
      this.deps.navigate(`/code/${uuid}`);
      this.notifySaved(input.name);
    });
  }

  private update(uuid: string, xml: string) {
    return this.saving(async () => {
      const { api, program } = this.deps;
      const stored = program.currentProject?.name ?? '';
      const typed = program.toSaveProject.name;
      const name = typed.trim();
      if (name === '') {
        // An empty name is not saved: the stored one comes back, and only the code is saved.
        program.toSaveProject.name = stored;
      } else if (name !== stored) {
        const renamed = await api.renameProject(uuid, name, QUIET);
        if (program.currentProject) program.currentProject.name = renamed;
        if (program.toSaveProject.name === typed) program.toSaveProject.name = renamed;
      }
      await api.saveCode(uuid, xml, QUIET);
      this.markSaved(xml);
      this.notifySaved(program.currentProject?.name ?? name);
    });
  }

  private share(xml: string) {
    return this.saving(async () => {
      const uid = this.deps.session.user?.id ?? '';
      const key = await this.deps.api.shareWorkspace(xml, uid, QUIET);
      this.sharedKey = key;
      this.deps.showShareLink(this.deps.shareLink(key));
      this.deps.navigate(`/program/${key}`);
    });
  }

  private currentProgram(): LoadedCloudProgram {
    const { program } = this.deps;
    return {
      workspaceXml: program.currentWorkspaceXmlText,
      projectId: program.currentProjectId,
      project: program.currentProject,
      alreadyOpen: true,
    };
  }

  /**
   * The program behind a route id (step 7): a shared workspace by key, or a saved project by
   * uuid (a published one opens for anyone, read-only unless it is the user's; others need
   * their owner signed in). Shows 'Unable to open' (signed out: the sign-in message) and
   * throws OpenError when it cannot.
   */
  async load(id: string, source: ProgramSource): Promise<LoadedCloudProgram> {
    const { api, program, session } = this.deps;
    if (source === 'storage') {
      if (id === this.sharedKey) return this.currentProgram();
      try {
        const xml = await api.sharedWorkspace(id, session.user?.id ?? '', QUIET);
        return { workspaceXml: xml, projectId: null, project: null, alreadyOpen: false };
      } catch {
        this.deps.warn(this.t('messages.unableToOpen'));
        throw new OpenError('storage');
      }
    }
    await this.deps.whenSessionKnown();
    if (program.currentProjectId === id) return this.currentProgram();
    try {
      const [project, code] = await Promise.all([
        api.getProject(id, QUIET),
        api.getCode(id, QUIET),
      ]);
      const summary: ProjectSummary = {
        uuid: project.uuid,
        name: project.name,
        headerImage: project.headerImage,
        desc: project.desc,
        isEditable: project.isEditable,
      };
      return {
        workspaceXml: code.code,
        projectId: project.uuid,
        project: summary,
        alreadyOpen: false,
      };
    } catch {
      // Signed out, a project that is not published may be the user's own.
      const signedIn = isLoggedIn(session);
      this.deps.warn(this.t(signedIn ? 'messages.unableToOpen' : 'messages.loginToOpen'));
      throw new OpenError(signedIn ? 'project' : 'login');
    }
  }

  /** Loads the program behind a route id into the editor; false when it could not. */
  async open(id: string, source: ProgramSource): Promise<boolean> {
    let loaded: LoadedCloudProgram;
    try {
      loaded = await this.load(id, source);
    } catch {
      return false;
    }
    if (!loaded.alreadyOpen) {
      const { alreadyOpen: _alreadyOpen, ...opened } = loaded;
      this.deps.port().loadProgram(opened);
    }
    return true;
  }

  /** Opens a program that belongs to no project (an example), named `name`. */
  openUnsaved(workspaceXml: string, name: string): void {
    this.deps.port().loadProgram({ workspaceXml, projectId: null, project: null });
    this.deps.program.toSaveProject.name = name;
    this.sharedKey = null;
  }
}
