// The project examples page (one per language) that the app embeds in its examples dialog.
// Choosing an example posts {type: 'loadProject', name, code} to the embedding window
// (src/contract/projects.ts LoadProjectMessage); the app accepts it only from the
// examples origin it is configured with. The programs are public, so any parent may read
// them.
import { createHash } from 'node:crypto';
import { EXAMPLES, PAGE_TEXTS, type ExampleLanguage } from './example-programs.ts';

/** The page's one script: posts the chosen example to the embedding window. */
const SCRIPT = `
  const examples = JSON.parse(document.getElementById('examples').textContent);
  document.addEventListener('click', (event) => {
    const button = event.target.closest('button[data-id]');
    if (!button) return;
    const example = examples.find((e) => e.id === button.dataset.id);
    if (example && window.parent !== window) {
      window.parent.postMessage({ type: 'loadProject', name: example.name, code: example.code }, '*');
    }
  });
`;

/**
 * The page's content security policy: nothing but its own inline style and the script
 * above (by hash). Any page may embed it: it holds public programs and no actions.
 */
export const EXAMPLES_PAGE_POLICY = [
  "default-src 'none'",
  `script-src 'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`,
  "style-src 'unsafe-inline'",
  'frame-ancestors *',
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** JSON safe inside a <script> element. */
const scriptJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028|\u2029/g, ' ');

export function examplesPage(language: ExampleLanguage): string {
  const texts = PAGE_TEXTS[language];
  const items = EXAMPLES.map((example) => ({
    id: example.id,
    name: example.texts[language].name,
    desc: example.texts[language].desc,
    code: example.code,
  }));
  const cards = items
    .map(
      (item) => `<li class="card">
  <h2>${escapeHtml(item.name)}</h2>
  <p>${escapeHtml(item.desc)}</p>
  <button type="button" data-id="${escapeHtml(item.id)}" aria-label="${escapeHtml(
    `${texts.open}: ${item.name}`,
  )}">${escapeHtml(texts.open)}</button>
</li>`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="${texts.lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(texts.title)}</title>
<style>
  body { font-family: system-ui, "Noto Sans Thai", sans-serif; margin: 0; padding: 1rem; color: #212529; }
  /* The dialog around the frame already says "Project examples": the heading stays for
     screen readers only. */
  h1 { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
  body > p { margin: 0; }
  ul { list-style: none; padding: 0; display: grid; gap: .75rem; grid-template-columns: repeat(auto-fill, minmax(14rem, 1fr)); }
  .card { border: 1px solid #dee2e6; border-radius: .5rem; padding: .75rem; display: flex; flex-direction: column; }
  .card h2 { font-size: 1rem; margin: 0 0 .25rem; }
  .card p { flex: 1; margin: 0 0 .75rem; color: #6c757d; }
  button { align-self: flex-start; background: #0d6efd; color: #fff; border: 0; border-radius: .375rem; padding: .375rem .75rem; cursor: pointer; }
</style>
</head>
<body>
<h1>${escapeHtml(texts.title)}</h1>
<p>${escapeHtml(texts.intro)}</p>
<ul>
${cards}
</ul>
<script type="application/json" id="examples">${scriptJson(items)}</script>
<script>${SCRIPT}</script>
</body>
</html>
`;
}
