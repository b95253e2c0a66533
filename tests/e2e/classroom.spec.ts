// The classroom end to end: a teacher and a student, each in their own browser context,
// through a whole lesson cycle on the real stack (API server, Auth emulator, virtual board),
// with a comment from the grading view that the student sees below its line, the failures a
// class meets on the way, and an admin's user table.
import { expect, test, type Page } from '@playwright/test';
import { BoardLink } from './fixtures/board-link.ts';
import { signInWithStandInAccount } from './app.ts';
import { c, csvGradedRow, csvLessonHeader, newUser, unique } from './classroom-page.ts';
import { E2E_ADMIN_EMAIL as ADMIN_EMAIL } from './e2e-env.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);
const ok = (page: Page) =>
  page.getByRole('dialog').getByRole('button', { name: t('shell:confirm.ok') });

const STARTER = 'to main\nledon\nend';
/** One transparent pixel. */
const PIXEL_PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==';
const STUDENT_PROGRAM = 'to main\nrepeat 3 [ beep wait 2 ]\nledon\nend';

test.describe('Classroom', () => {
  test('a lesson cycle: class, lesson, enrolment, submit, grade, CSV; and the failures lose nothing', async ({
    browser,
    baseURL,
  }) => {
    // One story from class creation to a deleted lesson: two users, a download, five submits.
    test.setTimeout(300_000);
    const teacher = await newUser(browser, baseURL);
    const student = await newUser(browser, baseURL);
    const tag = unique();
    const className = `Robotics ${tag}`;
    const lessonName = `Blink ${tag}`;
    let classUuid = '';

    await test.step('the teacher creates a class with the wizard and a lesson, and reads the code', async () => {
      await teacher.signUp('Tina Teacher');
      classUuid = await teacher.createClass(className, 'We build **robots** on Fridays.', {
        name: 'header.png',
        mimeType: 'image/png',
        buffer: Buffer.from(PIXEL_PNG, 'base64'),
      });
      await expect(teacher.page.locator('.markdown-body strong')).toHaveText('robots');
      // The header image is the one stored in the server's upload store.
      await expect(teacher.page.locator('img.classroom-banner')).toHaveAttribute(
        'src',
        // Served by our own origin (the header image resolves it to a full address).
        /^(http:\/\/localhost:\d+)?\/api\/v1\/classroom\/image\/[0-9a-f-]{36}$/,
      );
      await teacher.createLesson({
        name: lessonName,
        description:
          '# Make it blink\n\nTurn the **LED** on.\n\n<form><input type="password"></form>',
        logo: STARTER,
      });
      // Markdown, and nothing of the raw HTML.
      await expect(teacher.page.getByRole('heading', { name: 'Make it blink' })).toBeVisible();
      await expect(teacher.page.locator('.markdown-body input')).toHaveCount(0);
      await expect(teacher.page.getByTestId('lesson-starter')).toHaveText(STARTER);
      await teacher.addLessonToClass(className);
      await teacher.openClass(classUuid);
      await expect(teacher.page.getByTestId('class-lesson')).toContainText(lessonName);
    });
    const code = await teacher.accessCode(classUuid);

    await test.step('a wrong code is refused and kept; the right one enrols', async () => {
      await student.signUp('Sam Student');
      await student.enroll('');
      await expect(student.page.locator('form').getByRole('alert')).toHaveText(c('writeSomething'));
      await student.enroll('WXYZ-WXYZ');
      await expect(student.page.locator('form').getByRole('alert')).toHaveText(
        t('global:mapping.wrong_access_code'),
      );
      await expect(student.codeField()).toHaveValue('WXYZ-WXYZ');
      await student.codeField().fill(code.toLowerCase());
      await student.button(c('enroll.join')).click();
      await student.expectPath(`/classroom/classd/${classUuid}/overview`);
      await expect(student.page.getByTestId('class-lesson')).toContainText(c('state.not_started'));
    });

    await test.step('the student starts the lesson, changes the program, downloads it and submits', async () => {
      await student.startLesson(lessonName);
      await student.expectProgram(STARTER);
      await expect(
        student.lessonPane().getByRole('heading', { name: 'Make it blink' }),
      ).toBeVisible();
      await student.writeProgram(STUDENT_PROGRAM);
      const board = new BoardLink(student.page);
      await board.connectVirtual();
      await board.expectBoard('GoGo Board 7', '1.0.42');
      await board.closeDialog();
      await student.button(t('editor:toolbar.download')).click();
      await expect(student.toast('success', t('download:success'))).toBeVisible();
      await expect(board.sim().getByTestId('sim-program')).toContainText('bytes');
      await student.submit();
      await expect(student.toast('success', c('lessonPane.submitted'))).toBeVisible();
      await expect(student.lessonPane().getByTestId('state-badge')).toHaveText(
        c('state.submitted'),
      );
    });

    await test.step('the teacher opens the submission read-only from the gradebook and grades it', async () => {
      await teacher.openClass(classUuid, 'gradebook');
      const cell = teacher.gradebookCell(student.email);
      await expect(cell).toContainText(c('state.submitted'));
      await cell.getByRole('link').click();
      await expect.poll(() => teacher.path()).toMatch(/^\/program\/submission\/[0-9a-f-]{36}$/);
      await teacher.expectProgram(STUDENT_PROGRAM);
      await expect(teacher.page.getByText(t('editor:readOnly'))).toBeVisible();
      await expect(teacher.editor().logoEditor().locator('.cm-content')).toHaveAttribute(
        'contenteditable',
        'false',
      );
      const pane = teacher.page.getByTestId('grade-pane');
      await expect(pane).toContainText('Sam Student');
      await expect(pane.getByTestId('submitted-at')).not.toHaveText(c('submission.notSubmitted'));
      await pane.getByLabel(c('submission.grade', { max: 100 })).fill('87.5');
      await pane.getByLabel(c('submission.note')).fill('Nice loop! Try a faster beep.');
      await teacher.button(c('submission.save'), pane).click();
      await expect(teacher.toast('success', c('submission.graded'))).toBeVisible();
      // The keyboard stays at the Save button, not back at the top of the page.
      await expect(teacher.button(c('submission.save'), pane)).toBeFocused();
      // A comment on a line of the program: a click on the line picks it.
      await teacher.editor().logoEditor().locator('.cm-line', { hasText: 'ledon' }).click();
      await expect(pane.getByLabel(c('live.comments.pickLine'))).toHaveValue('3');
      await pane.getByLabel(c('live.comments.text'), { exact: true }).fill('Why the LED?');
      await teacher.button(c('live.comments.add'), pane).click();
      await expect(pane.getByTestId('teacher-comment')).toContainText(
        c('live.comments.onLine', { line: 3 }),
      );
    });

    await test.step('the student sees the grade, the note and the comment below its line', async () => {
      const comment = student.page.getByTestId('line-comment');
      await expect(comment).toContainText('Why the LED?');
      await expect(comment).toHaveAttribute('data-line', '3');
      await student.button(c('lessonPane.refresh'), student.lessonPane()).click();
      await expect(student.lessonPane().getByTestId('lesson-grade')).toHaveText(
        c('progress.grade', { grade: '87.5', max: 100 }),
      );
      await expect(student.lessonPane().getByTestId('lesson-note')).toHaveText(
        'Nice loop! Try a faster beep.',
      );
    });

    await test.step('the student has a message about the grade and opens the lesson from it', async () => {
      // In a second tab, so the lesson stays open in the first.
      const tab = await student.page.context().newPage();
      await tab.goto('/#/classroom');
      // The grade and the note: two unread messages.
      await expect(tab.getByTestId('messages-unread')).toHaveText('2');
      await tab.getByTestId('messages-menu').click();
      const sentence = t('messages:kinds.grade')
        .replace('{{lesson}}', lessonName)
        .replace('{{className}}', className)
        .replace('{{grade}}', '87.5');
      const grade = tab.getByTestId('messages-list').getByRole('button', { name: sentence });
      await expect(grade).toHaveAttribute('data-read', 'false');
      await grade.click();
      await expect
        .poll(() => new URL(tab.url()).hash)
        .toMatch(/^#\/classroom\/lessond\/[0-9a-f-]{36}$/);
      await expect(tab.getByRole('heading', { name: lessonName, exact: true })).toBeVisible();
      await expect(tab.getByTestId('messages-unread')).toHaveText('1');
      await tab.close();
    });

    await test.step('the teacher exports the gradebook as CSV', async () => {
      await teacher.openClass(classUuid, 'gradebook');
      await expect(teacher.gradebookCell(student.email)).toContainText('87.5 / 100');
      const csv = await teacher.exportGradebook();
      const lines = csv
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(`Student,E-mail,Status,${csvLessonHeader(lessonName, 100)}`);
      // The points column holds the number; the state, time, lateness, grader and the
      // teacher's note follow it.
      expect(lines[1]).toMatch(
        csvGradedRow(
          ['Sam Student', student.email, 'in the class'],
          '87.5',
          'Nice loop! Try a faster beep.',
        ),
      );
    });

    await test.step('server down: Submit says Unable to Save, keeps the program, and works again', async () => {
      await student.writeProgram(`${STUDENT_PROGRAM}\n; second try`);
      await student.page.route('**/api/v1/lesson/**', (route) => route.abort('connectionrefused'));
      await student.submit();
      await expect(student.lessonPane().getByRole('alert')).toHaveText(c('unableToSave'));
      await expect(student.toast('warning', t('global:mapping.network_error'))).toBeVisible();
      await student.expectProgram(`${STUDENT_PROGRAM}\n; second try`);
      await student.page.unrouteAll();
      await student.submit();
      await expect(student.toast('success', c('lessonPane.submitted'))).toBeVisible();
      await expect(student.lessonPane().getByRole('alert')).toHaveCount(0);
    });

    await test.step('a removed student cannot submit, and keeps the program', async () => {
      await teacher.openClass(classUuid, 'people');
      const students = teacher.page.getByTestId('people-student');
      await expect(students.getByTestId('table-row')).toContainText(student.email);
      // Several addresses at once are checked before anything is sent.
      const box = students.getByLabel(c('people.add.student'));
      await box.fill('ana@school.org, bob');
      await teacher.button(c('people.addButton'), students).click();
      await expect(students.getByRole('alert')).toHaveText(c('people.invalid', { list: 'bob' }));
      await box.fill('');
      await teacher.button(c('people.addButton'), students).click();
      await expect(students.getByRole('alert')).toHaveText(c('writeSomething'));
      await expect(students.getByTestId('table-row')).toHaveCount(1);
      await students
        .getByRole('button', { name: c('people.remove', { email: student.email }) })
        .click();
      await ok(teacher.page).click();
      await expect(students).toContainText(t('ui:table.empty'));
      await student.writeProgram(`${STUDENT_PROGRAM}\n; third try`);
      await student.submit();
      await expect(student.lessonPane().getByRole('alert')).toHaveText(c('unableToSave'));
      // Out of the class, the lesson is no longer theirs to read either.
      await expect(student.toast('warning', t('global:mapping.lesson_not_found'))).toBeVisible();
      await student.expectProgram(`${STUDENT_PROGRAM}\n; third try`);
      // The class is no longer theirs to open. The app keeps a class it showed for 10 s (spec
      // "Class detail cache"), so a fresh load asks the server.
      await student.openClass(classUuid);
      await student.page.reload();
      await expect(student.heading()).toHaveText(c('detail.notFound'));
    });

    await test.step('a deleted lesson cannot take a submission, and the program stays', async () => {
      await student.enroll(code);
      await student.expectPath(`/classroom/classd/${classUuid}/overview`);
      // Starting again resumes the student's own latest work, typed while out of the class
      // and kept since: nothing to ask.
      await student.startLesson(lessonName);
      await expect(student.page.getByRole('dialog')).toHaveCount(0);
      await student.expectProgram(`${STUDENT_PROGRAM}\n; third try`);
      await student.writeProgram(`${STUDENT_PROGRAM}\n; fourth try`);
      await teacher.open(`/classroom/lesson?type=my`);
      await teacher.page.getByRole('link', { name: lessonName }).click();
      await teacher.button(c('lesson.delete')).click();
      await ok(teacher.page).click();
      await expect(
        teacher.toast('success', c('lesson.deleted', { name: lessonName })),
      ).toBeVisible();
      await student.submit();
      await expect(student.lessonPane().getByRole('alert')).toHaveText(c('unableToSave'));
      await expect(student.toast('warning', t('global:mapping.lesson_not_found'))).toBeVisible();
      await student.expectProgram(`${STUDENT_PROGRAM}\n; fourth try`);
    });

    await teacher.page.context().close();
    await student.page.context().close();
  });

  test('a teacher grades a student who never submitted, completes, notes, and starts a lesson over', async ({
    browser,
    baseURL,
  }) => {
    const teacher = await newUser(browser, baseURL);
    const tag = unique();
    const lesson = `Motors ${tag}`;
    // Two students added by e-mail (no account yet, so no name), neither has done anything.
    const ana = `ana-${tag}@school.org`.toLowerCase();
    const bo = `bo-${tag}@school.org`.toLowerCase();
    await teacher.signUp('Greta Grader');
    const klass = await teacher.api<{ uuid: string }>('POST', '/class/create', {
      name: `Grading ${tag}`,
    });
    const created = await teacher.api<{ uuid: string }>('POST', '/lesson/create', {
      name: lesson,
      maxPoints: 10,
    });
    await teacher.api('POST', `/class/${klass.uuid}/add-lesson`, { lessons: [created.uuid] });
    await teacher.api('POST', `/class/${klass.uuid}/people/add`, {
      type: 'student',
      people: [{ email: ana }, { email: bo }],
    });
    const cell = (email: string) => teacher.gradebookCell(email);
    const gradeDialog = (email: string) =>
      teacher.dialog(c('grading.title', { student: email, lesson }));
    const pane = teacher.page.getByTestId('grade-pane');

    await test.step('a not-started cell opens a grading dialog that gives points and a note', async () => {
      await teacher.openClass(klass.uuid, 'gradebook');
      await expect(cell(ana)).toHaveAttribute('data-state', 'not_started');
      // From the keyboard: the cell is a button.
      await cell(ana)
        .getByRole('button', { name: `${ana}, ${lesson}: ${c('state.not_started')}` })
        .focus();
      await teacher.page.keyboard.press('Enter');
      const dialog = gradeDialog(ana);
      await expect(dialog).toContainText(c('grading.notStarted', { student: ana }));
      const points = dialog.getByLabel(c('submission.grade', { max: 10 }));
      await teacher.button(c('submission.save'), dialog).click();
      await expect(
        dialog.getByText(t('ui:textField.required').replace('{{name}}', c('submission.gradeName'))),
      ).toBeVisible();
      await points.fill('11');
      await teacher.button(c('submission.save'), dialog).click();
      await expect(dialog.getByText(c('submission.range', { max: 10 }))).toBeVisible();
      await points.fill('7');
      await dialog.getByLabel(c('submission.note')).fill('Seen in class');
      await points.press('Enter');
      await expect(teacher.toast('success', c('submission.graded'))).toBeVisible();
      await expect(dialog).toBeHidden();
      await expect(cell(ana)).toHaveAttribute('data-state', 'graded');
      await expect(cell(ana)).toContainText('7 / 10');
      await expect(cell(ana).getByTestId('grade-source')).toHaveAttribute('data-source', 'teacher');
      // Focus comes back to the cell, now a link to the graded entry.
      await expect(cell(ana).getByRole('link')).toBeFocused();
    });

    await test.step('the lesson is marked complete for a student, who then gets a note without a grade', async () => {
      await cell(bo).getByRole('button').click();
      await teacher.button(c('grading.complete'), gradeDialog(bo)).click();
      await expect(teacher.toast('success', c('grading.completed', { student: bo }))).toBeVisible();
      await expect(cell(bo)).toHaveAttribute('data-state', 'complete');
      await expect(cell(bo).getByRole('link')).toBeFocused();
      await cell(bo).getByRole('link').click();
      await expect(pane.getByTestId('state-badge')).toHaveText(c('state.complete'));
      // The teacher's entry is no submission of the student's.
      await expect(pane.getByTestId('submitted-at')).toHaveText(c('submission.notSubmitted'));
      // Complete already: nothing to mark; no grade: an empty grade sends the note alone.
      await expect(teacher.button(c('grading.complete'), pane)).toHaveCount(0);
      await expect(pane.getByText(c('submission.noteAloneHint'))).toBeVisible();
      await pane.getByLabel(c('submission.note')).fill('Helped a friend');
      await teacher.button(c('submission.saveNote'), pane).click();
      await expect(teacher.toast('success', c('submission.noteSaved'))).toBeVisible();
      await teacher.page.reload();
      await expect(pane.getByLabel(c('submission.note'))).toHaveValue('Helped a friend');
      await expect(pane.getByLabel(c('submission.grade', { max: 10 }))).toHaveValue('');
    });

    await test.step('the CSV says who graded and keeps the notes', async () => {
      await teacher.openClass(klass.uuid, 'gradebook');
      await expect(cell(bo).getByRole('img', { name: c('gradebook.hasNote') })).toBeVisible();
      const lines = (await teacher.exportGradebook())
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n');
      expect(lines[0]).toBe(`Student,E-mail,Status,${csvLessonHeader(lesson, 10)}`);
      // Neither submitted anything: "submitted at" and "late" stay empty; the grade is the
      // teacher's.
      expect(lines).toContain(
        `,${ana},in the class,7,${c('state.graded')},,,${c('gradebook.source.teacher')},Seen in class`,
      );
      expect(lines).toContain(`,${bo},in the class,,${c('state.complete')},,,,Helped a friend`);
    });

    await test.step('starting a lesson over asks first, says what is lost, and the cell is not started', async () => {
      await cell(ana).getByRole('link').click();
      await expect(pane.getByLabel(c('submission.grade', { max: 10 }))).toHaveValue('7');
      await teacher.button(c('grading.reset'), pane).click();
      const question = teacher.page.getByRole('dialog');
      await expect(question).toContainText(c('grading.resetConfirm', { student: ana, lesson }));
      // Cancel keeps everything.
      await question.getByRole('button', { name: t('shell:confirm.cancel') }).click();
      await expect(pane.getByTestId('state-badge')).toHaveText(c('state.graded'));
      await teacher.button(c('grading.reset'), pane).click();
      await ok(teacher.page).click();
      await expect(
        teacher.toast('success', c('grading.wasReset', { student: ana, lesson })),
      ).toBeVisible();
      await teacher.expectPath(`/classroom/classd/${klass.uuid}/gradebook`);
      await expect(cell(ana)).toHaveAttribute('data-state', 'not_started');
      await expect(cell(ana).getByRole('button')).toBeVisible();
      await expect(cell(bo)).toHaveAttribute('data-state', 'complete');
    });

    await teacher.page.context().close();
  });

  test('a teacher edits a class: the dialog starts from its details and saves the changes', async ({
    browser,
    baseURL,
  }) => {
    const teacher = await newUser(browser, baseURL);
    const tag = unique();
    await teacher.signUp('Eddie Editor');
    await teacher.createClass(`Sensors ${tag}`, 'We measure *light*.');
    await teacher.button(c('detail.edit')).click();
    const dialog = teacher.dialog(c('detail.editTitle'));
    await expect(dialog.getByLabel(c('fields.className'))).toHaveValue(`Sensors ${tag}`);
    const description = dialog.getByRole('textbox', { name: c('fields.description') });
    await expect(description).toHaveValue('We measure *light*.');
    await dialog.getByLabel(c('fields.className')).fill(`Sound ${tag}`);
    await description.fill('We measure **sound**.');
    await teacher.button(c('save'), dialog).click();
    await expect(dialog).toBeHidden();
    await teacher.expectHeading(`Sound ${tag}`);
    await expect(teacher.page.locator('.markdown-body strong')).toHaveText('sound');
    // The server kept it: a fresh load shows the same.
    await teacher.page.reload();
    await teacher.expectHeading(`Sound ${tag}`);
  });

  test('an admin sorts, multi-sorts, pages and filters users', async ({ browser, baseURL }) => {
    const admin = await newUser(browser, baseURL);
    await admin.page.goto('/#/auth/login');
    // A Google account's e-mail counts as verified, so ADMIN_EMAILS makes it admin.
    await signInWithStandInAccount(admin.page, 'Google', ADMIN_EMAIL, 'Ada Admin');
    await expect(admin.page).not.toHaveURL(/#\/auth\//);

    await admin.open('/classroom/user-mgnt');
    const table = admin.page.getByTestId('user-table');
    await expect(table.getByTestId('table-row').first()).toBeVisible();

    // Twelve users to page through, made with the create dialog's call.
    const tag = unique();
    await admin.page.evaluate(
      async ({ tag }) => {
        const token = localStorage.getItem('idToken');
        for (let i = 0; i < 12; i++) {
          const res = await fetch('/api/v1/user/create', {
            method: 'POST',
            headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
            body: JSON.stringify({
              email: `pupil-${String(i).padStart(2, '0')}-${tag}@example.com`,
              name: `Pupil ${String(i).padStart(2, '0')} ${tag}`,
              role: i % 3 === 0 ? 'teacher' : 'user',
            }),
          });
          if (!res.ok) throw new Error(`create ${i}: ${res.status}`);
        }
      },
      { tag },
    );
    // And one through the dialog.
    await admin.button(c('users.new')).click();
    const dialog = admin.dialog(c('users.newTitle'));
    await dialog.getByLabel(c('fields.email')).fill(`zed-${tag}@example.com`);
    await dialog.getByLabel(c('fields.name')).fill(`Zed ${tag}`);
    await admin.button(c('users.create'), dialog).click();
    await expect(dialog).toBeHidden();

    const rows = table.getByTestId('table-row');
    const names = () => rows.locator('td:first-child').allTextContents();
    const filter = table.getByRole('searchbox', { name: t('ui:table.filter') });
    await filter.fill(tag);
    await expect(admin.page.getByTestId('list-summary')).toHaveText(`1–10 of 13`);

    // Sort by name, both ways.
    const nameHeader = table.getByRole('columnheader', { name: /Name/ });
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(async () => (await names())[0]).toBe(`Pupil 00 ${tag}`);
    await nameHeader.getByRole('button').click();
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(async () => (await names())[0]).toBe(`Zed ${tag}`);

    // Role first, then name within it (Alt+click); a third Alt+click drops name.
    const roleHeader = table.getByRole('columnheader', { name: /Role/ });
    await roleHeader.getByRole('button').click();
    await nameHeader.getByRole('button').click({ modifiers: ['Alt'] });
    await expect(roleHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    await expect.poll(async () => (await names())[0]).toBe(`Pupil 00 ${tag}`);
    await nameHeader.getByRole('button').click({ modifiers: ['Alt'] });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    await expect.poll(async () => (await names())[0]).toBe(`Pupil 09 ${tag}`);
    await nameHeader.getByRole('button').click({ modifiers: ['Alt'] });
    await expect(nameHeader).toHaveAttribute('aria-sort', 'none');

    // Pages: 5 a page, the last page, and back to page 1 on a sort change.
    await table.getByRole('combobox', { name: t('ui:pager.perPage') }).selectOption('5');
    await expect(admin.page.getByTestId('list-summary')).toHaveText('1–5 of 13');
    await table.getByRole('button', { name: t('ui:pager.last') }).click();
    await expect(admin.page.getByTestId('list-summary')).toHaveText('11–13 of 13');
    await expect(table.getByRole('button', { name: t('ui:pager.next') })).toBeDisabled();
    await nameHeader.getByRole('button').click();
    await expect(admin.page.getByTestId('list-summary')).toHaveText('1–5 of 13');

    // Filter narrows, and nothing matching says so.
    await filter.fill(`Pupil 1`);
    await expect(rows).toHaveCount(2);
    await expect(admin.page.getByTestId('list-summary')).toHaveText('1–2 of 2');
    await filter.fill(`nobody-${tag}`);
    await expect(table).toContainText(t('ui:table.empty'));

    // Edit a role, delete a user.
    await filter.fill(`Zed ${tag}`);
    await expect(rows).toHaveCount(1);
    await rows.getByRole('combobox').selectOption('teacher');
    await expect(admin.toast('success', `zed-${tag}@example.com is now teacher.`)).toBeVisible();
    await rows
      .getByRole('button', { name: c('users.delete', { email: `zed-${tag}@example.com` }) })
      .click();
    await ok(admin.page).click();
    await expect(table).toContainText(t('ui:table.empty'));
    await admin.page.context().close();
  });

  test('the gradebook of 40 students × 30 lessons renders in Chromium (time printed)', async ({
    browser,
    baseURL,
  }) => {
    const teacher = await newUser(browser, baseURL);
    await teacher.signUp('Gil Gradebook');
    const classUuid = await teacher.page.evaluate(async () => {
      const res = await fetch('/api/v1/class/create', {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${localStorage.getItem('idToken')}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ name: 'Big class' }),
      });
      return ((await res.json()) as { uuid: string }).uuid;
    });
    const book = fullGradebook(classUuid, 40, 30);
    await teacher.page.route(`**/api/v1/class/${classUuid}/grades`, (route) =>
      route.fulfill({ json: book }),
    );
    await teacher.openClass(classUuid);
    await teacher.expectHeading('Big class');
    // From the tab change to the frame after the last of the 1,200 cells is in place; the
    // reference is the same table as static markup inserted at once, in the same page.
    const { ms, reference } = await teacher.page.evaluate(async (uuid) => {
      const cells = () => document.querySelectorAll('[data-testid="gradebook-cell"]').length;
      const frame = () => new Promise((r) => requestAnimationFrame(r));
      let started = performance.now();
      location.hash = `#/classroom/classd/${uuid}/gradebook`;
      while (cells() < 1200) await frame();
      await frame();
      const ms = performance.now() - started;
      const cell =
        '<td class="gradebook-cell"><a class="btn btn-sm btn-outline-secondary" href="#">' +
        '<i class="bi bi-check2 me-1"></i>7 / 10</a></td>';
      const row = `<tr><th>Student<div class="small">s@school.org</div></th>${cell.repeat(30)}</tr>`;
      started = performance.now();
      const host = document.createElement('div');
      host.innerHTML = `<table class="table table-sm table-bordered"><tbody>${row.repeat(40)}</tbody></table>`;
      document.body.append(host);
      await frame();
      await frame();
      const reference = performance.now() - started;
      host.remove();
      return { ms, reference };
    }, classUuid);
    console.log(
      `gradebook 40 students × 30 lessons: tab to painted ${ms.toFixed(0)} ms in Chromium; ` +
        `the same table as static markup ${reference.toFixed(0)} ms (${(ms / reference).toFixed(1)}×)`,
    );
    await expect(teacher.page.getByTestId('gradebook-row')).toHaveCount(40);
    await expect(teacher.gradebookCell('s7@school.org').nth(29)).toContainText(
      c('state.not_started'),
    );
    await teacher.page.context().close();
  });
});

/** A class's gradebook: every third cell graded, every fifth submitted, the rest empty. */
function fullGradebook(classUuid: string, students: number, lessons: number) {
  const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
  const people = Array.from({ length: students }, (_, i) => ({
    email: `s${i}@school.org`,
    name: `Student ${i}`,
    photoUrl: '',
    hasAccount: true,
    removed: false,
  }));
  const list = Array.from({ length: lessons }, (_, j) => ({
    luuid: id(j),
    name: `Lesson ${j + 1}`,
    maxPoints: 10,
    dueAt: null,
  }));
  const cells = people.flatMap((p, i) =>
    list.flatMap((l, j) => {
      const k = i * lessons + j;
      if (k % 3 !== 0 && k % 5 !== 0) return [];
      const graded = k % 3 === 0;
      return [
        {
          user_email: p.email,
          luuid: l.luuid,
          suuid: id(100_000 + k),
          state: graded ? 'graded' : 'submitted',
          grade: graded ? k % 10 : null,
          gradeSource: graded ? 'teacher' : null,
          late: k % 7 === 0,
          hasNote: k % 4 === 0,
          submittedAt: '2026-01-01T00:00:00Z',
          updatedAt: '2026-01-01T00:00:00Z',
        },
      ];
    }),
  );
  return { uuid: classUuid, students: people, lessons: list, cells };
}
