// Projects end to end in real Chromium against the real stack (API server, database, Auth
// emulator): cloud save, Save As, sharing by link, the remix site, catalogs and examples.
import { expect, test } from '@playwright/test';
import { violations } from './axe.ts';
import { freshApp, ProjectsApp, unique } from './projects-page.ts';

test.describe('Projects: cloud save', () => {
  test('create → rename → save → reload shows the saved program', async ({ page }) => {
    const app = new ProjectsApp(page);
    await app.signUp('Sara Saver');
    await app.open('/program');

    // No save icon until there is something to save.
    await expect(app.saveIcon()).toHaveCount(0);
    await app.setProgram('first');
    await app.projectName().fill('Line follower');
    await app.saveIcon().click();
    await expect(app.savedNotice()).toBeVisible();
    await expect(app.savedNotice()).toContainText(
      '“Line follower” is saved to the cloud, in My Projects.',
    );
    const uuid = await app.codeUuid();
    await expect(app.saveIcon()).toHaveCount(0); // saved: nothing has changed
    // Where it went stays said (a live region in the top bar) until the next change.
    const where = page
      .getByRole('status')
      .getByRole('link', { name: 'Saved in My Projects: open My Projects' });
    await expect(where).toBeVisible();
    await expect(where).toHaveAttribute('href', '#/remix/my-projects');

    await app.projectName().fill('Line follower v2');
    await expect(where).toHaveCount(0);
    await app.setProgram('second');
    await app.saveIcon().click();
    await expect(app.savedNotice().first()).toBeVisible();
    await expect(app.saveIcon()).toHaveCount(0);

    await page.reload();
    await app.expectPath(`/code/${uuid}`);
    await expect(app.projectName()).toHaveValue('Line follower v2');
    await app.expectProgram('second');

    // My Projects (hamburger menu) lists it.
    const menu = await app.openHamburgerMenu();
    await menu.getByRole('link', { name: 'My Projects' }).click();
    await app.expectPath('/remix/my-projects');
    await expect(app.projectCards().filter({ hasText: 'Line follower v2' })).toHaveCount(1);
    await page.goBack();
    await app.expectPath(`/code/${uuid}`);

    // The info icon beside Share leads to the project's page.
    await page.getByRole('link', { name: 'Project page' }).click();
    await app.expectPath(`/project/${uuid}`);
    await app.expectHeading('Line follower v2');
  });

  test('Save without a name asks in the new-project dialog (Untitled, confirm needs a name)', async ({
    page,
  }) => {
    const app = new ProjectsApp(page);
    await app.signUp('Nia Noname');
    await app.open('/program');
    await app.setProgram('unnamed');
    await app.menuAction('Save');

    const dialog = app.projectDialog('New project');
    await expect(dialog.getByLabel('Name')).toHaveValue('Untitled');
    await dialog.getByLabel('Name').fill('   ');
    await expect(dialog.getByRole('button', { name: 'Create' })).toBeDisabled();
    await dialog.getByLabel('Header image URL').fill('not a url');
    await expect(dialog.getByText('The URL is invalid')).toBeVisible();
    await dialog.getByLabel('Header image URL').fill('example.com/robot.png');
    await dialog.getByRole('button', { name: 'Load image from example.com' }).click();
    await expect(dialog.getByRole('img', { name: 'Header image preview' })).toHaveAttribute(
      'src',
      'https://example.com/robot.png',
    );
    // Cancelling a changed form asks first.
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    const question = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(question.getByText('You may lost your unsaved data')).toBeVisible();
    await question.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeVisible();

    await app.fillProjectDialog(
      'New project',
      { name: 'Robot arm', desc: '# Arm\nLifts.' },
      'Create',
    );
    await expect(app.savedNotice()).toBeVisible();
    await app.codeUuid();
    await expect(app.projectName()).toHaveValue('Robot arm');
  });

  test('Save As navigates to /code/{uuid} of the new copy', async ({ page }) => {
    const app = new ProjectsApp(page);
    await app.signUp('Cora Copier');
    await app.open('/program');
    await app.setProgram('to copy');
    await app.projectName().fill('Original');
    await app.saveIcon().click();
    const original = await app.codeUuid();

    await app.menuAction('Save as a copy');
    const dialog = app.projectDialog('Save as a copy');
    await expect(dialog.getByLabel('Name')).toHaveValue('');
    await expect(dialog.getByRole('button', { name: 'Save copy' })).toBeDisabled();
    await app.fillProjectDialog('Save as a copy', { name: 'The copy' }, 'Save copy');
    await expect.poll(() => app.path()).not.toBe(`/code/${original}`);
    const copy = await app.codeUuid();
    expect(copy).not.toBe(original);
    await expect(app.projectName()).toHaveValue('The copy');
    await page.reload();
    await expect(app.projectName()).toHaveValue('The copy');
    await app.expectProgram('to copy');
  });
});

