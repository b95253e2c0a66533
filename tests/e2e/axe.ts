// The accessibility check both a11y specs run (axe-core), in each interface language: what
// fails a screen, one line each.
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Each interface language: its locale and the code the language picker stores. */
export const LANGUAGES = [
  ['en', 'gb'],
  ['pt-BR', 'br'],
  ['th', 'th'],
  ['es', 'es'],
] as const;

/** The impacts a screen must be free of (axe's only lower one is `minor`). */
const FAILING = new Set(['moderate', 'serious', 'critical']);

/** The moderate, serious and critical violations on the page as it is now, one line each. */
export async function violations(page: Page, screen: string): Promise<string[]> {
  const result = await new AxeBuilder({ page }).analyze();
  return result.violations
    .filter((v) => FAILING.has(v.impact ?? ''))
    .map(
      (v) =>
        `${screen}: ${v.id} (${v.impact}) ${v.nodes
          .slice(0, 3)
          .map((n) => n.target.join(' '))
          .join(' | ')}`,
    );
}
