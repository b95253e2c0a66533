// The remote lab in Chromium, on the real stack (docs/remote-lab.md): a teacher shares a
// virtual board from the lab station page; students reach it from the connect dialog by
// access code or GoGo ID and pin, wait in the queue, download with progress, and the board's
// answer becomes a grade. A broker restart (a second server on an external Mosquitto, a
// `npm run lab-station` process) ends in the spec's message and loses nothing. A station
// killed mid-download is shown in Node (src/remote-lab/remote-lab.node.test.ts), where the
// kill can wait for the download to be under way without racing it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Browser, type BrowserContext } from '@playwright/test';
import { API_BASE_PATH } from '../../src/contract/base-path.ts';
import type { Gradebook } from '../../src/contract/grades.ts';
import { freePort } from '../../scripts/auth-emulator.ts';
import { startTempMosquitto, type TempMosquitto } from '../../scripts/mosquitto-temp.ts';
import { EditorPage } from './editor-page.ts';
import { openLogoProgram } from './programs.ts';
import { Api, CliStation, expectHolding, RemoteLabApp, t, uniqueId } from './remote-lab-page.ts';

// Several people and a station in one test: generous limits for a busy machine (nothing here
// measures time).
test.describe.configure({ mode: 'serial', timeout: 240_000 });

const GRADE_PROGRAM = 'to main\nsetanswer 100\nforever [ wait 10 ]\nend\n';

async function person(browser: Browser, name: string, baseURL?: string) {
  const context = await browser.newContext(baseURL ? { baseURL } : {});
  const page = await context.newPage();
  const app = new RemoteLabApp(page);
  const account = await app.signUp(name);
  return { context, page, app, account };
}

async function download(editor: EditorPage): Promise<void> {
  await editor.page
    .getByRole('button', { name: t('editor:toolbar.download'), exact: true })
    .click();
}

