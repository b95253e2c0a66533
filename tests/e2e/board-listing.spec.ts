// Who may list a board, in the UI (docs/remote-lab.md "Who may list a board"): the lesson's
// boards editor and the lab-group form offer only boards of the teacher's own labs (or labs
// shared with them), a board that is not theirs is refused with a translated reason, whether
// the page or the server catches it, and a lab's owner shares the lab from its card.
import { expect, test } from '@playwright/test';
import { signUpWithEmail } from './app.ts';
import { c, ClassroomApp } from './classroom-page.ts';
import { Api, RemoteLabApp, t, uniqueId } from './remote-lab-page.ts';

test('a lesson lists only boards its author may list, and says why another is refused', async ({
  browser,
  request,
}) => {
  const ownerContext = await browser.newContext();
  const owner = new RemoteLabApp(await ownerContext.newPage());
  const ownerApi = await Api.as(request, await owner.signUp('Owner'));
  const theirs = uniqueId('THEIRS');
  await ownerApi.newLab(theirs, '2468');

  const teacherContext = await browser.newContext();
  const page = await teacherContext.newPage();
  const teacher = new ClassroomApp(page);
  const account = await signUpWithEmail(page, 'Teacher');
  const teacherApi = await Api.as(request, account);
  const mine = uniqueId('MINE');
  const { lab: mineLab } = await teacherApi.newLab(mine, '1357');
  const lesson = await teacherApi.call<{ uuid: string }>('POST', '/lesson/create', {
    name: 'Follow the line',
  });

  await teacher.open(`/classroom/lessond/${lesson.uuid}`);
  await teacher.setCreatorMode(true);
  const boards = page.getByTestId('boards-private');
  const add = page.getByTestId('boards-private-add');
  // The picker offers the teacher's own lab, never another school's.
  await expect(add.getByRole('option')).toHaveText([
    c('boards.add'),
    c('boards.option', { board: mine, name: mineLab.name }),
  ]);
  // The list is a tag field: a board ID and Enter adds a tag; not a GoGo ID or a second
  // time, it is refused in words.
  const field = boards.getByRole('textbox', { name: c('boards.private') });
  await field.fill('not an id');
  await field.press('Enter');
  await expect(boards.getByRole('alert')).toHaveText(c('boards.notId', { board: 'not an id' }));
  await field.fill(theirs);
  await field.press('Enter');
  await field.fill(theirs);
  await field.press('Enter');
  await expect(boards.getByRole('alert')).toHaveText(t('global:mapping.tag_exists'));
  await field.fill('');
  await expect(boards.getByTestId('tag')).toHaveText([theirs]);
  await page.getByRole('button', { name: c('boards.save') }).click();
  await expect(page.getByRole('alert')).toHaveText(c('boards.notAllowed', { list: theirs }));

  // The page's list of boards is stale (the lab went meanwhile): the server refuses, and the
  // page says why in the same words everywhere.
  // Its remove button takes the tag away after the removal delay.
  await boards
    .getByRole('button', { name: t('ui:tags.remove').replace('{{tag}}', theirs) })
    .click();
  await expect(boards.getByTestId('tag')).toHaveCount(0);
  await add.selectOption(mine);
  await expect(boards.getByTestId('tag')).toHaveText([mine]);
  await teacherApi.call('DELETE', `/lab/${mineLab.uuid}`);
  await page.getByRole('button', { name: c('boards.save') }).click();
  await expect(page.getByRole('alert')).toHaveText(t('global:mapping.board_not_allowed'));
  const saved = await teacherApi.call<{ boards: unknown[] }>(
    'GET',
    `/lesson/${lesson.uuid}/boards/private`,
  );
  expect(saved.boards).toEqual([]);

  // The lab-group form offers the boards the teacher may list: none now.
  const station = new RemoteLabApp(page);
  await station.open('/lab-station');
  await expect(page.getByTestId('group-boards')).toContainText(t('remotelab:groups.noBoards'));

  // The owner shares the lab from its card.
  await owner.open('/lab-station');
  const card = owner.page.getByTestId(`lab-${theirs}`);
  await card.getByRole('button', { name: t('remotelab:station.edit') }).click();
  // Addresses are tags: one that is not an address is refused, in words, and stays there to
  // be corrected; the address typed last, without Enter, is shared by Save.
  const shares = card.getByRole('textbox', { name: t('remotelab:station.shareEmails') });
  await shares.fill('ana.example.org');
  await shares.press('Enter');
  await expect(card.getByTestId('lab-shares').getByRole('alert')).toHaveText(
    t('remotelab:station.shareInvalid').replace('{{email}}', 'ana.example.org'),
  );
  await expect(shares).toHaveValue('ana.example.org');
  await expect(card.getByTestId('lab-shares').getByTestId('tag')).toHaveCount(0);
  await shares.fill(account.email);
  await card.getByRole('button', { name: t('remotelab:station.save') }).click();
  await expect(card.getByTestId('lab-shared-with')).toHaveText(account.email.toLowerCase());

  await ownerContext.close();
  await teacherContext.close();
});
