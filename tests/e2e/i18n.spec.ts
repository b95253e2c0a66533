import { expect, test } from '@playwright/test';
import { App } from './app.ts';
import { EditorPage } from './editor-page.ts';
import { text } from './locales.ts';

test.describe('Interface language', () => {
  test('starts in English', async ({ page }) => {
    const app = new App(page);
    await app.open('/program');
    await app.expectHeading(text('en', 'screens:program.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('switching to Thai shows Thai text and survives a reload', async ({ page }) => {
    const app = new App(page);
    await app.open('/program');
    await app.chooseLanguage('ไทย');
    await app.expectHeading(text('th', 'screens:program.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    await expect(
      page.getByRole('button', { name: text('th', 'shell:share.button') }),
    ).toBeVisible();

    await page.reload();
    await app.expectHeading(text('th', 'screens:program.title'));
    await expect(
      page.getByRole('button', { name: text('th', 'editor:toolbar.download'), exact: true }),
    ).toBeVisible();
  });

  test('Thai text in the toolbox and on blocks is drawn with the shipped Noto Sans Thai, not boxes', async ({
    page,
  }) => {
    const app = new App(page);
    await app.open('/program');
    // A live switch: the blocks were measured in English first.
    await app.chooseLanguage('ไทย');
    await expect(
      page.getByRole('treeitem', { name: text('th', 'blocks:category.motors') }),
    ).toBeVisible();
    // Each Thai text is as wide on screen as Noto Sans Thai draws it. Text drawn as missing-
    // glyph boxes, or in another font, has another width.
    const drawn = await page.evaluate(async () => {
      await document.fonts.load('16px "Noto Sans Thai"', 'กขค');
      await document.fonts.ready;
      const canvas = document.createElement('canvas').getContext('2d');
      if (!canvas) throw new Error('no canvas');
      const thaiWidth = (el: Element, text: string) => {
        const style = getComputedStyle(el);
        canvas.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} "Noto Sans Thai"`;
        return canvas.measureText(text).width;
      };
      const isThai = (text: string) => /[\u0E00-\u0E7F]/.test(text);
      const rows: { text: string; shown: number; noto: number }[] = [];
      for (const el of document.querySelectorAll('.blocklyToolboxCategoryLabel')) {
        const text = el.textContent ?? '';
        if (!isThai(text)) continue;
        const range = document.createRange();
        range.selectNodeContents(el);
        rows.push({ text, shown: range.getBoundingClientRect().width, noto: thaiWidth(el, text) });
      }
      for (const el of document.querySelectorAll<SVGTextElement>(
        '.blocklyMainBackground ~ * text.blocklyText, .blocklyBlockCanvas text.blocklyText',
      )) {
        const text = el.textContent ?? '';
        if (!isThai(text)) continue;
        rows.push({ text, shown: el.getComputedTextLength(), noto: thaiWidth(el, text) });
      }
      return rows;
    });
    expect(drawn.length).toBeGreaterThan(5);
    for (const row of drawn) {
      expect(
        Math.abs(row.shown - row.noto),
        `"${row.text}": ${row.shown} vs ${row.noto}`,
      ).toBeLessThan(1.5);
    }
  });

  test('the profile menu language dialog switches to Brazilian Portuguese', async ({ page }) => {
    const app = new App(page);
    await app.open('/dashboard');
    const menu = await app.openProfileMenu();
    await menu.getByRole('button', { name: text('en', 'shell:profile.changeLanguage') }).click();
    const dialog = app.dialog(text('en', 'shell:language.title'));
    await dialog.getByRole('button', { name: 'Português (Brasil)' }).click();
    await expect(dialog).toBeHidden();
    await app.expectHeading(text('pt-BR', 'shell:dashboard.title'));
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt-BR');
  });

  test('documentation follows the language; Spanish falls back to English', async ({ page }) => {
    const app = new App(page);
    const docsHref = async (locale: 'en' | 'th' | 'es' | 'pt-BR') => {
      const menu = await app.openMenu(text(locale, 'shell:reference.menu'));
      const link = menu.getByRole('link', { name: text(locale, 'shell:reference.documentation') });
      const href = await link.getAttribute('href');
      await page.keyboard.press('Escape');
      return href;
    };
    await app.open('/program');
    const english = await docsHref('en');
    await app.chooseLanguage('ไทย');
    const thai = await docsHref('th');
    await app.chooseLanguage('Português (Brasil)');
    const portuguese = await docsHref('pt-BR');
    await app.chooseLanguage('Español');
    const spanish = await docsHref('es');
    expect(english).toMatch(/^https:\/\//);
    expect(new Set([english, thai, portuguese]).size).toBe(3);
    expect(spanish).toBe(english);
  });

  test("Blockly's own block menu follows a switch to Thai", async ({ page }) => {
    const editor = new EditorPage(page);
    await editor.open('/program');
    await editor.app.chooseLanguage('ไทย');
    await expect(page.locator('html')).toHaveAttribute('lang', 'th');
    // Blockly's Thai catalogue (blockly/msg/th): Add Comment, Collapse Block, Duplicate.
    await editor.workspaceBlock('gogo_start').first().click({ button: 'right' });
    const menu = page.locator('.blocklyContextMenu');
    await expect(menu.getByText('ใส่คำอธิบาย', { exact: true })).toBeVisible();
    await expect(menu.getByText('ย่อบล็อก', { exact: true })).toBeVisible();
    await expect(menu.getByText('ทำสำเนา', { exact: true })).toBeVisible();
    await expect(menu).not.toContainText('Add Comment');
  });
});