test.describe('Remote lab', () => {
  let teacher: Awaited<ReturnType<typeof person>>;
  let student: Awaited<ReturnType<typeof person>>;
  let teacherApi: Api;
  let classUuid: string;
  let lessonUuid: string;
  let accessCode: string;
  let boardId: string;
  const contexts: BrowserContext[] = [];

  test.afterAll(async () => {
    for (const c of contexts) await c.close();
  });

  test('a student programs a lab board in a lesson and the board grades it', async ({
    browser,
    request,
  }) => {
    teacher = await person(browser, 'Teacher');
    contexts.push(teacher.context);
    teacherApi = await Api.as(request, teacher.account);
    const cls = await teacherApi.call<{ uuid: string; access_code: string }>(
      'POST',
      '/class/create',
      {
        name: 'Robotics',
      },
    );
    classUuid = cls.uuid;
    lessonUuid = (
      await teacherApi.call<{ uuid: string }>('POST', '/lesson/create', {
        name: 'Stop at the line',
      })
    ).uuid;
    await teacherApi.call('POST', `/class/${classUuid}/add-lesson`, { lessons: [lessonUuid] });

    // The teacher names the board on the lab station page and shares the tab's virtual board.
    const tp = teacher.page;
    await teacher.app.open('/lab-station');
    // A teacher without labs is walked through the set-up; the keyboard folds it away.
    const quickStart = tp.getByTestId('station-quick-start');
    await expect(quickStart).toHaveAttribute('open', '');
    await expect(quickStart).toContainText(t('remotelab:quickStart.students'));
    await quickStart.locator('summary').focus();
    await tp.keyboard.press('Enter');
    await expect(quickStart).not.toHaveAttribute('open', '');
    boardId = uniqueId('LAB');
    const form = tp.getByTestId('new-lab');
    await form.getByLabel(t('remotelab:station.name')).fill('Table 1');
    await form.getByLabel(t('remotelab:form.boardId')).fill(boardId);
    await form.getByLabel(t('remotelab:form.pin')).fill('2468');
    // Keywords are tags: Enter or a comma after each; the last one is kept on sending.
    const keywords = form.getByRole('textbox', { name: t('remotelab:station.keywords') });
    await keywords.fill('robot');
    await keywords.press('Enter');
    await keywords.pressSequentially('line,');
    await keywords.fill('robot');
    await keywords.press('Enter');
    await expect(form.getByRole('alert')).toHaveText(t('global:mapping.tag_exists'));
    await keywords.fill('maze');
    await expect(form.getByTestId('tag')).toHaveText(['robot', 'line']);
    await form.getByTestId('new-lab-submit').click();
    const card = tp.getByTestId(`lab-${boardId}`);
    await expect(card).toContainText('robot, line, maze');
    accessCode = (await card.getByTestId('lab-access-code').textContent()) ?? '';
    expect(accessCode).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await card.getByTestId('lab-run').click();
    await tp.getByTestId('station-source-virtual').check();
    await tp.getByTestId('station-start').click();
    await expect(tp.getByTestId('station-broker')).toHaveText(t('remotelab:station.connected'));
    await expect(card.getByTestId('lab-online')).toHaveText(t('remotelab:station.online'), {
      timeout: 15_000,
    });
    await teacherApi.call('PUT', `/lesson/${lessonUuid}/boards/private`, {
      boards: [{ board_id: boardId }],
    });

    // A student of the class opens the lesson's remote-lab link and connects by code.
    student = await person(browser, 'Student');
    contexts.push(student.context);
    const studentApi = await Api.as(request, student.account);
    await studentApi.call('PUT', '/class/code-enroll', { access_code: cls.access_code });
    await student.app.open(`/remote-lab?lesson=${lessonUuid}`);
    await expect(student.page.getByTestId('remote-lab-lesson')).toContainText('Stop at the line');
    await student.page.getByTestId('remote-lab-connect').click();
    await student.app.connectByCode(accessCode.toLowerCase());
    await expectHolding(student.app);
    await expect(student.app.connectDialog().getByTestId('remote-session')).toContainText(boardId);
    await expect(tp.getByTestId('station-session')).not.toHaveText(t('remotelab:station.free'));
    await student.app.closeDialog();

    // The station's sensors move on the student's board page.
    await student.app.open('/gogoboard');
    const sensor = student.page.getByTestId('sensor-1');
    const first = await sensor.textContent();
    await expect.poll(() => sensor.textContent(), { timeout: 10_000 }).not.toBe(first);

    // Download through the remote link, run, and the board's answer is the grade.
    const editor = new EditorPage(student.page);
    await editor.open('/program');
    await openLogoProgram(editor, GRADE_PROGRAM);
    await download(editor);
    await expect(editor.toast(t('download:success'))).toBeVisible({ timeout: 20_000 });
    // The station's page says that the program arrived.
    await expect(tp.getByTestId('station-download')).toContainText(
      t('remotelab:station.downloadDone').split('{{time}}')[0] ?? '',
    );
    await student.page.getByRole('button', { name: t('editor:toolbar.run'), exact: true }).click();
    await expect(tp.getByTestId('station-answer')).toHaveText('100', { timeout: 10_000 });
    const dialog = await student.app.openDialog();
    await expect(dialog.getByTestId('remote-answer')).toHaveText('100', { timeout: 15_000 });
    await expect
      .poll(
        async () => {
          const book = await teacherApi.call<Gradebook>('GET', `/class/${classUuid}/grades`);
          return book.cells.find((c) => c.luuid === lessonUuid)?.grade ?? null;
        },
        { timeout: 10_000 },
      )
      .toBe(100);
  });

  test('a second student waits in line and gets the board when the first disconnects', async ({
    browser,
  }) => {
    const second = await person(browser, 'Second');
    contexts.push(second.context);
    await second.app.open('/program');
    await second.app.connectByCode(accessCode);
    const queue = second.app.connectDialog().getByTestId('remote-queue');
    const waiting = t('remotelab:session.waiting')
      .replace('{{board}}', boardId)
      .replace('{{position}}', '1');
    await expect(queue).toContainText(waiting);

    // The station stops: the holder's board page says "not connected" once (not in every
    // panel), and the line hears that the board is offline and keeps its place.
    await student.app.closeDialog();
    await student.app.open('/gogoboard');
    const tp = teacher.page;
    await tp.getByRole('button', { name: t('remotelab:station.stop') }).click();
    const notConnected = t('device:errors.boardNotConnected');
    await expect(student.page.getByTestId('gogoboard-reason')).toHaveText(notConnected, {
      timeout: 15_000,
    });
    await expect(student.page.getByText(notConnected)).toHaveCount(1);
    await expect(queue).toContainText(
      t('remotelab:session.waitingOffline')
        .replace('{{board}}', boardId)
        .replace('{{position}}', '1'),
      { timeout: 15_000 },
    );
    // Back online, the line moves again.
    await tp.getByTestId('station-start').click();
    await expect(tp.getByTestId('station-broker')).toHaveText(t('remotelab:station.connected'));
    await expect(queue).toContainText(waiting, { timeout: 15_000 });
    await student.app.disconnect();
    await expect(student.app.connectDialog().getByTestId('remote-session')).toBeHidden();
    await expectHolding(second.app);
    await second.app.disconnect();
  });

  test("wrong pin, wrong code and an offline board end in the spec's messages", async ({
    request,
  }) => {
    // Each test has a request context of its own.
    teacherApi = await Api.as(request, teacher.account);
    const app = student.app;
    const error = app.connectDialog().getByTestId('remote-error');
    await app.connectById(boardId, '9999');
    await expect(error).toHaveText('Please re-check the entered GoGo ID or Pin');
    await app.connectByCode('WXYZ-WXYZ');
    await expect(error).toHaveText('Please re-check the entered Access Code');
    const off = uniqueId('OFF');
    await teacherApi.newLab(off, '1357');
    await app.connectById(off, '1357');
    await expect(error).toHaveText('The board is not online');
    // Nothing half-connected stays behind.
    await expect(app.connectDialog().getByTestId('remote-session')).toBeHidden();
  });
});

