// Page object for the program editor: intent-level steps over the real Blockly workspace
// (mouse drags from the toolbox), the Logo text editor, the Logo panel and the file menu.
import { expect, type Locator, type Page } from '@playwright/test';
import { App } from './app.ts';
import { text } from './locales.ts';

const t = (ref: string) => text('en', ref);

/** Where a dragged block should go. */
export type DropTarget =
  /** Inside a block's statement input (the "mouth") below its label number `label` (0). */
  | { into: Locator; label?: number }
  /** Under a block, as its next statement. */
  | { after: Locator }
  /** In place of a value: a shadow or an empty socket's position. */
  | { onto: Locator }
  /** Into an empty value socket just right of a block's label. */
  | { rightOf: Locator }
  /** Free on the workspace, this far from the workspace's top-left corner. */
  | { at: { x: number; y: number } };

interface Point {
  x: number;
  y: number;
}

/** Offsets around a point, nearest first (a search for Blockly's snap position). */
function around(radius: number, step: number): Point[] {
  const points: Point[] = [];
  for (let dy = -radius; dy <= radius; dy += step) {
    for (let dx = -radius; dx <= radius; dx += step) points.push({ x: dx, y: dy });
  }
  return points.sort((a, b) => Math.hypot(a.x, a.y) - Math.hypot(b.x, b.y));
}

export class EditorPage {
  readonly app: App;

  constructor(readonly page: Page) {
    this.app = new App(page);
  }

  async open(path = '/program'): Promise<void> {
    await this.app.open(path);
    await expect(this.workspaceBlock('gogo_start').or(this.logoEditor())).toBeVisible();
  }

  // Blocks

  workspace(): Locator {
    return this.page.getByTestId('blocks-workspace');
  }

  /** Blocks of a type on the main workspace (not in the toolbox flyout). */
  workspaceBlock(type: string): Locator {
    return this.workspace().locator(`svg.blocklySvg .blocklyBlockCanvas g.${type}`);
  }

  /** The block of a type shown in the open toolbox category. */
  flyoutBlock(type: string): Locator {
    return this.workspace()
      .locator('svg.blocklyFlyout')
      .filter({ visible: true })
      .locator(`.blocklyBlockCanvas > g.${type}`)
      .first();
  }

  async openCategory(name: string): Promise<void> {
    await this.workspace().getByRole('treeitem', { name, exact: true }).click();
  }

  /** Drags a block from a toolbox category onto the workspace. */
  async addBlock(category: string, type: string, target: DropTarget): Promise<void> {
    await this.openCategory(category);
    const source = this.flyoutBlock(type);
    await expect(source).toBeVisible();
    await this.drag(source, target);
  }

  /** Drags a block with the mouse; for connections it looks for Blockly's snap preview. */
  async drag(source: Locator, target: DropTarget): Promise<void> {
    const box = await source.boundingBox();
    if (!box) throw new Error('the block to drag is not on screen');
    // Grab near the left edge, half-way down: on the block's body for every shape.
    const grab = { x: Math.min(18, box.width / 4), y: Math.min(box.height / 2, 16) };
    const mouse = this.page.mouse;
    await mouse.move(box.x + grab.x, box.y + grab.y);
    await mouse.down();
    await mouse.move(box.x + grab.x + 30, box.y + grab.y + 30, { steps: 4 });
    const goal = await this.dropPoint(target);
    const snapping = 'at' in target ? [{ x: 0, y: 0 }] : around(36, 6);
    for (const offset of snapping) {
      await mouse.move(goal.x + grab.x + offset.x, goal.y + grab.y + offset.y);
      if ('at' in target) break;
      if (await this.snapPreviewShown()) break;
    }
    await mouse.up();
  }

  /** Blockly shows where a dragged block would connect: a marker, a fade or a highlight. */
  private snapPreviewShown(): Promise<boolean> {
    return this.page.evaluate(() => {
      if (document.querySelector('.blocklyInsertionMarker, .blocklyReplaceable')) return true;
      return [...document.querySelectorAll('.blocklyHighlightedConnectionPath')].some(
        (path) => (path as SVGElement).style.display !== 'none',
      );
    });
  }