test.describe('Projects: sharing by link', () => {
  test('share while logged out gives a 36-character key link that opens the program elsewhere', async ({
    page,
    browser,
    baseURL,
  }) => {
    const app = new ProjectsApp(page);
    await app.open('/program');
    const tag = `shared_${unique()}`;
    await app.setProgram(tag);
    await page.getByRole('button', { name: 'Share' }).click();

    const dialog = app.dialog('Share your program');
    const link = await dialog.getByRole('textbox', { name: 'Sharing link' }).inputValue();
    const key = /#\/program\/([^/?#]+)$/.exec(link)?.[1] ?? '';
    expect(key).toHaveLength(36);
    expect(key).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await app.expectPath(`/program/${key}`);
    // Copy says so inside the dialog, where a screen reader is (a live region there).
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await dialog.getByRole('button', { name: 'Copy', exact: true }).click();
    await expect(dialog.getByRole('status')).toHaveText('The link is copied to the clipboard.');
    await expect(dialog.getByRole('button', { name: 'Copied', exact: true })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
    await dialog.getByRole('button', { name: 'Close' }).last().click();
    await app.expectProgram(tag); // moving to /program/{key} kept the program

    const other = await freshApp(browser, baseURL);
    await other.page.goto(link);
    await other.expectPath(`/program/${key}`);
    await other.expectProgram(tag);
    await other.page.context().close();
  });

  test("says 'Unable to open' for a link nobody shared", async ({ page }) => {
    const app = new ProjectsApp(page);
    await app.open('/program/0b7c1c7e-1f7e-4d7a-9a53-2d6f0b7f1a11');
    await expect(app.warning('Unable to open')).toBeVisible();
  });
});

/** A header image's host on another site (the fan's browser answers it itself). */
const IMAGE_HOST = 'images.example.test';
const GIF = Buffer.from('R0lGODlhAQABAAAAACwAAAAAAQABAAA=', 'base64');

test.describe('Projects: the remix site', () => {
  test('publish, find by search, like from a second user, remix, see the remix under the original, add to a catalog', async ({
    page,
    browser,
    baseURL,
  }) => {
    const name = `Dancing robot ${unique()}`;
    const author = new ProjectsApp(page);
    await author.signUp('Ada Author');
    await author.open('/program');
    await author.setProgram('dance');
    await author.projectName().fill(name);
    await author.saveIcon().click();
    const uuid = await author.codeUuid();

    // Describe and publish it on its page.
    await author.openProjectPage(uuid);
    await page.getByRole('button', { name: 'Edit details' }).click();
    await author.fillProjectDialog(
      'Project details',
      {
        desc: '## How it moves\n\nIt **dances**.\n\n<img src="x" onerror="window.__xss = 1">',
        headerImage: `https://${IMAGE_HOST}/robot.gif`,
      },
      'Save',
    );
    const description = page.locator('.markdown-body');
    await expect(description.getByRole('heading', { name: 'How it moves' })).toBeVisible();
    await expect(description.locator('strong')).toHaveText('dances');
    await expect(description.locator('[onerror]')).toHaveCount(0);
    expect(await page.evaluate(() => (window as { __xss?: number }).__xss)).toBeUndefined();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published: everyone can find it.')).toBeVisible();

    // A second user finds it by searching the public list. Its header image is on another
    // site: not one request goes there (list, page) until the fan asks for it.
    const fan = await freshApp(browser, baseURL);
    const asked: string[] = [];
    fan.page.on('request', (r) => {
      if (new URL(r.url()).host === IMAGE_HOST) asked.push(r.url());
    });
    await fan.page.route(`https://${IMAGE_HOST}/**`, (route) =>
      route.fulfill({ contentType: 'image/gif', body: GIF }),
    );
    await fan.signUp('Fabio Fan');
    await fan.open('/remix');
    await fan.expectPath('/remix/projects');
    await fan.searchProjects(name);
    await expect(fan.page).toHaveURL(/[?&]q=Dancing/);
    await expect(fan.projectCards()).toHaveCount(1);
    await expect(fan.projectCards().first()).toContainText(name);
    await expect(fan.projectCards().first()).toContainText('by Ada Author');
    await fan.projectCards().first().getByRole('link', { name }).click();
    await fan.expectPath(`/project/${uuid}`);
    const banner = fan.page.getByTestId('header-image-placeholder');
    await expect(banner).toContainText(IMAGE_HOST);
    expect(asked).toEqual([]);
    await banner.getByRole('button', { name: `Load image from ${IMAGE_HOST}` }).focus();
    await fan.page.keyboard.press('Enter');
    await expect(fan.page.locator(`img[src="https://${IMAGE_HOST}/robot.gif"]`)).toBeVisible();
    expect(asked).toEqual([`https://${IMAGE_HOST}/robot.gif`]);

    // Likes: one per user.
    const like = fan.page.getByRole('button', { name: /^Like/ });
    await like.click();
    const unlike = fan.page.getByRole('button', { name: /^Unlike/ });
    await expect(unlike).toHaveAttribute('aria-pressed', 'true');
    await expect(fan.page.getByTestId('like-count')).toHaveText('1');
    await fan.page.reload();
    await expect(fan.page.getByTestId('like-count')).toHaveText('1');
    // The owner-only tools are not offered to someone else.
    await expect(fan.page.getByRole('button', { name: 'Publish' })).toHaveCount(0);
    await expect(fan.page.getByRole('button', { name: 'Delete' })).toHaveCount(0);

    // Remix: a copy of one's own that remembers where it came from.
    await fan.page.getByRole('button', { name: 'Remix' }).click();
    await expect(fan.page.getByTestId('toast-success')).toContainText('Remixed!');
    await expect.poll(() => fan.path()).toMatch(/^\/project\/[0-9a-f-]{36}$/);
    const remix = fan.path().slice('/project/'.length);
    expect(remix).not.toBe(uuid);
    // Named so that it cannot be taken for the original.
    const remixName = `${name} (remix)`;
    await fan.expectHeading(remixName);
    await expect(
      fan.page
        .getByRole('button', { name: 'Unpublish' })
        .or(fan.page.getByRole('button', { name: 'Publish' })),
    ).toBeVisible();
    await fan.page.getByTestId('project-author').getByRole('link', { name }).click();
    await fan.expectPath(`/project/${uuid}`);
    const remixes = fan.page.getByRole('list', { name: 'Remixes' });
    await expect(remixes.getByTestId('project-card')).toHaveCount(1);
    await expect(remixes.getByRole('link', { name: remixName })).toHaveAttribute(
      'href',
      `#/project/${remix}`,
    );

    // The original opens in the editor for reading: not the fan's to save or rename.
    await fan.open(`/code/${uuid}`);
    await fan.expectProgram('dance');
    await expect(fan.projectName()).toHaveValue(name);
    await expect(fan.projectName()).toBeDisabled();
    const menu = await fan.openHamburgerMenu();
    await expect(menu.getByRole('button', { name: 'Save', exact: true })).toHaveCount(0);
    await expect(menu.getByRole('button', { name: 'Save as a copy' })).toBeVisible();
    await fan.page.keyboard.press('Escape');

    // The remix opens in the editor, as the fan's own project.
    await fan.open(`/code/${remix}`);
    await fan.expectProgram('dance');
    await expect(fan.projectName()).toHaveValue(remixName);
    await expect(fan.projectName()).toBeEnabled();

    // A catalog of the fan's, holding the original.
    const catalog = `Favourites ${unique()}`;
    await fan.open('/remix/my-catalogs');
    await fan.page.getByRole('button', { name: 'New catalog' }).click();
    await fan.fillProjectDialog('New catalog', { name: catalog }, 'Create');
    await expect.poll(() => fan.path()).toMatch(/^\/catalog\/[0-9a-f-]{36}$/);
    const catalogPath = fan.path();
    await fan.expectHeading(catalog);

    // The same name again: 'You already have this catalog'.
    await fan.open('/remix/my-catalogs');
    await fan.page.getByRole('button', { name: 'New catalog' }).click();
    await fan.fillProjectDialog('New catalog', { name: catalog.toUpperCase() }, 'Create');
    await expect(fan.warning('You already have this catalog')).toBeVisible();

    await fan.openProjectPage(uuid);
    await fan.page.getByRole('button', { name: 'Add to catalog' }).click();
    await fan.page.getByRole('menuitemcheckbox', { name: catalog }).click();
    await expect(
      fan.page.getByTestId('toast-success').filter({ hasText: 'Added to the catalog.' }),
    ).toBeVisible();
    await fan.open(catalogPath);
    const held = fan.page.getByRole('list', { name: 'Projects in this catalog' });
    await expect(held.getByTestId('project-card')).toHaveCount(1);
    await expect(held.getByRole('link', { name })).toBeVisible();
    await fan.page.context().close();

    // The author sees the like; the unpublished remix stays the fan's own.
    await page.reload();
    await expect(page.getByTestId('like-count')).toHaveText('1');
    await expect(page.getByText('No remixes yet.')).toBeVisible();
  });

  test('a signed-out visitor browses and opens published projects and catalogs, and signs in only to like or remix', async ({
    page,
    browser,
    baseURL,
  }) => {
    const tag = unique();
    const name = `Night light ${tag}`;
    const author = new ProjectsApp(page);
    await author.signUp('Nina Night');
    await author.open('/program');
    await author.setProgram('glow');
    await author.projectName().fill(name);
    await author.saveIcon().click();
    const uuid = await author.codeUuid();
    await author.openProjectPage(uuid);
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByText('Published: everyone can find it.')).toBeVisible();
    // A second project of the author's stays private.
    await author.open('/program');
    await author.menuAction('New Project');
    await author.setProgram('secret');
    await author.projectName().fill(`Draft ${tag}`);
    await author.saveIcon().click();
    const draft = await author.codeUuid();

    const visitor = await freshApp(browser, baseURL);
    await visitor.open('/remix');
    await visitor.expectPath('/remix/projects');
    await visitor.searchProjects(tag);
    await expect(visitor.projectCards()).toHaveCount(1);
    await expect(visitor.projectCards().first()).toContainText(name);
    await visitor.page.screenshot({ path: 'test-results/remix-signed-out.png' });
    expect(await violations(visitor.page, 'shared projects, signed out')).toEqual([]);
    await visitor.projectCards().first().getByRole('link', { name }).click();
    await visitor.expectPath(`/project/${uuid}`);
    await visitor.expectHeading(name);
    await expect(visitor.page.getByTestId('project-author')).toContainText('Nina Night');
    // Reading is open; liking and remixing ask for sign-in.
    await expect(visitor.page.getByRole('button', { name: /^Like/ })).toHaveCount(0);
    await expect(visitor.page.getByRole('button', { name: 'Remix' })).toHaveCount(0);
    const prompt = visitor.page.getByRole('note');
    await expect(prompt).toContainText(
      'Log in to like this project, remix it or add it to a catalog.',
    );
    await expect(prompt.getByRole('link', { name: 'Log in' })).toHaveAttribute(
      'href',
      '#/auth/login',
    );
    await visitor.page.screenshot({ path: 'test-results/project-signed-out.png' });
    expect(await violations(visitor.page, 'project page, signed out')).toEqual([]);

    // It opens in the editor for reading.
    await visitor.page.getByRole('link', { name: 'Open in editor' }).click();
    await visitor.expectProgram('glow');
    await expect(visitor.projectName()).toHaveValue(name);
    await expect(visitor.projectName()).toBeDisabled();

    // Their own lists need an account; a private project stays private.
    await visitor.open('/remix/my-projects');
    await expect(visitor.page.getByRole('note')).toContainText(
      'Log in to see your own projects and catalogs.',
    );
    await visitor.open(`/project/${draft}`);
    await expect(
      visitor.page.getByText('This project does not exist or is not shared.'),
    ).toBeVisible();
    await visitor.open('/remix/catalogs');
    await expect(visitor.page.getByRole('note')).toHaveCount(0);
    await visitor.page.context().close();
  });

  test('lists show pages of the chosen size and keep the query in the address', async ({
    page,
  }) => {
    const app = new ProjectsApp(page);
    await app.signUp('Paula Pager');
    const tag = `pager${unique()}`;
    await app.open('/program');
    const saved = new Set<string>();
    for (let i = 1; i <= 7; i++) {
      // A fresh, unnamed program for each one (a reload would bring the last one back).
      if (i > 1) await app.menuAction('New Project');
      await expect(app.projectName()).toHaveValue('');
      await app.setProgram(`${tag} ${i}`);
      await app.projectName().fill(`${tag} ${i}`);
      await app.saveIcon().click();
      await expect(app.saveIcon()).toHaveCount(0);
      await expect.poll(async () => saved.has(await app.codeUuid())).toBe(false);
      saved.add(await app.codeUuid());
    }
    await app.open('/remix/my-projects');
    await app.searchProjects(tag);
    // The list follows the search box 250 ms after typing stops, and the address keeps it.
    await expect(page).toHaveURL(new RegExp(`[?&]q=${tag}`));
    await expect(app.projectCards()).toHaveCount(7);
    await page.getByLabel('Per page').selectOption('5');
    await expect(app.projectCards()).toHaveCount(5);
    const pages = page.getByRole('navigation', { name: 'Pages' });
    await pages.getByRole('button', { name: 'Page 2' }).click();
    await expect(app.projectCards()).toHaveCount(2);
    await expect(page.getByTestId('list-summary')).toHaveText('6–7 of 7');
    await page.getByLabel('Order').selectOption('name');
    await expect(app.projectCards().first()).toContainText(`${tag} 1`);
    await page.reload();
    await expect(page.getByRole('searchbox', { name: 'Search' })).toHaveValue(tag);
    await expect(page.getByLabel('Per page')).toHaveValue('5');
  });
});

test.describe('Projects: examples', () => {
  test('choosing an example in the examples page opens it after a confirmation', async ({
    page,
  }) => {
    const app = new ProjectsApp(page);
    await app.open('/program');
    await app.openMenu('Reference');
    await page.getByRole('button', { name: 'Project examples' }).click();
    const dialog = app.dialog('Project examples');
    const frame = dialog.frameLocator('iframe[title="Example programs"]');
    await frame.getByRole('button', { name: 'Open: Blink forever' }).click();
    await expect(dialog).toBeHidden();
    const question = page.getByRole('dialog', { name: 'Please confirm' });
    await expect(question).toContainText('Open the example “Blink forever”?');
    await question.getByRole('button', { name: 'OK' }).click();
    await expect(app.editor().workspaceBlock('gogo_forever')).toBeVisible();
    await expect(app.projectName()).toHaveValue('Blink forever');
  });
});