test.describe('Remote lab on an external Mosquitto', () => {
  let mosquitto: TempMosquitto;
  let server: ChildProcess;
  let origin: string;
  let dir: string;

  test.beforeAll(async ({ request }) => {
    mosquitto = await startTempMosquitto();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'gogo-e2e-mqtt-'));
    const config = (await (await request.get(`${API_BASE_PATH}/config`)).json()) as {
      authEmulatorUrl: string;
    };
    const port = await freePort();
    origin = `http://localhost:${port}`;
    server = spawn(process.execPath, ['--import', 'tsx', 'server/main.ts'], {
      env: {
        ...process.env,
        GOGO_PORT: String(port),
        SQLITE_FILE: path.join(dir, 'gogo.sqlite'),
        FIREBASE_AUTH_EMULATOR_HOST: new URL(config.authEmulatorUrl).host,
        FIREBASE_PROJECT_ID: 'demo-gogo',
        MQTT_URL: mosquitto.tcpUrl,
        MQTT_CLIENT_URL: mosquitto.url,
        MQTT_ADMIN_USERNAME: mosquitto.adminUsername,
        MQTT_ADMIN_PASSWORD: mosquitto.adminPassword,
        // The restart test keeps the broker down while it checks what the page says; on a
        // busy machine that can outlast the default 30 s after which a session whose station
        // stays away ends.
        LAB_STATION_GRACE_MS: '120000',
        LOG_LEVEL: 'warn',
      },
      stdio: 'inherit',
    });
    await expect
      .poll(
        () =>
          fetch(`${origin}${API_BASE_PATH}/health`).then(
            (r) => r.ok,
            () => false,
          ),
        { timeout: 60_000 },
      )
      .toBe(true);
  });
  test.afterAll(async () => {
    server?.kill('SIGTERM');
    await mosquitto?.remove();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  test('a broker restart: "not online" meanwhile, then the same session and code go on', async ({
    browser,
    request,
  }) => {
    const owner = await person(browser, 'Owner', origin);
    const ownerApi = await Api.as(request, owner.account, origin);
    const board = uniqueId('MQ');
    const { key } = await ownerApi.newLab(board, '1234');
    const station = new CliStation(origin, board, key, dir);
    station.start();
    await station.waitFor('broker: connected');

    const s = await person(browser, 'Remote', origin);
    const editor = new EditorPage(s.page);
    await editor.open('/program');
    await openLogoProgram(editor, GRADE_PROGRAM);
    await s.app.connectById(board, '1234');
    await expectHolding(s.app);
    const session = await s.app.connectDialog().getByTestId('remote-session').textContent();

    await mosquitto.stop();
    // The page's link drops the board info as its broker connection closes (reports still
    // queued for it go too), well before the server gives up on the station; the server
    // learns of the loss (presence) in its own time.
    await expect(s.app.connectDialog().getByTestId('board-info')).toBeHidden({ timeout: 15_000 });
    await expect(s.app.connectDialog()).toContainText(t('remotelab:session.stationOffline'), {
      timeout: 60_000,
    });
    await s.app.closeDialog();
    await s.page.getByRole('button', { name: t('editor:toolbar.run'), exact: true }).click();
    await expect(s.app.toast('The board is not online')).toBeVisible();

    await mosquitto.restart();
    await station.waitFor('broker: connected', 2);
    await s.app.openDialog();
    await s.app.expectBoard();
    // The same session (the offline notice goes with the next alive).
    await expect(s.app.connectDialog().getByTestId('remote-session')).toHaveText(session ?? '', {
      timeout: 20_000,
    });
    await s.app.closeDialog();
    expect((await editor.logoText()).trimEnd()).toBe(GRADE_PROGRAM.trimEnd());
    await download(editor);
    await expect(editor.toast(t('download:success'))).toBeVisible({ timeout: 20_000 });
    station.stop();
    await owner.context.close();
    await s.context.close();
  });
});