  /** Estimated page position of the dragged block's top-left corner. */
  private async dropPoint(target: DropTarget): Promise<Point> {
    if ('at' in target) {
      const area = await this.workspace().locator('svg.blocklySvg').boundingBox();
      if (!area) throw new Error('no workspace');
      return { x: area.x + target.at.x, y: area.y + target.at.y };
    }
    const locator =
      'into' in target
        ? target.into
        : 'after' in target
          ? target.after
          : 'onto' in target
            ? target.onto
            : target.rightOf;
    const box = await locator.boundingBox();
    if (!box) throw new Error('the drop target is not on screen');
    if ('onto' in target) return { x: box.x, y: box.y };
    if ('after' in target) return { x: box.x, y: box.y + box.height };
    // A label of the block itself: its row ends below it, its empty socket starts after it.
    const labels = locator.locator('> g.blocklyLabelField > text.blocklyText');
    const label = await labels.nth('label' in target ? (target.label ?? 0) : 0).boundingBox();
    if (!label) throw new Error('the drop target has no label');
    if ('rightOf' in target) return { x: label.x + label.width + 8, y: box.y + 4 };
    return { x: box.x + 16, y: label.y + label.height + 10 };
  }

  /** Sets a text or number field by clicking it and typing. */
  async setField(field: Locator, value: string): Promise<void> {
    await field.click();
    const input = this.page.locator('.blocklyHtmlInput');
    await expect(input).toBeVisible();
    await input.fill(value);
    await input.press('Enter');
  }

  /** Picks an option of a dropdown field. */
  async chooseOption(field: Locator, option: string): Promise<void> {
    await field.click();
    await this.page
      .locator('.blocklyDropDownDiv')
      .getByRole('option', { name: option, exact: true })
      .click();
  }

  // Logo

  modeButton(mode: 'blocks' | 'logo'): Locator {
    return this.page
      .getByRole('group', { name: t('editor:toolbar.mode') })
      .getByRole('button', { name: t(`editor:toolbar.${mode}`), exact: true });
  }

  async switchTo(mode: 'blocks' | 'logo'): Promise<void> {
    await this.modeButton(mode).click();
  }

  logoPanel(): Locator {
    return this.page.getByTestId('logo-panel');
  }

  logoPreview(): Locator {
    return this.page.getByTestId('logo-preview');
  }

  async expectGeneratedLogo(logo: string): Promise<void> {
    await expect(this.logoPreview()).toHaveText(logo.replace(/\n$/, '').concat('\n'), {
      useInnerText: false,
    });
  }

  logoEditor(): Locator {
    return this.page.getByTestId('logo-editor');
  }

  /** The Logo text editor's content. */
  async logoText(): Promise<string> {
    const lines = await this.logoEditor().locator('.cm-line').allTextContents();
    return lines.join('\n');
  }

  async typeLogo(keys: string): Promise<void> {
    await this.logoEditor().locator('.cm-content').click();
    await this.page.keyboard.type(keys);
  }

  // Files (project menu)

  async menuItem(name: string): Promise<void> {
    const menu = await this.app.openHamburgerMenu();
    await menu.getByRole('button', { name, exact: true }).click();
  }

  /** Save as a file; returns the saved file's name and text. */
  async saveAsFile(): Promise<{ name: string; text: string }> {
    const [download] = await Promise.all([
      this.page.waitForEvent('download'),
      this.menuItem(t('shell:menu.items.saveAsFile')),
    ]);
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    return { name: download.suggestedFilename(), text: Buffer.concat(chunks).toString('utf8') };
  }

  /** Chooses a file in the file picker that a menu item opens. */
  async chooseFileFrom(item: 'openFromFile' | 'importFromFile', name: string, content: string) {
    const [chooser] = await Promise.all([
      this.page.waitForEvent('filechooser'),
      this.menuItem(t(`shell:menu.items.${item}`)),
    ]);
    await chooser.setFiles({ name, mimeType: 'application/xml', buffer: Buffer.from(content) });
  }

  confirmDialog(): Locator {
    return this.page.getByRole('dialog', { name: t('shell:confirm.title') });
  }

  /** Answers the open confirmation dialog with OK. */
  async confirm(): Promise<void> {
    await this.confirmDialog()
      .getByRole('button', { name: t('shell:confirm.ok') })
      .click();
  }

  // Program versions (kept when something replaced the program)

  /** Shows the Versions tab of the widget area; returns its list of kept versions. */
  async openVersions(): Promise<Locator> {
    await this.page
      .getByRole('tablist', { name: t('editor:panel.tabs') })
      .getByRole('tab', { name: t('editor:versions.tab'), exact: true })
      .click();
    return this.page.getByTestId('program-version');
  }

  /** Restores the kept version at `index` (0: the newest). */
  async restoreVersion(index = 0): Promise<void> {
    const versions = await this.openVersions();
    await versions
      .nth(index)
      .getByRole('button', { name: t('editor:versions.restore'), exact: true })
      .click();
  }

  toast(textContent: string | RegExp): Locator {
    return this.page.locator('.toast').filter({ hasText: textContent });
  }
}
