import i18next, { type i18n } from 'i18next';
import { proxy } from 'valtio';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODE_MAX } from '../contract/projects.ts';
import enGlobal from '../../locales/en/global.json';
import enProject from '../../locales/en/project.json';
import { signInWithGoogle, type TestAccount } from '../../server/testing/emulator-accounts.ts';
import { ApiClient } from '../api/client.ts';
import { freshSession, startLiveServer, type LiveServer } from '../auth/live-server.node.ts';
import { EMPTY_TM_CONFIG, type ProgramState } from '../program/program.ts';
import { CloudProgram, SaveMode } from './cloud-program.ts';
import type { ApiTransport } from '../api/checked-api.ts';
import { ProjectApi } from './project-api.ts';
import type { ProjectDetails, ProjectDialogKind } from './project-dialog.ts';
import { storePortFor } from './workspace-port.ts';

const XML =
  '<xml xmlns="https://developers.google.com/blockly/xml"><block type="gogo_start"/></xml>';
const XML2 = XML.replace('gogo_start"', 'gogo_start" x="20"');
const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const freshProgram = (): ProgramState =>
  proxy<ProgramState>({
    currentProjectId: null,
    currentProject: null,
    toSaveProject: { name: '', headerImage: '', desc: '' },
    currentWorkspaceXmlText: XML,
    hasChanged: true,
    saving: false,
    extensionEditMode: false,
    creatorMode: false,
    programMode: 'blocks',
    logoCode: '',
    logoGenerated: '',
    tmConfig: { ...EMPTY_TM_CONFIG },
    revision: 0,
  });

describe('CloudProgram: the save flow (against the real API server)', () => {
  let server: LiveServer;
  let me: TestAccount;
  let other: TestAccount;
  let i18n: i18n;

  beforeAll(async () => {
    server = await startLiveServer();
    me = await signInWithGoogle(server.emulatorHost, undefined, 'Sam Saver');
    other = await signInWithGoogle(server.emulatorHost, undefined, 'Otto Other');
    i18n = i18next.createInstance();
    await i18n.init({ lng: 'en', resources: { en: { global: enGlobal, project: enProject } } });
  });
  afterAll(() => server.close());

  function setup(
    options: {
      account?: TestAccount | null;
      transport?: (t: ApiTransport) => ApiTransport;
      baseURL?: string;
      offline?: boolean;
    } = {},
  ) {
    const account = options.account === undefined ? me : options.account;
    const out = {
      warnings: [] as string[],
      notices: [] as { title: string; message: string }[],
      navigations: [] as string[],
      links: [] as string[],
      calls: [] as string[],
      asked: [] as { kind: ProjectDialogKind; initial: ProjectDetails }[],
      answers: [] as (ProjectDetails | null)[],
    };
    const client = new ApiClient({
      baseURL: options.baseURL ?? server.baseURL,
      getToken: async () => account?.idToken ?? null,
      i18n,
      notify: (m) => out.warnings.push(`toast: ${m}`),
      timeoutMs: 5000,
    });
    // Records each call on its way to the real server.
    const recorder: ApiTransport = {
      get: (url, o) => (out.calls.push(`GET ${url}`), client.get(url, o)),
      post: (url, body, o) => (out.calls.push(`POST ${url}`), client.post(url, body, o)),
      put: (url, body, o) => (out.calls.push(`PUT ${url}`), client.put(url, body, o)),
      delete: (url, o) => (out.calls.push(`DELETE ${url}`), client.delete(url, o)),
    };
    const api = new ProjectApi({
      client: options.transport ? options.transport(recorder) : recorder,
      notify: (m) => out.warnings.push(`toast: ${m}`),
      translate: (k) => i18n.t(k),
    });
    const program = freshProgram();
    const session = freshSession();
    session.loading = false;
    if (account) {
      session.user = {
        id: account.uid,
        name: '',
        email: account.email,
        photoUrl: '',
        providerId: 'google.com',
      };
    }
    const flow = new CloudProgram({
      api,
      program,
      session,
      port: () => storePortFor(program),
      askDetails: async (kind, initial) => {
        out.asked.push({ kind, initial });
        return out.answers.shift() ?? null;
      },
      showShareLink: (link) => out.links.push(link),
      shareLink: (key) => `http://app.test/#/program/${key}`,
      navigate: (path) => out.navigations.push(path),
      warn: (m) => out.warnings.push(m),
      saved: (title, message) => out.notices.push({ title, message }),
      t: (key, o) => i18n.t(key, o),
      whenSessionKnown: async () => {},
      offline: () => options.offline === true,
    });
    return { ...out, out, flow, program, session, api };
  }

  /** Saves a new project named `name`, then saves it again as `renamed` (and changed); the
   * recorded calls are the second save's. Returns the project's uuid. */
  async function saveThenRename(s: ReturnType<typeof setup>, name: string, renamed: string) {
    s.program.toSaveProject.name = name;
    await s.flow.save(SaveMode.save);
    const uuid = s.program.currentProjectId ?? '';
    s.out.calls.length = 0;
    s.program.toSaveProject.name = renamed;
    s.program.hasChanged = true;
    await s.flow.save(SaveMode.save);
    return uuid;
  }

  it('asks to log in before saving or saving as, and calls nothing', async () => {
    const s = setup({ account: null });
    s.program.toSaveProject.name = 'Anything';
    await s.flow.save(SaveMode.save);
    await s.flow.save(SaveMode.saveAs);
    expect(s.out.warnings).toEqual([
      'Please log in before saving to the cloud',
      'Please log in before saving to the cloud',
    ]);
    expect(s.out.calls).toEqual([]);
    expect(s.program.hasChanged).toBe(true);
  });

  it('creates a named project, moves to /code/{uuid} and then saves only the code', async () => {
    const s = setup();
    s.program.toSaveProject = { name: '  Line follower ', headerImage: '', desc: 'Follows' };
    await s.flow.save(SaveMode.save);
    const uuid = s.program.currentProjectId ?? '';
    expect(uuid).toMatch(KEY);
    expect(s.out.calls).toEqual(['POST /project/create']);
    expect(s.out.navigations).toEqual([`/code/${uuid}`]);
    expect(s.out.notices).toEqual([
      { title: 'Saved', message: '“Line follower” is saved to the cloud, in My Projects.' },
    ]);
    expect(s.program.currentProject).toMatchObject({
      uuid,
      name: 'Line follower',
      isEditable: true,
    });
    expect(s.program.hasChanged).toBe(false);
    expect(s.program.saving).toBe(false);

    s.out.calls.length = 0;
    s.program.currentWorkspaceXmlText = XML2;
    s.program.hasChanged = true;
    await s.flow.save(SaveMode.save);
    expect(s.out.calls).toEqual([`PUT /project/${uuid}/code`]);
    expect((await s.api.getCode(uuid)).code).toBe(XML2);
    expect((await s.api.getProject(uuid)).desc).toBe('Follows');
    expect(s.program.hasChanged).toBe(false);
  });

  it('opens the new-project dialog when there is no name, starting as Untitled', async () => {
    const s = setup();
    s.out.answers.push(null);
    await s.flow.save(SaveMode.save);
    expect(s.out.asked).toEqual([
      { kind: 'new', initial: { name: 'Untitled', headerImage: '', desc: '' } },
    ]);
    expect(s.out.calls).toEqual([]);
    expect(s.program.currentProjectId).toBeNull();
    expect(s.program.hasChanged).toBe(true);

    s.out.answers.push({ name: 'Robot', headerImage: 'example.com/r.png', desc: '# Hi' });
    await s.flow.save(SaveMode.save);
    const uuid = s.program.currentProjectId ?? '';
    expect(await s.api.getProject(uuid)).toMatchObject({
      name: 'Robot',
      headerImage: 'example.com/r.png',
      desc: '# Hi',
    });
    expect(s.program.toSaveProject).toEqual({
      name: 'Robot',
      headerImage: 'example.com/r.png',
      desc: '# Hi',
    });
  });

  it('renames first, and only when the name differs, then saves the code', async () => {
    const s = setup();
    const uuid = await saveThenRename(s, 'Before', '  After ');
    expect(s.out.calls).toEqual([`PUT /project/${uuid}/name`, `PUT /project/${uuid}/code`]);
    expect(s.program.currentProject?.name).toBe('After');
    expect(s.program.toSaveProject.name).toBe('After');
    expect((await s.api.getProject(uuid)).name).toBe('After');
    expect(s.program.hasChanged).toBe(false);
  });

  it('restores the stored name when the name is emptied, saving only the code', async () => {
    const s = setup();
    const uuid = await saveThenRename(s, 'Keep me', '   ');
    expect(s.program.toSaveProject.name).toBe('Keep me');
    expect(s.out.calls).toEqual([`PUT /project/${uuid}/code`]);
    expect(s.program.hasChanged).toBe(false);
  });

  it('saves as a copy through the dialog (always without a name) and moves to the copy', async () => {
    const s = setup();
    s.program.toSaveProject = { name: 'Original', headerImage: 'example.com/o.png', desc: 'D' };
    await s.flow.save(SaveMode.save);
    const original = s.program.currentProjectId;
    s.out.calls.length = 0;
    s.out.navigations.length = 0;
    s.out.answers.push({ name: 'My copy', headerImage: 'example.com/o.png', desc: 'D' });
    await s.flow.save(SaveMode.saveAs);
    expect(s.out.asked).toEqual([
      { kind: 'noname', initial: { name: '', headerImage: 'example.com/o.png', desc: 'D' } },
    ]);
    expect(s.out.calls).toEqual(['POST /project/saveas']);
    const copy = s.program.currentProjectId ?? '';
    expect(copy).toMatch(KEY);
    expect(copy).not.toBe(original);
    expect(s.out.navigations).toEqual([`/code/${copy}`]);
    expect(s.program.currentProject?.name).toBe('My copy');

    // Cancelling Save As changes nothing.
    s.out.calls.length = 0;
    await s.flow.save(SaveMode.saveAs);
    expect(s.out.calls).toEqual([]);
    expect(s.program.currentProjectId).toBe(copy);
  });

  it("keeps the content and hasChanged when a save fails: 'Unable to save'", async () => {
    const s = setup();
    s.program.currentProjectId = '0b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e';
    s.program.currentProject = { uuid: s.program.currentProjectId, name: 'Gone', isEditable: true };
    s.program.toSaveProject.name = 'Gone';
    await s.flow.save(SaveMode.save);
    expect(s.out.warnings).toEqual(['Unable to save']);
    expect(s.program.hasChanged).toBe(true);
    expect(s.program.currentWorkspaceXmlText).toBe(XML);
    expect(s.program.saving).toBe(false);
    expect(s.out.notices).toEqual([]);
  });

  it("says 'Unable to save' when the server cannot be reached", async () => {
    const s = setup({ baseURL: 'http://127.0.0.1:9/api/v1' });
    s.program.toSaveProject.name = 'Offline';
    await s.flow.save(SaveMode.save);
    await s.flow.save(SaveMode.share);
    expect(s.out.warnings).toEqual(['Unable to save', 'Unable to save']);
    expect(s.program.currentProjectId).toBeNull();
    expect(s.program.hasChanged).toBe(true);
  });

  it('offline, says saving and sharing need a connection before any dialog, and calls nothing', async () => {
    const s = setup({ offline: true });
    await s.flow.save(SaveMode.save);
    await s.flow.save(SaveMode.saveAs);
    await s.flow.save(SaveMode.share);
    const needs =
      'This needs a connection to the server. You are working offline: your program is kept in this browser.';
    expect(s.out.warnings).toEqual([needs, needs, needs]);
    expect(s.out.asked).toEqual([]);
    expect(s.out.calls).toEqual([]);
    expect(s.program.hasChanged).toBe(true);
    expect(s.program.currentWorkspaceXmlText).toBe(XML);
  });

  it('says a program over the size a project may hold is too big, with the sizes, and calls nothing', async () => {
    const s = setup();
    s.program.toSaveProject.name = 'Big model';
    // A program whose settings keep a trained model: one character over the limit.
    s.program.currentWorkspaceXmlText = `<xml>${'m'.repeat(CODE_MAX - 10)}</xml>`;
    await s.flow.save(SaveMode.save);
    await s.flow.save(SaveMode.share);
    const tooBig =
      'The project is too big to save: 257 KB, and a project may hold at most 256 KB. A model trained in the Teachable Machine lab counts too.';
    expect(s.out.warnings).toEqual([tooBig, tooBig]);
    expect(s.out.calls).toEqual([]);
    expect(s.program.hasChanged).toBe(true);

    // At the limit the server takes it.
    s.program.currentWorkspaceXmlText = `<xml>${'m'.repeat(CODE_MAX - 11)}</xml>`;
    await s.flow.save(SaveMode.save);
    expect(s.out.warnings).toEqual([tooBig, tooBig]);
    expect(s.program.currentProjectId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('does not save a project that is not editable', async () => {
    const s = setup();
    s.program.currentProjectId = '0b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e';
    s.program.currentProject = {
      uuid: s.program.currentProjectId,
      name: 'Theirs',
      isEditable: false,
    };
    await s.flow.save(SaveMode.save);
    expect(s.out.warnings).toEqual([
      'This project is not yours. Use Save as a copy to keep your own.',
    ]);
    expect(s.out.calls).toEqual([]);
  });

  it('shares without login: a 36-character key link, then /program/{key} keeps the program', async () => {
    const s = setup({ account: null });
    s.program.currentWorkspaceXmlText = XML2;
    await s.flow.save(SaveMode.share);
    expect(s.out.warnings).toEqual([]);
    expect(s.out.links).toHaveLength(1);
    const key = /#\/program\/(.+)$/.exec(s.out.links[0] ?? '')?.[1] ?? '';
    expect(key).toHaveLength(36);
    expect(key).toMatch(KEY);
    expect(s.out.navigations).toEqual([`/program/${key}`]);
    expect(await s.flow.load(key, 'storage')).toMatchObject({ alreadyOpen: true });

    // Someone else opening the link gets the same program, belonging to no project.
    const visitor = setup({ account: null });
    expect(await visitor.flow.open(key, 'storage')).toBe(true);
    expect(visitor.program.currentWorkspaceXmlText).toBe(XML2);
    expect(visitor.program.currentProjectId).toBeNull();
    expect(visitor.program.hasChanged).toBe(false);
  });

  it("treats a storage answer that is not a 36-character key as 'Unable to save'", async () => {
    const s = setup({
      account: null,
      // A storage service that answers something else than a key.
      transport: (real) => ({ ...real, post: async () => 'OK' as never }),
    });
    await s.flow.save(SaveMode.share);
    expect(s.out.warnings).toEqual(['Unable to save']);
    expect(s.out.links).toEqual([]);
    expect(s.out.navigations).toEqual([]);
  });

  it("says 'Unable to open' for a key nobody shared and keeps the program", async () => {
    const s = setup();
    expect(await s.flow.open('0b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e', 'storage')).toBe(false);
    expect(s.out.warnings).toEqual(['Unable to open']);
    expect(s.program.currentWorkspaceXmlText).toBe(XML);
  });

  it('opens a saved project by uuid, editable only for its owner', async () => {
    const owner = setup({ account: other });
    owner.program.toSaveProject.name = 'Shared robot';
    owner.program.currentWorkspaceXmlText = XML2;
    await owner.flow.save(SaveMode.save);
    const uuid = owner.program.currentProjectId ?? '';
    await owner.api.setPublished(uuid, true);

    const s = setup();
    expect(await s.flow.open(uuid, 'project')).toBe(true);
    expect(s.program).toMatchObject({
      currentProjectId: uuid,
      currentProject: { uuid, name: 'Shared robot', isEditable: false },
      toSaveProject: { name: 'Shared robot' },
      currentWorkspaceXmlText: XML2,
      hasChanged: false,
    });

    const mine = setup({ account: other });
    await mine.flow.open(uuid, 'project');
    expect(mine.program.currentProject?.isEditable).toBe(true);
  });

  it("asks to log in before opening a cloud project, and says 'Unable to open' when it is hidden", async () => {
    const visitor = setup({ account: null });
    expect(await visitor.flow.open('0b8f8d2e-5a77-4c1e-9d8e-2f7a1c3b4d5e', 'project')).toBe(false);
    expect(visitor.out.warnings).toEqual(['Please log in to open projects from the cloud']);

    const owner = setup({ account: other });
    owner.program.toSaveProject.name = 'Private';
    await owner.flow.save(SaveMode.save);
    const s = setup();
    expect(await s.flow.open(owner.program.currentProjectId ?? '', 'project')).toBe(false);
    expect(s.out.warnings).toEqual(['Unable to open']);
  });

  it('does not reload the project it has just saved when the route moves to it', async () => {
    const s = setup();
    s.program.toSaveProject.name = 'Fresh';
    await s.flow.save(SaveMode.save);
    s.program.currentWorkspaceXmlText = XML2; // edited right after the save
    s.out.calls.length = 0;
    const loaded = await s.flow.load(s.program.currentProjectId ?? '', 'project');
    expect(loaded).toMatchObject({ alreadyOpen: true, workspaceXml: XML2 });
    expect(s.out.calls).toEqual([]);
  });
});
